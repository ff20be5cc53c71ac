ALTER TABLE "rent_invoices" ADD COLUMN "promotion_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_payments_idempotency_key" ON "rent_payments" USING btree ("idempotency_key");--> statement-breakpoint
-- Issue 15 review fixes.
-- (a) A wallet entry carries the shop's agent at the time it is made: the finance rollup, its
-- expected rows (finance:check) and the rebuild all book a top-up under that agent, so a shop
-- moving to another agent neither makes false mismatches nor rewrites history on a rebuild.
CREATE OR REPLACE FUNCTION wallet_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallets (shop_id, balance) VALUES (NEW.shop_id, 0) ON CONFLICT (shop_id) DO NOTHING;
  UPDATE wallets SET balance = balance + NEW.amount, updated_at = now()
   WHERE shop_id = NEW.shop_id
  RETURNING balance INTO NEW.balance_after;
  NEW.seq := nextval(pg_get_serial_sequence('wallet_entries', 'seq'));
  NEW.agent_id := (SELECT agent_id FROM shops WHERE id = NEW.shop_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The entries already there: their shop's agent now (the only one known per entry).
ALTER TABLE wallet_entries DISABLE TRIGGER wallet_entries_append_only;
--> statement-breakpoint
UPDATE wallet_entries e SET agent_id = s.agent_id FROM shops s WHERE s.id = e.shop_id AND s.agent_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE wallet_entries ENABLE TRIGGER wallet_entries_append_only;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_top_up_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finance_bump(finance_month_of(NEW.created_at), NEW.agent_id, NULL,
    0, 0, 0, 0, 0, 0, 0, 0, NEW.amount, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- (b) "Promotions given" is what the PROMOTION lines take off (an admin's credit line is not a
-- promotion): rent_invoices.promotion_discount, kept by statement triggers on the lines (one
-- update per statement for the invoices whose promotion lines moved, whoever writes the lines).
-- The report counts least(promotion_discount, discount): never more than the invoice's discount.
CREATE FUNCTION rent_invoice_promotion_of(p_invoice uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT greatest(0, coalesce(-sum(amount), 0))::bigint FROM rent_invoice_lines
  WHERE invoice_id = p_invoice AND kind = 'PROMOTION'
$$;
--> statement-breakpoint
CREATE FUNCTION rent_invoice_promotion_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT invoice_id) INTO ids FROM new_lines WHERE kind = 'PROMOTION';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT invoice_id) INTO ids FROM old_lines WHERE kind = 'PROMOTION';
  ELSE
    SELECT array_agg(DISTINCT invoice_id) INTO ids FROM (
      SELECT invoice_id FROM new_lines WHERE kind = 'PROMOTION'
      UNION ALL SELECT invoice_id FROM old_lines WHERE kind = 'PROMOTION') x;
  END IF;
  IF ids IS NOT NULL THEN
    UPDATE rent_invoices i SET promotion_discount = rent_invoice_promotion_of(i.id)
     WHERE i.id = ANY (ids) AND i.promotion_discount <> rent_invoice_promotion_of(i.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rent_invoice_lines_promotion_ins AFTER INSERT ON rent_invoice_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION rent_invoice_promotion_sync();
--> statement-breakpoint
CREATE TRIGGER rent_invoice_lines_promotion_upd AFTER UPDATE ON rent_invoice_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT
  EXECUTE FUNCTION rent_invoice_promotion_sync();
--> statement-breakpoint
CREATE TRIGGER rent_invoice_lines_promotion_del AFTER DELETE ON rent_invoice_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION rent_invoice_promotion_sync();
--> statement-breakpoint
-- The invoices already there (the rollup is refilled below).
ALTER TABLE rent_invoices DISABLE TRIGGER rent_invoices_finance_rollup;
--> statement-breakpoint
UPDATE rent_invoices i SET promotion_discount = rent_invoice_promotion_of(i.id)
 WHERE EXISTS (SELECT 1 FROM rent_invoice_lines l WHERE l.invoice_id = i.id AND l.kind = 'PROMOTION');
--> statement-breakpoint
ALTER TABLE rent_invoices ENABLE TRIGGER rent_invoices_finance_rollup;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_invoice_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.status = 'VOID') = (NEW.status = 'VOID') AND OLD.month = NEW.month AND OLD.due_date = NEW.due_date
       AND OLD.agent_id IS NOT DISTINCT FROM NEW.agent_id AND OLD.total = NEW.total AND OLD.paid = NEW.paid
       AND OLD.discount = NEW.discount AND OLD.promotion_discount = NEW.promotion_discount THEN
      RETURN NULL;
    END IF;
    IF OLD.status <> 'VOID' THEN
      PERFORM finance_bump(OLD.month, OLD.agent_id, OLD.due_date, -OLD.total, -1,
        -least(OLD.promotion_discount, OLD.discount), -(OLD.total - OLD.paid), 0, 0, 0, 0, 0, 0, 0);
    END IF;
  END IF;
  IF NEW.status <> 'VOID' THEN
    PERFORM finance_bump(NEW.month, NEW.agent_id, NEW.due_date, NEW.total, 1,
      least(NEW.promotion_discount, NEW.discount), NEW.total - NEW.paid, 0, 0, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION finance_monthly_expected(p_tz text) RETURNS SETOF finance_monthly LANGUAGE sql STABLE AS $$
  SELECT month, agent_key, due_date, sum(invoiced)::bigint, sum(invoices)::bigint, sum(promotions)::bigint,
         sum(outstanding)::bigint, sum(paid_cash)::bigint, sum(paid_transfer)::bigint, sum(paid_qr)::bigint,
         sum(paid_wallet)::bigint, sum(top_ups)::bigint, sum(commissions)::bigint, sum(commissions_paid)::bigint
  FROM (
    SELECT i.month, coalesce(i.agent_id, '00000000-0000-0000-0000-000000000000') AS agent_key, i.due_date,
           i.total AS invoiced, 1 AS invoices, least(i.promotion_discount, i.discount) AS promotions,
           i.total - i.paid AS outstanding,
           0 AS paid_cash, 0 AS paid_transfer, 0 AS paid_qr, 0 AS paid_wallet, 0 AS top_ups, 0 AS commissions,
           0 AS commissions_paid
    FROM rent_invoices i WHERE i.status <> 'VOID'
    UNION ALL
    SELECT date_trunc('month', p.paid_at AT TIME ZONE p_tz)::date, coalesce(i.agent_id, '00000000-0000-0000-0000-000000000000'),
           'infinity', 0, 0, 0, 0,
           CASE WHEN p.method = 'CASH' THEN p.amount ELSE 0 END, CASE WHEN p.method = 'TRANSFER' THEN p.amount ELSE 0 END,
           CASE WHEN p.method = 'QR' THEN p.amount ELSE 0 END, CASE WHEN p.method = 'WALLET' THEN p.amount ELSE 0 END,
           0, 0, 0
    FROM rent_payments p JOIN rent_invoices i ON i.id = p.invoice_id
    UNION ALL
    SELECT date_trunc('month', e.created_at AT TIME ZONE p_tz)::date, coalesce(e.agent_id, '00000000-0000-0000-0000-000000000000'),
           'infinity', 0, 0, 0, 0, 0, 0, 0, 0, e.amount, 0, 0
    FROM wallet_entries e WHERE e.kind = 'TOP_UP'
    UNION ALL
    SELECT c.month, c.agent_id, 'infinity', 0, 0, 0, 0, 0, 0, 0, 0, 0, c.amount,
           CASE WHEN c.status = 'PAID' THEN c.amount ELSE 0 END
    FROM agent_commissions c
  ) x
  GROUP BY month, agent_key, due_date
$$;
--> statement-breakpoint
-- The rollup refilled from the rows as they now read (promotions and top-ups' agents), in its zone.
DELETE FROM finance_monthly;
--> statement-breakpoint
INSERT INTO finance_monthly SELECT * FROM finance_monthly_expected(finance_rollup_tz());
