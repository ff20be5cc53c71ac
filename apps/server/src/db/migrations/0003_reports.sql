CREATE TABLE "report_daily" (
	"shop_id" uuid NOT NULL,
	"cal_date" date NOT NULL,
	"biz_date" date NOT NULL,
	"vehicle_type" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"method" text NOT NULL,
	"bills_in" integer DEFAULT 0 NOT NULL,
	"bills_out" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cancelled_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_pkey" PRIMARY KEY("shop_id","cal_date","biz_date","vehicle_type","staff_id","method")
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "out_business_date" date;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "cancel_business_date" date;--> statement-breakpoint
CREATE INDEX "report_daily_shop_biz_idx" ON "report_daily" USING btree ("shop_id","biz_date");--> statement-breakpoint
CREATE INDEX "report_daily_cal_idx" ON "report_daily" USING btree ("cal_date");--> statement-breakpoint
CREATE INDEX "report_daily_biz_idx" ON "report_daily" USING btree ("biz_date");--> statement-breakpoint
CREATE INDEX "bills_cancelled_idx" ON "bills" USING btree ("shop_id","cancelled_at") WHERE "bills"."status" = 'CANCELLED';--> statement-breakpoint
-- The business date of an instant for a shop's hours, as contracts/business-day.ts computes it
-- (decision 007: the day changes in the middle of the closed hours). The services store the dates
-- they compute; this SQL twin only fills the bills written before this migration (and a test
-- keeps the two equal).
CREATE OR REPLACE FUNCTION shop_business_date(at timestamptz, tz text, open_shop text, close_shop text)
RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  WITH h AS (
    SELECT CASE WHEN open_shop IS NULL OR close_shop IS NULL THEN NULL
                ELSE split_part(open_shop, ':', 1)::int * 60 + split_part(open_shop, ':', 2)::int END AS o,
           CASE WHEN open_shop IS NULL OR close_shop IS NULL THEN NULL
                ELSE split_part(close_shop, ':', 1)::int * 60 + split_part(close_shop, ':', 2)::int END AS c
  ), k AS (
    SELECT o, CASE WHEN o IS NULL THEN 0
                   WHEN o = c THEN o
                   ELSE (c + (((o - c) % 1440 + 1440) % 1440) / 2) % 1440 END AS cut
    FROM h
  )
  SELECT date '1970-01-01'
         + (floor((floor(extract(epoch FROM (at AT TIME ZONE tz)) / 60) - k.cut) / 1440)
            + CASE WHEN k.o IS NOT NULL AND k.o < k.cut THEN 1 ELSE 0 END)::int
  FROM k
$$;--> statement-breakpoint
UPDATE "bills" b SET
  "out_business_date" = CASE WHEN b."status" IN ('CLOSED','LOST')
    THEN shop_business_date(b."check_out_at", s."timezone", s."open_shop", s."close_shop") END,
  "cancel_business_date" = CASE WHEN b."status" = 'CANCELLED'
    THEN shop_business_date(b."cancelled_at", s."timezone", s."open_shop", s."close_shop") END
FROM "shops" s
WHERE s."id" = b."shop_id" AND b."status" <> 'PARKED';--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_out_date_check" CHECK ("bills"."status" not in ('CLOSED','LOST') or "bills"."out_business_date" is not null);--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_cancel_date_check" CHECK ("bills"."status" <> 'CANCELLED' or "bills"."cancel_business_date" is not null);--> statement-breakpoint
-- Add (or, with negative deltas, take back) one event's figures in the rollup.
CREATE OR REPLACE FUNCTION report_add(p_shop uuid, p_cal date, p_biz date, p_type text, p_staff uuid,
  p_method text, d_in int, d_out int, d_lost int, d_cancelled int, d_amount bigint,
  d_cancelled_amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_daily AS r (shop_id, cal_date, biz_date, vehicle_type, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  VALUES (p_shop, p_cal, p_biz, p_type, coalesce(p_staff, '00000000-0000-0000-0000-000000000000'),
    p_method, d_in, d_out, d_lost, d_cancelled, d_amount, d_cancelled_amount)
  ON CONFLICT (shop_id, cal_date, biz_date, vehicle_type, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount
$$;--> statement-breakpoint
-- A bill's events in the rollup (decision 010): its check-in; its check-out while CLOSED or LOST;
-- its cancellation. An update takes back the events it changed and adds them as they are now,
-- in the bill's own transaction, so reports are never behind. A print (print_count) changes none.
CREATE OR REPLACE FUNCTION bills_report() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  old_tz text;
  was_update boolean := TG_OP = 'UPDATE';
  old_out boolean := false;
  new_out boolean := NEW.status IN ('CLOSED','LOST');
  in_changed boolean := true;
  out_changed boolean := NEW.status IN ('CLOSED','LOST');
  cancel_changed boolean := NEW.status = 'CANCELLED';
BEGIN
  SELECT timezone INTO tz FROM shops WHERE id = NEW.shop_id;
  IF was_update THEN
    old_tz := CASE WHEN OLD.shop_id = NEW.shop_id THEN tz
                   ELSE (SELECT timezone FROM shops WHERE id = OLD.shop_id) END;
    old_out := OLD.status IN ('CLOSED','LOST');
    in_changed := (OLD.shop_id, OLD.vehicle_type, OLD.check_in_at, OLD.business_date, OLD.check_in_by)
      IS DISTINCT FROM (NEW.shop_id, NEW.vehicle_type, NEW.check_in_at, NEW.business_date, NEW.check_in_by);
    out_changed := (old_out OR new_out)
      AND (OLD.status, OLD.shop_id, OLD.vehicle_type, OLD.check_out_at, OLD.out_business_date,
           OLD.check_out_by, OLD.payment_method, OLD.fee)
      IS DISTINCT FROM (NEW.status, NEW.shop_id, NEW.vehicle_type, NEW.check_out_at,
           NEW.out_business_date, NEW.check_out_by, NEW.payment_method, NEW.fee);
    cancel_changed := (OLD.status = 'CANCELLED' OR NEW.status = 'CANCELLED')
      AND (OLD.status, OLD.shop_id, OLD.vehicle_type, OLD.cancelled_at, OLD.cancel_business_date,
           OLD.cancelled_by, OLD.fee)
      IS DISTINCT FROM (NEW.status, NEW.shop_id, NEW.vehicle_type, NEW.cancelled_at,
           NEW.cancel_business_date, NEW.cancelled_by, NEW.fee);
  END IF;
  -- Take back what the bill counted before (an update), then count it as it is now.
  IF was_update AND in_changed THEN
    PERFORM report_add(OLD.shop_id, (OLD.check_in_at AT TIME ZONE old_tz)::date, OLD.business_date,
      OLD.vehicle_type, OLD.check_in_by, '', -1, 0, 0, 0, 0, 0);
  END IF;
  IF was_update AND out_changed AND old_out THEN
    PERFORM report_add(OLD.shop_id, (OLD.check_out_at AT TIME ZONE old_tz)::date, OLD.out_business_date,
      OLD.vehicle_type, OLD.check_out_by, OLD.payment_method, 0, -1, -(OLD.status = 'LOST')::int, 0,
      -OLD.fee, 0);
  END IF;
  IF was_update AND cancel_changed AND OLD.status = 'CANCELLED' THEN
    PERFORM report_add(OLD.shop_id, (OLD.cancelled_at AT TIME ZONE old_tz)::date, OLD.cancel_business_date,
      OLD.vehicle_type, OLD.cancelled_by, '', 0, 0, 0, -1, 0, -coalesce(OLD.fee, 0));
  END IF;
  IF in_changed THEN
    PERFORM report_add(NEW.shop_id, (NEW.check_in_at AT TIME ZONE tz)::date, NEW.business_date,
      NEW.vehicle_type, NEW.check_in_by, '', 1, 0, 0, 0, 0, 0);
  END IF;
  IF out_changed AND new_out THEN
    PERFORM report_add(NEW.shop_id, (NEW.check_out_at AT TIME ZONE tz)::date, NEW.out_business_date,
      NEW.vehicle_type, NEW.check_out_by, NEW.payment_method, 0, 1, (NEW.status = 'LOST')::int, 0,
      NEW.fee, 0);
  END IF;
  IF cancel_changed AND NEW.status = 'CANCELLED' THEN
    PERFORM report_add(NEW.shop_id, (NEW.cancelled_at AT TIME ZONE tz)::date, NEW.cancel_business_date,
      NEW.vehicle_type, NEW.cancelled_by, '', 0, 0, 0, 1, 0, coalesce(NEW.fee, 0));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bills_report AFTER INSERT OR UPDATE ON bills FOR EACH ROW EXECUTE FUNCTION bills_report();--> statement-breakpoint
-- The rollup as the raw bills say it should be, for some shops (NULL: all): what report:rebuild
-- writes and report:check compares with.
CREATE OR REPLACE FUNCTION report_from_bills(p_shops uuid[])
RETURNS TABLE (shop_id uuid, cal_date date, biz_date date, vehicle_type text, staff_id uuid,
  method text, bills_in int, bills_out int, lost int, cancelled int, amount bigint,
  cancelled_amount bigint)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT b.shop_id, (b.check_in_at AT TIME ZONE s.timezone)::date AS cal_date, b.business_date AS biz_date,
           b.vehicle_type, b.check_in_by AS staff_id, '' AS method,
           1 AS bills_in, 0 AS bills_out, 0 AS lost, 0 AS cancelled, 0::bigint AS amount, 0::bigint AS cancelled_amount
    FROM bills b JOIN shops s ON s.id = b.shop_id
    WHERE p_shops IS NULL OR b.shop_id = ANY (p_shops)
    UNION ALL
    SELECT b.shop_id, (b.check_out_at AT TIME ZONE s.timezone)::date, b.out_business_date,
           b.vehicle_type, b.check_out_by, b.payment_method,
           0, 1, (b.status = 'LOST')::int, 0, b.fee::bigint, 0
    FROM bills b JOIN shops s ON s.id = b.shop_id
    WHERE b.status IN ('CLOSED','LOST') AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
    UNION ALL
    SELECT b.shop_id, (b.cancelled_at AT TIME ZONE s.timezone)::date, b.cancel_business_date,
           b.vehicle_type, b.cancelled_by, '',
           0, 0, 0, 1, 0, coalesce(b.fee, 0)::bigint
    FROM bills b JOIN shops s ON s.id = b.shop_id
    WHERE b.status = 'CANCELLED' AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
  )
  SELECT shop_id, cal_date, biz_date, vehicle_type,
         coalesce(staff_id, '00000000-0000-0000-0000-000000000000'), method,
         sum(bills_in)::int, sum(bills_out)::int, sum(lost)::int, sum(cancelled)::int,
         sum(amount)::bigint, sum(cancelled_amount)::bigint
  FROM ev
  GROUP BY 1, 2, 3, 4, 5, 6
$$;--> statement-breakpoint
-- Refill the rollup of some shops (NULL: all) from the bills. Bills are share-locked meanwhile so
-- no change slips between the delete and the insert.
CREATE OR REPLACE FUNCTION report_rebuild(p_shops uuid[] DEFAULT NULL) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  LOCK TABLE bills IN SHARE MODE;
  IF p_shops IS NULL THEN
    TRUNCATE report_daily;
  ELSE
    DELETE FROM report_daily WHERE shop_id = ANY (p_shops);
  END IF;
  INSERT INTO report_daily SELECT * FROM report_from_bills(p_shops);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END;
$$;--> statement-breakpoint
-- Rows where the rollup and the bills disagree (none when all is well). Rows of zeros, left where
-- an event moved away, are equal to no row.
CREATE OR REPLACE FUNCTION report_check(p_shops uuid[] DEFAULT NULL)
RETURNS TABLE (side text, shop_id uuid, cal_date date, biz_date date, vehicle_type text,
  staff_id uuid, method text, bills_in int, bills_out int, lost int, cancelled int, amount bigint,
  cancelled_amount bigint)
LANGUAGE sql STABLE AS $$
  WITH raw AS (SELECT * FROM report_from_bills(p_shops)),
  roll AS (
    SELECT r.shop_id, r.cal_date, r.biz_date, r.vehicle_type, r.staff_id, r.method, r.bills_in,
           r.bills_out, r.lost, r.cancelled, r.amount, r.cancelled_amount
    FROM report_daily r
    WHERE (p_shops IS NULL OR r.shop_id = ANY (p_shops))
      AND (r.bills_in, r.bills_out, r.lost, r.cancelled, r.amount, r.cancelled_amount) <> (0, 0, 0, 0, 0, 0)
  )
  (SELECT 'bills', * FROM raw EXCEPT ALL SELECT 'bills', * FROM roll)
  UNION ALL
  (SELECT 'rollup', * FROM roll EXCEPT ALL SELECT 'rollup', * FROM raw)
$$;--> statement-breakpoint
SELECT report_rebuild();
