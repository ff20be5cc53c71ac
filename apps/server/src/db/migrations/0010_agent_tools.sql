CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_lo" text NOT NULL,
	"name_en" text NOT NULL,
	"amount" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_amount_check" CHECK ("fees"."amount" >= 0),
	CONSTRAINT "fees_code_check" CHECK ("fees"."code" ~ '^[A-Z][A-Z0-9_]{1,31}$')
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_lo" text NOT NULL,
	"name_en" text NOT NULL,
	"monthly_price" integer NOT NULL,
	"tickets_included" integer NOT NULL,
	"extra_ticket_price" integer NOT NULL,
	"users_allowed" integer,
	"branches_allowed" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_amounts_check" CHECK ("packages"."monthly_price" >= 0 and "packages"."tickets_included" >= 0 and "packages"."extra_ticket_price" >= 0),
	CONSTRAINT "packages_allowances_check" CHECK (coalesce("packages"."users_allowed", 1) >= 1 and coalesce("packages"."branches_allowed", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_packages" (
	"shop_id" uuid NOT NULL,
	"from_month" date NOT NULL,
	"package_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_packages_pkey" PRIMARY KEY("shop_id","from_month"),
	CONSTRAINT "shop_packages_month_check" CHECK (extract(day from "shop_packages"."from_month") = 1)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_path" text,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"package_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"audience" text NOT NULL,
	"agent_id" uuid,
	"shop_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"owner_agent_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_type_check" CHECK ("promotions"."discount_type" in ('PERCENT','AMOUNT','FREE_MONTHS')),
	CONSTRAINT "promotions_value_check" CHECK ("promotions"."discount_value" > 0 and ("promotions"."discount_type" <> 'PERCENT' or "promotions"."discount_value" <= 100)),
	CONSTRAINT "promotions_dates_check" CHECK ("promotions"."valid_until" >= "promotions"."valid_from"),
	CONSTRAINT "promotions_audience_check" CHECK ("promotions"."audience" in ('ALL','AGENT','SHOPS','NEW_SHOPS')),
	CONSTRAINT "promotions_agent_check" CHECK ("promotions"."audience" <> 'AGENT' or "promotions"."agent_id" is not null),
	CONSTRAINT "promotions_uses_check" CHECK (coalesce("promotions"."max_uses", 1) >= 1 and "promotions"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "paper_prints_daily" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"prints" integer NOT NULL,
	CONSTRAINT "paper_prints_daily_pkey" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "paper_prints_monthly" (
	"shop_id" uuid NOT NULL,
	"month" date NOT NULL,
	"prints" integer NOT NULL,
	CONSTRAINT "paper_prints_monthly_pkey" PRIMARY KEY("shop_id","month")
);
--> statement-breakpoint
CREATE TABLE "roll_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"shop_id" uuid,
	"person_id" uuid,
	"from_person_id" uuid,
	"delivered_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"tickets_per_roll" integer NOT NULL,
	"serial_first" bigint,
	"serial_last" bigint,
	"unit_price" integer NOT NULL,
	"delivered_by" uuid,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roll_deliveries_kind_check" CHECK ("roll_deliveries"."kind" in ('SHOP','PERSON')),
	CONSTRAINT "roll_deliveries_target_check" CHECK (("roll_deliveries"."kind" = 'SHOP' and "roll_deliveries"."shop_id" is not null and "roll_deliveries"."person_id" is null) or ("roll_deliveries"."kind" = 'PERSON' and "roll_deliveries"."person_id" is not null and "roll_deliveries"."shop_id" is null and "roll_deliveries"."from_person_id" is null)),
	CONSTRAINT "roll_deliveries_amounts_check" CHECK ("roll_deliveries"."quantity" > 0 and "roll_deliveries"."tickets_per_roll" > 0 and "roll_deliveries"."unit_price" >= 0),
	CONSTRAINT "roll_deliveries_serials_check" CHECK (("roll_deliveries"."serial_first" is null and "roll_deliveries"."serial_last" is null) or ("roll_deliveries"."serial_first" >= 0 and "roll_deliveries"."serial_last" - "roll_deliveries"."serial_first" + 1 = "roll_deliveries"."quantity"))
);
--> statement-breakpoint
CREATE TABLE "paper_pace" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"prints" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_checks" (
	"shop_id" uuid NOT NULL,
	"month" date NOT NULL,
	"first_delivery_on" date NOT NULL,
	"delivered_month" bigint NOT NULL,
	"printed_month" bigint NOT NULL,
	"delivered_total" bigint NOT NULL,
	"printed_total" bigint NOT NULL,
	"generation" integer NOT NULL,
	CONSTRAINT "paper_checks_pkey" PRIMARY KEY("shop_id","month")
);
--> statement-breakpoint
CREATE TABLE "shop_paper" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"first_delivery_on" date NOT NULL,
	"delivered_tickets" bigint NOT NULL,
	"printed" bigint NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_prints" ADD COLUMN "roll_serial" bigint;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_packages" ADD CONSTRAINT "shop_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_owner_agent_id_users_id_fk" FOREIGN KEY ("owner_agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_from_person_id_users_id_fk" FOREIGN KEY ("from_person_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_paper" ADD CONSTRAINT "shop_paper_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fees_code_key" ON "fees" USING btree ("code");--> statement-breakpoint
CREATE INDEX "shop_packages_package_idx" ON "shop_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "promotions_valid_idx" ON "promotions" USING btree ("valid_from","valid_until");--> statement-breakpoint
CREATE INDEX "promotions_owner_idx" ON "promotions" USING btree ("owner_agent_id","created_at");--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "roll_deliveries_shop_idx" ON "roll_deliveries" USING btree ("shop_id","delivered_on");--> statement-breakpoint
CREATE INDEX "roll_deliveries_person_idx" ON "roll_deliveries" USING btree ("person_id","delivered_on");--> statement-breakpoint
CREATE INDEX "roll_deliveries_from_idx" ON "roll_deliveries" USING btree ("from_person_id","delivered_on");--> statement-breakpoint
CREATE INDEX "roll_deliveries_on_idx" ON "roll_deliveries" USING btree ("delivered_on");--> statement-breakpoint
CREATE INDEX "paper_checks_month_idx" ON "paper_checks" USING btree ("month","shop_id");--> statement-breakpoint
-- Before this migration package_id pointed at nothing (no packages existed): it starts empty.
UPDATE "shops" SET "package_id" = NULL WHERE "package_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_prints_serial_idx" ON "bill_prints" USING btree ("shop_id","printed_at") INCLUDE ("roll_serial") WHERE "bill_prints"."roll_serial" is not null;--> statement-breakpoint
-- The roll serials of one kind of delivery never overlap: a roll reaches one person's stock once
-- and one shop once (a shop delivery out of an agent's stock repeats the agent's serials).
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_shop_serials_excl" EXCLUDE USING gist (int8range("serial_first", "serial_last", '[]') WITH &&) WHERE ("kind" = 'SHOP' AND "serial_first" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "roll_deliveries" ADD CONSTRAINT "roll_deliveries_person_serials_excl" EXCLUDE USING gist (int8range("serial_first", "serial_last", '[]') WITH &&) WHERE ("kind" = 'PERSON' AND "serial_first" IS NOT NULL);--> statement-breakpoint
-- The last 14 days of every shop (the low-paper list's pace), read without the table.
CREATE INDEX "paper_prints_daily_day_idx" ON "paper_prints_daily" USING btree ("day", "shop_id") INCLUDE ("prints");--> statement-breakpoint
-- The ticket check: every shop's months from the one asked for on, read without the table.
CREATE INDEX "paper_prints_monthly_month_idx" ON "paper_prints_monthly" USING btree ("month", "shop_id") INCLUDE ("prints");--> statement-breakpoint
-- Every print counts one ticket of paper on the shop's calendar day (its time zone), in the
-- print's own transaction; a shop with deliveries also counts it in its paper account when it is
-- on or after its first delivery. A statement trigger: a bulk insert costs one pass.
CREATE FUNCTION "paper_prints_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH per_day AS (
    SELECT n.shop_id, (n.printed_at AT TIME ZONE s.timezone)::date AS day, count(*)::int AS prints
    FROM new_prints n JOIN shops s ON s.id = n.shop_id
    GROUP BY 1, 2
  ), daily AS (
    INSERT INTO paper_prints_daily AS t (shop_id, day, prints)
    SELECT shop_id, day, prints FROM per_day ORDER BY shop_id, day
    ON CONFLICT (shop_id, day) DO UPDATE SET prints = t.prints + excluded.prints
  ), monthly AS (
    INSERT INTO paper_prints_monthly AS t (shop_id, month, prints)
    SELECT shop_id, date_trunc('month', day)::date, sum(prints)::int FROM per_day GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (shop_id, month) DO UPDATE SET prints = t.prints + excluded.prints
  )
  UPDATE shop_paper p SET printed = p.printed + x.prints, updated_at = now()
  FROM (
    SELECT d.shop_id, sum(d.prints)::bigint AS prints
    FROM per_day d JOIN shop_paper q ON q.shop_id = d.shop_id
    WHERE d.day >= q.first_delivery_on
    GROUP BY 1
  ) x
  WHERE p.shop_id = x.shop_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bill_prints_paper" AFTER INSERT ON "bill_prints" REFERENCING NEW TABLE AS new_prints FOR EACH STATEMENT EXECUTE FUNCTION "paper_prints_add"();--> statement-breakpoint
-- Prints made before this migration.
INSERT INTO "paper_prints_daily" ("shop_id", "day", "prints")
SELECT p.shop_id, (p.printed_at AT TIME ZONE s.timezone)::date, count(*)::int
FROM "bill_prints" p JOIN "shops" s ON s.id = p.shop_id GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "paper_prints_monthly" ("shop_id", "month", "prints")
SELECT shop_id, date_trunc('month', day)::date, sum(prints)::int FROM "paper_prints_daily" GROUP BY 1, 2;--> statement-breakpoint
-- The fee list starts with the four items the platform charges (admins change the amounts).
INSERT INTO "fees" ("code", "name_lo", "name_en", "amount") VALUES
  ('PAPER_ROLL', 'ມ້ວນເຈ້ຍພິມບິນ', 'Paper roll', 15000),
  ('SETUP', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 300000),
  ('EXTRA_USER', 'ຜູ້ໃຊ້ເພີ່ມ', 'Extra user', 30000),
  ('PRINTER', 'ເຄື່ອງພິມບິນ', 'Receipt printer', 1200000);
