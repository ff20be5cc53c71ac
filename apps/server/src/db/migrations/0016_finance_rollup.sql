-- Issue 15: the finance report's monthly rollup, kept by triggers in the transaction of each money
-- row, so the report reads a few thousand rows instead of grouping every invoice, payment, top-up
-- and commission (10,000 shops × 24 months: seconds → milliseconds).
-- One row per month, agent (the nil uuid: none) and due date ('infinity' on rows that are not an
-- invoice's): invoices count in the month invoiced (VOID left out) for the invoice's agent, with
-- what they still owe (overdue = the rows whose due date is past); payments in the month paid
-- (platform zone) for the invoice's agent, reversals taken off; top-ups in their month for the
-- shop's agent at the time; commissions in their month, and the part paid out.
CREATE TABLE "finance_monthly" (
	"month" date NOT NULL,
	"agent_key" uuid NOT NULL,
	"due_date" date NOT NULL,
	"invoiced" bigint DEFAULT 0 NOT NULL,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"promotions" bigint DEFAULT 0 NOT NULL,
	"outstanding" bigint DEFAULT 0 NOT NULL,
	"paid_cash" bigint DEFAULT 0 NOT NULL,
	"paid_transfer" bigint DEFAULT 0 NOT NULL,
	"paid_qr" bigint DEFAULT 0 NOT NULL,
	"paid_wallet" bigint DEFAULT 0 NOT NULL,
	"top_ups" bigint DEFAULT 0 NOT NULL,
	"commissions" bigint DEFAULT 0 NOT NULL,
	"commissions_paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_monthly_pkey" PRIMARY KEY ("month", "agent_key", "due_date")
);
--> statement-breakpoint
-- The zone the rollup's months are in when it is not Asia/Vientiane (finance_rollup_rebuild sets
-- it; no row: Asia/Vientiane, so a fresh database holds no row a restore would call data).
CREATE TABLE "finance_rollup_zone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"tz" text NOT NULL,
	CONSTRAINT "finance_rollup_zone_one" CHECK ("id")
);
--> statement-breakpoint
CREATE FUNCTION finance_rollup_tz() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT tz FROM finance_rollup_zone), 'Asia/Vientiane')
$$;
--> statement-breakpoint
CREATE FUNCTION finance_bump(p_month date, p_agent uuid, p_due date, p_invoiced bigint, p_invoices bigint,
  p_promotions bigint, p_outstanding bigint, p_cash bigint, p_transfer bigint, p_qr bigint, p_wallet bigint,
  p_top_ups bigint, p_commissions bigint, p_commissions_paid bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO finance_monthly AS f (month, agent_key, due_date, invoiced, invoices, promotions, outstanding,
    paid_cash, paid_transfer, paid_qr, paid_wallet, top_ups, commissions, commissions_paid)
  VALUES (p_month, coalesce(p_agent, '00000000-0000-0000-0000-000000000000'), coalesce(p_due, 'infinity'),
    p_invoiced, p_invoices, p_promotions, p_outstanding, p_cash, p_transfer, p_qr, p_wallet, p_top_ups,
    p_commissions, p_commissions_paid)
  ON CONFLICT (month, agent_key, due_date) DO UPDATE SET
    invoiced = f.invoiced + excluded.invoiced, invoices = f.invoices + excluded.invoices,
    promotions = f.promotions + excluded.promotions, outstanding = f.outstanding + excluded.outstanding,
    paid_cash = f.paid_cash + excluded.paid_cash, paid_transfer = f.paid_transfer + excluded.paid_transfer,
    paid_qr = f.paid_qr + excluded.paid_qr, paid_wallet = f.paid_wallet + excluded.paid_wallet,
    top_ups = f.top_ups + excluded.top_ups, commissions = f.commissions + excluded.commissions,
    commissions_paid = f.commissions_paid + excluded.commissions_paid
$$;
--> statement-breakpoint
CREATE FUNCTION finance_month_of(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', at AT TIME ZONE finance_rollup_tz())::date
$$;
--> statement-breakpoint
CREATE FUNCTION finance_invoice_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (OLD.status = 'VOID') = (NEW.status = 'VOID') AND OLD.month = NEW.month AND OLD.due_date = NEW.due_date
       AND OLD.agent_id IS NOT DISTINCT FROM NEW.agent_id AND OLD.total = NEW.total AND OLD.paid = NEW.paid
       AND OLD.discount = NEW.discount THEN
      RETURN NULL;
    END IF;
    IF OLD.status <> 'VOID' THEN
      PERFORM finance_bump(OLD.month, OLD.agent_id, OLD.due_date, -OLD.total, -1, -OLD.discount, -(OLD.total - OLD.paid),
        0, 0, 0, 0, 0, 0, 0);
    END IF;
  END IF;
  IF NEW.status <> 'VOID' THEN
    PERFORM finance_bump(NEW.month, NEW.agent_id, NEW.due_date, NEW.total, 1, NEW.discount, NEW.total - NEW.paid,
      0, 0, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rent_invoices_finance_rollup AFTER INSERT OR UPDATE ON rent_invoices
  FOR EACH ROW EXECUTE FUNCTION finance_invoice_rollup();
--> statement-breakpoint
CREATE FUNCTION finance_payment_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finance_bump(finance_month_of(NEW.paid_at), (SELECT agent_id FROM rent_invoices WHERE id = NEW.invoice_id), NULL,
    0, 0, 0, 0,
    CASE WHEN NEW.method = 'CASH' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.method = 'TRANSFER' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.method = 'QR' THEN NEW.amount ELSE 0 END,
    CASE WHEN NEW.method = 'WALLET' THEN NEW.amount ELSE 0 END,
    0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rent_payments_finance_rollup AFTER INSERT ON rent_payments
  FOR EACH ROW EXECUTE FUNCTION finance_payment_rollup();
--> statement-breakpoint
CREATE FUNCTION finance_top_up_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finance_bump(finance_month_of(NEW.created_at), (SELECT agent_id FROM shops WHERE id = NEW.shop_id), NULL,
    0, 0, 0, 0, 0, 0, 0, 0, NEW.amount, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_entries_finance_rollup AFTER INSERT ON wallet_entries
  FOR EACH ROW WHEN (NEW.kind = 'TOP_UP') EXECUTE FUNCTION finance_top_up_rollup();
--> statement-breakpoint
CREATE FUNCTION finance_commission_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM finance_bump(NEW.month, NEW.agent_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, NEW.amount,
      CASE WHEN NEW.status = 'PAID' THEN NEW.amount ELSE 0 END);
  ELSIF OLD.status <> 'PAID' AND NEW.status = 'PAID' THEN
    PERFORM finance_bump(NEW.month, NEW.agent_id, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER agent_commissions_finance_rollup AFTER INSERT OR UPDATE ON agent_commissions
  FOR EACH ROW EXECUTE FUNCTION finance_commission_rollup();
--> statement-breakpoint
-- What the rollup should hold, from the money rows themselves (finance:check compares; the rebuild
-- refills from it; the report reads it when the platform's zone is not the rollup's).
CREATE FUNCTION finance_monthly_expected(p_tz text) RETURNS SETOF finance_monthly LANGUAGE sql STABLE AS $$
  SELECT month, agent_key, due_date, sum(invoiced)::bigint, sum(invoices)::bigint, sum(promotions)::bigint,
         sum(outstanding)::bigint, sum(paid_cash)::bigint, sum(paid_transfer)::bigint, sum(paid_qr)::bigint,
         sum(paid_wallet)::bigint, sum(top_ups)::bigint, sum(commissions)::bigint, sum(commissions_paid)::bigint
  FROM (
    SELECT i.month, coalesce(i.agent_id, '00000000-0000-0000-0000-000000000000') AS agent_key, i.due_date,
           i.total AS invoiced, 1 AS invoices, i.discount AS promotions, i.total - i.paid AS outstanding,
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
    SELECT date_trunc('month', e.created_at AT TIME ZONE p_tz)::date, coalesce(s.agent_id, '00000000-0000-0000-0000-000000000000'),
           'infinity', 0, 0, 0, 0, 0, 0, 0, 0, e.amount, 0, 0
    FROM wallet_entries e JOIN shops s ON s.id = e.shop_id WHERE e.kind = 'TOP_UP'
    UNION ALL
    SELECT c.month, c.agent_id, 'infinity', 0, 0, 0, 0, 0, 0, 0, 0, 0, c.amount,
           CASE WHEN c.status = 'PAID' THEN c.amount ELSE 0 END
    FROM agent_commissions c
  ) x
  GROUP BY month, agent_key, due_date
$$;
--> statement-breakpoint
-- Refill the rollup from the money rows in a zone (after a bulk load with triggers off, or when
-- the platform's zone changes). Under the rows' table locks so no money row moves meanwhile.
CREATE FUNCTION finance_rollup_rebuild(p_tz text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  LOCK TABLE rent_invoices, rent_payments, wallet_entries, agent_commissions IN SHARE MODE;
  LOCK TABLE finance_monthly, finance_rollup_zone IN EXCLUSIVE MODE;
  INSERT INTO finance_rollup_zone (id, tz) VALUES (true, p_tz) ON CONFLICT (id) DO UPDATE SET tz = excluded.tz;
  DELETE FROM finance_monthly;
  INSERT INTO finance_monthly SELECT * FROM finance_monthly_expected(p_tz);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
--> statement-breakpoint
-- The rows already there (a database that had money before this migration).
INSERT INTO finance_monthly SELECT * FROM finance_monthly_expected('Asia/Vientiane');
