CREATE TABLE "bill_prints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bill_prints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bill_id" bigint NOT NULL,
	"shop_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"paper" text,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by" uuid,
	CONSTRAINT "bill_prints_kind_check" CHECK ("bill_prints"."kind" in ('PRINT','REPRINT')),
	CONSTRAINT "bill_prints_paper_check" CHECK ("bill_prints"."paper" is null or "bill_prints"."paper" in ('58','80'))
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"number" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	"plate" text,
	"plate_key" text,
	"member_id" uuid,
	"member_number" text,
	"status" text DEFAULT 'PARKED' NOT NULL,
	"business_date" date NOT NULL,
	"check_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"check_in_by" uuid,
	"check_out_at" timestamp with time zone,
	"check_out_by" uuid,
	"fee" integer,
	"fee_parts" jsonb,
	"payment_method" text,
	"print_count" integer DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_status_check" CHECK ("bills"."status" in ('PARKED','CLOSED','CANCELLED','LOST')),
	CONSTRAINT "bills_type_check" CHECK ("bills"."vehicle_type" in ('MOTORBIKE','CAR','BICYCLE','MINIBUS','TRUCK')),
	CONSTRAINT "bills_payment_check" CHECK ("bills"."payment_method" is null or "bills"."payment_method" in ('CASH','QR','MEMBER','FREE')),
	CONSTRAINT "bills_fee_check" CHECK ("bills"."fee" is null or "bills"."fee" >= 0),
	CONSTRAINT "bills_cancel_check" CHECK (("bills"."status" = 'CANCELLED') = ("bills"."cancelled_at" is not null and "bills"."cancel_reason" is not null)),
	CONSTRAINT "bills_out_check" CHECK ("bills"."status" not in ('CLOSED','LOST') or ("bills"."check_out_at" is not null and "bills"."fee" is not null))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"number" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"plate" text,
	"vehicle_type" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"fee_paid" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_status_check" CHECK ("members"."status" in ('ACTIVE','SUSPENDED','CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "price_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"vehicle_type" text NOT NULL,
	"mode" text DEFAULT 'FLAT' NOT NULL,
	"flat_fee" integer DEFAULT 0 NOT NULL,
	"grace_minutes" integer DEFAULT 0 NOT NULL,
	"first_period_minutes" integer DEFAULT 60 NOT NULL,
	"first_period_fee" integer DEFAULT 0 NOT NULL,
	"next_period_minutes" integer DEFAULT 60 NOT NULL,
	"next_period_fee" integer DEFAULT 0 NOT NULL,
	"daily_cap" integer,
	"overnight_fee" integer,
	"lost_ticket_fee" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_rules_type_check" CHECK ("price_rules"."vehicle_type" in ('MOTORBIKE','CAR','BICYCLE','MINIBUS','TRUCK')),
	CONSTRAINT "price_rules_mode_check" CHECK ("price_rules"."mode" in ('FLAT','TIMED')),
	CONSTRAINT "price_rules_amounts_check" CHECK ("price_rules"."flat_fee" >= 0 and "price_rules"."first_period_fee" >= 0 and "price_rules"."next_period_fee" >= 0 and "price_rules"."lost_ticket_fee" >= 0 and coalesce("price_rules"."daily_cap", 0) >= 0 and coalesce("price_rules"."overnight_fee", 0) >= 0),
	CONSTRAINT "price_rules_minutes_check" CHECK ("price_rules"."grace_minutes" >= 0 and "price_rules"."first_period_minutes" > 0 and "price_rules"."next_period_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_bill_counters" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "seq" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "shops_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "package_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "qr_receiver" jsonb;--> statement-breakpoint
-- Shops made before this release get a code from their permanent number, then code is required.
UPDATE "shops" SET "code" = 'S' || lpad("seq"::text, 4, '0') WHERE "code" IS NULL;--> statement-breakpoint
ALTER TABLE "shops" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
-- A shop inserted without a code gets 'S0042' (its permanent number), or 'S0042-2'… if that is taken.
CREATE OR REPLACE FUNCTION shops_default_code() RETURNS trigger AS $$
DECLARE
  candidate text := 'S' || lpad(NEW.seq::text, 4, '0');
  n int := 1;
BEGIN
  IF NEW.code IS NULL OR NEW.code = '' THEN
    WHILE EXISTS (SELECT 1 FROM shops WHERE code = candidate) LOOP
      n := n + 1;
      candidate := 'S' || lpad(NEW.seq::text, 4, '0') || '-' || n;
    END LOOP;
    NEW.code := candidate;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER shops_default_code BEFORE INSERT ON shops FOR EACH ROW EXECUTE FUNCTION shops_default_code();--> statement-breakpoint
ALTER TABLE "bill_prints" ADD CONSTRAINT "bill_prints_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_prints" ADD CONSTRAINT "bill_prints_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_prints" ADD CONSTRAINT "bill_prints_printed_by_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_check_in_by_users_id_fk" FOREIGN KEY ("check_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_check_out_by_users_id_fk" FOREIGN KEY ("check_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_bill_counters" ADD CONSTRAINT "shop_bill_counters_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_prints_bill_idx" ON "bill_prints" USING btree ("bill_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_reference_key" ON "bills" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_shop_number_key" ON "bills" USING btree ("shop_id","number");--> statement-breakpoint
CREATE INDEX "bills_shop_in_idx" ON "bills" USING btree ("shop_id","check_in_at","id");--> statement-breakpoint
CREATE INDEX "bills_in_idx" ON "bills" USING btree ("check_in_at","id");--> statement-breakpoint
CREATE INDEX "bills_shop_plate_idx" ON "bills" USING btree ("shop_id","plate_key") WHERE "bills"."plate_key" is not null;--> statement-breakpoint
CREATE INDEX "bills_parked_idx" ON "bills" USING btree ("shop_id","check_in_at") WHERE "bills"."status" = 'PARKED';--> statement-breakpoint
CREATE INDEX "members_shop_number_idx" ON "members" USING btree ("shop_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "price_rules_shop_type_key" ON "price_rules" USING btree ("shop_id","vehicle_type");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_seq_key" ON "shops" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "shops_name_idx" ON "shops" USING btree ("name");--> statement-breakpoint
-- Every shop prices motorbikes and cars (flat, from its prices) and numbers its bills from 1.
INSERT INTO "price_rules" ("shop_id", "vehicle_type", "mode", "flat_fee", "first_period_fee", "next_period_fee")
  SELECT "id", 'MOTORBIKE', 'FLAT', "price_motorbike", "price_motorbike", "price_motorbike" FROM "shops";--> statement-breakpoint
INSERT INTO "price_rules" ("shop_id", "vehicle_type", "mode", "flat_fee", "first_period_fee", "next_period_fee")
  SELECT "id", 'CAR', 'FLAT', "price_car", "price_car", "price_car" FROM "shops";--> statement-breakpoint
INSERT INTO "shop_bill_counters" ("shop_id") SELECT "id" FROM "shops";--> statement-breakpoint
-- However a shop is made, it starts with flat motorbike and car rules at its prices; the service
-- keeps the two in step afterwards (a rule's entry price is the shop's price).
CREATE OR REPLACE FUNCTION shops_core_price_rules() RETURNS trigger AS $$
BEGIN
  INSERT INTO price_rules (shop_id, vehicle_type, mode, flat_fee, first_period_fee, next_period_fee)
    VALUES (NEW.id, 'MOTORBIKE', 'FLAT', NEW.price_motorbike, NEW.price_motorbike, NEW.price_motorbike),
           (NEW.id, 'CAR', 'FLAT', NEW.price_car, NEW.price_car, NEW.price_car);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER shops_core_price_rules AFTER INSERT ON shops FOR EACH ROW EXECUTE FUNCTION shops_core_price_rules();
