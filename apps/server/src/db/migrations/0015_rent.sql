CREATE TABLE "agent_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"month" date NOT NULL,
	"base" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_commissions_status_check" CHECK ("agent_commissions"."status" in ('PENDING','PAID')),
	CONSTRAINT "agent_commissions_rate_check" CHECK ("agent_commissions"."rate_bp" between 0 and 10000),
	CONSTRAINT "agent_commissions_month_check" CHECK (extract(day from "agent_commissions"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "commission_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"paid_by" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_payouts_month_check" CHECK (extract(day from "commission_payouts"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "daily_summaries" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rent_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"fee_id" uuid,
	"month" date NOT NULL,
	"description_lo" text NOT NULL,
	"description_en" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"note" text,
	"invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_charges_month_check" CHECK (extract(day from "rent_charges"."month") = 1),
	CONSTRAINT "rent_charges_amounts_check" CHECK ("rent_charges"."quantity" > 0 and "rent_charges"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rent_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description_lo" text NOT NULL,
	"description_en" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"ref_id" uuid,
	CONSTRAINT "rent_invoice_lines_kind_check" CHECK ("rent_invoice_lines"."kind" in ('PACKAGE','EXTRA_TICKETS','ROLLS','FEE','PROMOTION','ADJUSTMENT')),
	CONSTRAINT "rent_invoice_lines_amount_check" CHECK ("rent_invoice_lines"."amount" = "rent_invoice_lines"."quantity"::bigint * "rent_invoice_lines"."unit_price"),
	CONSTRAINT "rent_invoice_lines_quantity_check" CHECK ("rent_invoice_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rent_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"shop_id" uuid NOT NULL,
	"month" date NOT NULL,
	"agent_id" uuid,
	"package_id" uuid,
	"promotion_id" uuid,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"tickets_included" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"public_token" text NOT NULL,
	"adjust_reason" text,
	"adjusted_at" timestamp with time zone,
	"adjusted_by" uuid,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"sent_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"last_message_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_invoices_status_check" CHECK ("rent_invoices"."status" in ('UNPAID','PARTLY_PAID','PAID','VOID')),
	CONSTRAINT "rent_invoices_month_check" CHECK (extract(day from "rent_invoices"."month") = 1),
	CONSTRAINT "rent_invoices_amounts_check" CHECK ("rent_invoices"."subtotal" >= 0 and "rent_invoices"."discount" >= 0 and "rent_invoices"."total" = "rent_invoices"."subtotal" - "rent_invoices"."discount" and "rent_invoices"."total" >= 0 and "rent_invoices"."paid" >= 0 and "rent_invoices"."paid" <= "rent_invoices"."total"),
	CONSTRAINT "rent_invoices_status_paid_check" CHECK (("rent_invoices"."status" = 'VOID' and "rent_invoices"."paid" = 0) or ("rent_invoices"."status" = 'UNPAID' and "rent_invoices"."paid" = 0 and "rent_invoices"."total" > 0) or ("rent_invoices"."status" = 'PARTLY_PAID' and "rent_invoices"."paid" > 0 and "rent_invoices"."paid" < "rent_invoices"."total") or ("rent_invoices"."status" = 'PAID' and "rent_invoices"."paid" = "rent_invoices"."total"))
);
--> statement-breakpoint
CREATE TABLE "rent_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"reverses_id" uuid,
	"wallet_entry_id" uuid,
	"recorded_by" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_method_check" CHECK ("rent_payments"."method" in ('CASH','TRANSFER','QR','WALLET')),
	CONSTRAINT "rent_payments_amount_check" CHECK (("rent_payments"."reverses_id" is null and "rent_payments"."amount" > 0) or ("rent_payments"."reverses_id" is not null and "rent_payments"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"reference" text,
	"note" text,
	"idempotency_key" text,
	"invoice_id" uuid,
	"payment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('TOP_UP','INVOICE_PAYMENT','ADJUSTMENT','REFUND')),
	CONSTRAINT "wallet_entries_balance_check" CHECK ("wallet_entries"."balance_after" >= 0),
	CONSTRAINT "wallet_entries_sign_check" CHECK (("wallet_entries"."kind" in ('TOP_UP','REFUND') and "wallet_entries"."amount" > 0) or ("wallet_entries"."kind" = 'INVOICE_PAYMENT' and "wallet_entries"."amount" < 0) or ("wallet_entries"."kind" = 'ADJUSTMENT' and "wallet_entries"."amount" <> 0))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_check" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "qr_receiver" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "commission_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_payment_id_rent_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."rent_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_invoice_id_rent_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."rent_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_payouts" ADD CONSTRAINT "commission_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_summaries" ADD CONSTRAINT "daily_summaries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_invoice_id_rent_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."rent_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_charges" ADD CONSTRAINT "rent_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoice_lines" ADD CONSTRAINT "rent_invoice_lines_invoice_id_rent_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."rent_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_adjusted_by_users_id_fk" FOREIGN KEY ("adjusted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_invoices" ADD CONSTRAINT "rent_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_invoice_id_rent_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."rent_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_invoice_id_rent_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."rent_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commissions_payment_key" ON "agent_commissions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "agent_commissions_agent_idx" ON "agent_commissions" USING btree ("agent_id","month");--> statement-breakpoint
CREATE INDEX "agent_commissions_month_idx" ON "agent_commissions" USING btree ("month");--> statement-breakpoint
CREATE INDEX "commission_payouts_agent_idx" ON "commission_payouts" USING btree ("agent_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_summaries_key" ON "daily_summaries" USING btree ("shop_id","day");--> statement-breakpoint
CREATE INDEX "rent_charges_shop_idx" ON "rent_charges" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "rent_charges_pending_idx" ON "rent_charges" USING btree ("month") WHERE "rent_charges"."invoice_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_invoice_lines_position_key" ON "rent_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_invoices_number_key" ON "rent_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_invoices_year_seq_key" ON "rent_invoices" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_invoices_token_key" ON "rent_invoices" USING btree ("public_token");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_invoices_live_key" ON "rent_invoices" USING btree ("shop_id","month") WHERE "rent_invoices"."status" <> 'VOID';--> statement-breakpoint
CREATE INDEX "rent_invoices_month_idx" ON "rent_invoices" USING btree ("month","status");--> statement-breakpoint
CREATE INDEX "rent_invoices_agent_idx" ON "rent_invoices" USING btree ("agent_id","month");--> statement-breakpoint
CREATE INDEX "rent_invoices_shop_idx" ON "rent_invoices" USING btree ("shop_id","month");--> statement-breakpoint
CREATE INDEX "rent_payments_invoice_idx" ON "rent_payments" USING btree ("invoice_id","paid_at");--> statement-breakpoint
CREATE INDEX "rent_payments_paid_idx" ON "rent_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_payments_reverses_key" ON "rent_payments" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_seq_key" ON "wallet_entries" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_idempotency_key" ON "wallet_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_entries_shop_idx" ON "wallet_entries" USING btree ("shop_id","seq");--> statement-breakpoint
CREATE INDEX "wallet_entries_created_idx" ON "wallet_entries" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_commission_rate_check" CHECK ("users"."commission_rate_bp" between 0 and 10000);--> statement-breakpoint
-- Issue 15 (decision 020): the database keeps the money straight whatever the code does.
-- A wallet entry moves its wallet's balance in the same statement and records the balance after;
-- the balance's check (>= 0) refuses an entry that would overdraw it (23514 wallets_balance_check).
CREATE FUNCTION wallet_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallets (shop_id, balance) VALUES (NEW.shop_id, 0) ON CONFLICT (shop_id) DO NOTHING;
  UPDATE wallets SET balance = balance + NEW.amount, updated_at = now()
   WHERE shop_id = NEW.shop_id
  RETURNING balance INTO NEW.balance_after;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_entries_apply BEFORE INSERT ON wallet_entries
  FOR EACH ROW EXECUTE FUNCTION wallet_entry_apply();--> statement-breakpoint
-- A balance moves only through its ledger: an update that does not come from an entry's trigger
-- (trigger depth 1) or a delete is refused.
CREATE FUNCTION wallets_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallets move only through wallet_entries';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER wallets_guard BEFORE UPDATE OR DELETE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallets_guard();--> statement-breakpoint
CREATE FUNCTION money_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER wallet_entries_append_only BEFORE UPDATE OR DELETE ON wallet_entries
  FOR EACH ROW EXECUTE FUNCTION money_append_only();--> statement-breakpoint
CREATE TRIGGER rent_payments_append_only BEFORE UPDATE OR DELETE ON rent_payments
  FOR EACH ROW EXECUTE FUNCTION money_append_only();--> statement-breakpoint
CREATE TRIGGER rent_invoices_no_delete BEFORE DELETE ON rent_invoices
  FOR EACH ROW EXECUTE FUNCTION money_append_only();--> statement-breakpoint
-- A commission changes once: PENDING → PAID with its payout; nothing else, and it is never deleted.
CREATE FUNCTION agent_commissions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'agent_commissions is append-only'; END IF;
  IF OLD.status <> 'PENDING' OR NEW.status <> 'PAID' OR NEW.payout_id IS NULL
     OR (NEW.agent_id, NEW.payment_id, NEW.invoice_id, NEW.shop_id, NEW.month, NEW.base, NEW.rate_bp, NEW.amount)
        IS DISTINCT FROM (OLD.agent_id, OLD.payment_id, OLD.invoice_id, OLD.shop_id, OLD.month, OLD.base, OLD.rate_bp, OLD.amount) THEN
    RAISE EXCEPTION 'a commission only moves from PENDING to PAID with its payout';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER agent_commissions_guard BEFORE UPDATE OR DELETE ON agent_commissions
  FOR EACH ROW EXECUTE FUNCTION agent_commissions_guard();--> statement-breakpoint
-- A payment (or its reversal, negative) moves its invoice's paid amount and status in the same
-- statement; a void invoice takes none, and the invoice's checks refuse paying more than its total.
CREATE FUNCTION rent_payment_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rent_invoices
     SET paid = paid + NEW.amount,
         status = CASE WHEN paid + NEW.amount = total THEN 'PAID'
                       WHEN paid + NEW.amount = 0 THEN 'UNPAID'
                       ELSE 'PARTLY_PAID' END,
         updated_at = now()
   WHERE id = NEW.invoice_id AND status <> 'VOID';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'invoice % is void or missing', NEW.invoice_id USING ERRCODE = 'check_violation',
      CONSTRAINT = 'rent_payments_invoice_live';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER rent_payments_apply AFTER INSERT ON rent_payments
  FOR EACH ROW EXECUTE FUNCTION rent_payment_apply();
