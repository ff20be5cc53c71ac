ALTER TABLE "rent_charges" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_charges_idempotency_key" ON "rent_charges" USING btree ("idempotency_key");--> statement-breakpoint
-- Issue 15, second review: the database keeps the money straight whatever the code does.
-- (a) A wallet is born empty: money enters only through a ledger entry.
CREATE FUNCTION wallets_born_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance <> 0 THEN
    RAISE EXCEPTION 'a wallet starts at 0; money enters only through wallet_entries';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallets_born_empty BEFORE INSERT ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallets_born_empty();
--> statement-breakpoint
-- (b) A commission payout, once recorded, is never changed or removed.
CREATE TRIGGER commission_payouts_append_only BEFORE UPDATE OR DELETE ON commission_payouts
  FOR EACH ROW EXECUTE FUNCTION money_append_only();
--> statement-breakpoint
-- (c) An invoice's paid amount and status move only through its payments (the payments' trigger,
-- trigger depth 2); a statement of its own may only void an invoice nothing was paid on, and
-- change the totals of an UNPAID one (an admin's adjustment). A void invoice stays void.
CREATE FUNCTION rent_invoices_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'VOID' AND NEW.status <> 'VOID' THEN
    RAISE EXCEPTION 'a void invoice stays void';
  END IF;
  IF pg_trigger_depth() < 2 THEN
    IF NEW.paid IS DISTINCT FROM OLD.paid THEN
      RAISE EXCEPTION 'an invoice''s paid amount moves only through rent_payments';
    END IF;
    IF NEW.status IS DISTINCT FROM OLD.status AND NOT (NEW.status = 'VOID' AND OLD.paid = 0) THEN
      RAISE EXCEPTION 'an invoice''s status moves only through rent_payments, or to VOID while nothing is paid';
    END IF;
    IF (NEW.subtotal, NEW.discount, NEW.total) IS DISTINCT FROM (OLD.subtotal, OLD.discount, OLD.total)
       AND OLD.status <> 'UNPAID' THEN
      RAISE EXCEPTION 'only an UNPAID invoice''s totals may change';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER rent_invoices_guard BEFORE UPDATE ON rent_invoices
  FOR EACH ROW EXECUTE FUNCTION rent_invoices_guard();
