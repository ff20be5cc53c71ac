CREATE TABLE "member_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"member_id" uuid,
	"ever_assigned" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_numbers_status_check" CHECK ("member_numbers"."status" in ('AVAILABLE','ASSIGNED','LOST','RETIRED')),
	CONSTRAINT "member_numbers_assigned_check" CHECK (("member_numbers"."status" = 'ASSIGNED') = ("member_numbers"."member_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "member_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"number_id" uuid,
	"kind" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"months" integer NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"period_from" date NOT NULL,
	"period_until" date NOT NULL,
	"taken_by" uuid,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_payments_kind_check" CHECK ("member_payments"."kind" in ('SELL','RENEW')),
	CONSTRAINT "member_payments_method_check" CHECK ("member_payments"."method" in ('CASH','QR')),
	CONSTRAINT "member_payments_amount_check" CHECK ("member_payments"."amount" >= 0),
	CONSTRAINT "member_payments_months_check" CHECK ("member_payments"."months" in (1,3,6,12)),
	CONSTRAINT "member_payments_period_check" CHECK ("member_payments"."period_until" >= "member_payments"."period_from")
);
--> statement-breakpoint
CREATE TABLE "member_reminders" (
	"member_id" uuid NOT NULL,
	"period_until" date NOT NULL,
	"kind" text NOT NULL,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_reminders_kind_check" CHECK ("member_reminders"."kind" in ('BEFORE','LAST_DAY'))
);
--> statement-breakpoint
ALTER TABLE "members" DROP CONSTRAINT "members_status_check";--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "valid_from" SET DATA TYPE date USING ("valid_from" AT TIME ZONE 'Asia/Vientiane')::date;--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "valid_until" SET DATA TYPE date USING (("valid_until" - interval '1 microsecond') AT TIME ZONE 'Asia/Vientiane')::date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "number_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "plates" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "plate_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "plan_months" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "created_by" uuid;--> statement-breakpoint
-- Members written before issue 14 (demo and test rows): their plate into plates (its key as
-- bills.mapping plateKey makes it: no spaces, dots, hyphens or Lao and Thai vowel and tone marks),
-- their number into the pool, a pass that has ended marked EXPIRED. The old end was the instant
-- the pass stopped; the new one is the last valid day. A pass shorter than a day keeps its day.
UPDATE "members" SET "valid_until" = "valid_from" WHERE "valid_until" < "valid_from";--> statement-breakpoint
UPDATE "members" SET "plates" = ARRAY["plate"],
  "plate_keys" = ARRAY[upper(regexp_replace("plate",
    '[[:space:].\-\u0EB1\u0EB4-\u0EBC\u0EC8-\u0ECD\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]', '', 'g'))]
  WHERE "plate" IS NOT NULL AND "plate" <> '';--> statement-breakpoint
INSERT INTO "member_numbers" ("shop_id", "number", "status", "member_id", "ever_assigned")
  SELECT DISTINCT ON ("shop_id", "number") "shop_id", "number",
    CASE WHEN "status" <> 'CANCELLED' THEN 'ASSIGNED' ELSE 'AVAILABLE' END,
    CASE WHEN "status" <> 'CANCELLED' THEN "id" END, "created_at"
  FROM "members" ORDER BY "shop_id", "number", ("status" <> 'CANCELLED') DESC, "created_at" DESC;--> statement-breakpoint
-- The card's holder, and cancelled members, name the card; another live member on the same number
-- (nothing stopped two before) keeps the number's text but no card, so one card has one holder.
UPDATE "members" m SET "number_id" = n."id" FROM "member_numbers" n
  WHERE n."shop_id" = m."shop_id" AND n."number" = m."number"
    AND (n."member_id" = m."id" OR m."status" = 'CANCELLED');--> statement-breakpoint
UPDATE "members" SET "status" = 'EXPIRED'
  WHERE "status" = 'ACTIVE' AND "valid_until" < (now() AT TIME ZONE 'Asia/Vientiane')::date;--> statement-breakpoint
ALTER TABLE "price_rules" ADD COLUMN "pass_1m" integer;--> statement-breakpoint
ALTER TABLE "price_rules" ADD COLUMN "pass_3m" integer;--> statement-breakpoint
ALTER TABLE "price_rules" ADD COLUMN "pass_6m" integer;--> statement-breakpoint
ALTER TABLE "price_rules" ADD COLUMN "pass_12m" integer;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "passes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_monthly" ADD COLUMN "passes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_scope_daily" ADD COLUMN "passes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "staff_sell_passes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "member_reminder_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_numbers" ADD CONSTRAINT "member_numbers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_numbers" ADD CONSTRAINT "member_numbers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_number_id_member_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."member_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payments" ADD CONSTRAINT "member_payments_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_numbers_shop_number_key" ON "member_numbers" USING btree ("shop_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "member_numbers_member_key" ON "member_numbers" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_numbers_shop_status_idx" ON "member_numbers" USING btree ("shop_id","status","number");--> statement-breakpoint
CREATE INDEX "member_payments_member_idx" ON "member_payments" USING btree ("member_id","taken_at");--> statement-breakpoint
CREATE INDEX "member_payments_shop_taken_idx" ON "member_payments" USING btree ("shop_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_reminders_key" ON "member_reminders" USING btree ("member_id","period_until","kind");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_number_id_member_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."member_numbers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_plate_keys_idx" ON "members" USING gin ("plate_keys");--> statement-breakpoint
CREATE INDEX "members_shop_until_idx" ON "members" USING btree ("shop_id","valid_until");--> statement-breakpoint
CREATE INDEX "members_until_idx" ON "members" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "members_shop_created_idx" ON "members" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_number_live_key" ON "members" USING btree ("number_id") WHERE "members"."status" <> 'CANCELLED';--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_period_check" CHECK ("members"."valid_until" >= "members"."valid_from");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_fee_paid_check" CHECK ("members"."fee_paid" >= 0);--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_plan_check" CHECK ("members"."plan_months" is null or "members"."plan_months" in (1,3,6,12));--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_status_check" CHECK ("members"."status" in ('ACTIVE','EXPIRED','SUSPENDED','CANCELLED'));--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_pass_check" CHECK (coalesce("price_rules"."pass_1m", 0) >= 0 and coalesce("price_rules"."pass_3m", 0) >= 0 and coalesce("price_rules"."pass_6m", 0) >= 0 and coalesce("price_rules"."pass_12m", 0) >= 0);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_member_reminder_days_check" CHECK ("shops"."member_reminder_days" between 0 and 60);