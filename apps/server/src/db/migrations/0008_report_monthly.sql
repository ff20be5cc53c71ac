CREATE TABLE "report_monthly" (
	"shop_id" uuid NOT NULL,
	"cal_month" date NOT NULL,
	"biz_month" date NOT NULL,
	"staff_id" uuid NOT NULL,
	"method" text NOT NULL,
	"bills_in" integer DEFAULT 0 NOT NULL,
	"bills_out" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cancelled_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_monthly_pkey" PRIMARY KEY("shop_id","cal_month","biz_month","staff_id","method")
);
--> statement-breakpoint
CREATE INDEX "report_monthly_cal_idx" ON "report_monthly" USING btree ("cal_month");--> statement-breakpoint
CREATE INDEX "report_monthly_biz_idx" ON "report_monthly" USING btree ("biz_month");--> statement-breakpoint
-- One event's figures in the shop row, its month row, and its scope rows (decision 010).
CREATE OR REPLACE FUNCTION report_add(p_shop uuid, p_cal date, p_biz date, p_type text, p_staff uuid,
  p_method text, d_in int, d_out int, d_lost int, d_cancelled int, d_amount bigint,
  d_cancelled_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  agent uuid;
  staff uuid := coalesce(p_staff, '00000000-0000-0000-0000-000000000000');
BEGIN
  INSERT INTO report_daily AS r (shop_id, cal_date, biz_date, vehicle_type, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  VALUES (p_shop, p_cal, p_biz, p_type, staff, p_method, d_in, d_out, d_lost, d_cancelled, d_amount,
    d_cancelled_amount)
  ON CONFLICT (shop_id, cal_date, biz_date, vehicle_type, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount;
  INSERT INTO report_monthly AS r (shop_id, cal_month, biz_month, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  VALUES (p_shop, date_trunc('month', p_cal)::date, date_trunc('month', p_biz)::date, staff, p_method,
    d_in, d_out, d_lost, d_cancelled, d_amount, d_cancelled_amount)
  ON CONFLICT (shop_id, cal_month, biz_month, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount;
  SELECT s.agent_id INTO agent FROM shops s WHERE s.id = p_shop;
  INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  SELECT v.scope, p_cal, p_biz, p_type, p_method, report_stripe(p_shop),
    d_in, d_out, d_lost, d_cancelled, d_amount, d_cancelled_amount
  FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (agent)) v(scope)
  WHERE v.scope IS NOT NULL
  ON CONFLICT (scope, cal_date, biz_date, vehicle_type, method, stripe) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount;
END;
$$;--> statement-breakpoint
-- Add p_sign × the shop rows of some shops (NULL: all) to their month rows.
CREATE FUNCTION report_monthly_apply(p_shops uuid[], p_sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_monthly AS r (shop_id, cal_month, biz_month, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  SELECT d.shop_id, date_trunc('month', d.cal_date)::date, date_trunc('month', d.biz_date)::date,
    d.staff_id, d.method, p_sign * sum(d.bills_in), p_sign * sum(d.bills_out), p_sign * sum(d.lost),
    p_sign * sum(d.cancelled), p_sign * sum(d.amount), p_sign * sum(d.cancelled_amount)
  FROM report_daily d
  WHERE p_shops IS NULL OR d.shop_id = ANY (p_shops)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (shop_id, cal_month, biz_month, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount
$$;--> statement-breakpoint
-- Refill the rollup of some shops (NULL: all) from the bills, their month and scope rows with it.
CREATE OR REPLACE FUNCTION report_rebuild(p_shops uuid[] DEFAULT NULL) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  LOCK TABLE bills IN SHARE MODE;
  LOCK TABLE report_scope_daily IN SHARE ROW EXCLUSIVE MODE;
  IF p_shops IS NULL THEN
    TRUNCATE report_daily, report_monthly, report_scope_daily;
  ELSE
    PERFORM report_scope_apply(p_shops, -1);
    DELETE FROM report_monthly WHERE shop_id = ANY (p_shops);
    DELETE FROM report_daily WHERE shop_id = ANY (p_shops);
  END IF;
  INSERT INTO report_daily SELECT * FROM report_from_bills(p_shops);
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM report_monthly_apply(p_shops, 1);
  PERFORM report_scope_apply(p_shops, 1);
  RETURN n;
END;
$$;--> statement-breakpoint
-- Month rows that disagree with the shop rows summed per month (none when all is well).
CREATE FUNCTION report_monthly_check()
RETURNS TABLE (side text, shop_id uuid, cal_month date, biz_month date, staff_id uuid, method text,
  bills_in bigint, bills_out bigint, lost bigint, cancelled bigint, amount numeric,
  cancelled_amount numeric)
LANGUAGE sql STABLE AS $$
  WITH want AS (
    SELECT d.shop_id, date_trunc('month', d.cal_date)::date AS cal_month,
           date_trunc('month', d.biz_date)::date AS biz_month, d.staff_id, d.method,
           sum(d.bills_in) AS bills_in, sum(d.bills_out) AS bills_out, sum(d.lost) AS lost,
           sum(d.cancelled) AS cancelled, sum(d.amount) AS amount,
           sum(d.cancelled_amount) AS cancelled_amount
    FROM report_daily d
    GROUP BY 1, 2, 3, 4, 5
  ), have AS (
    SELECT m.shop_id, m.cal_month, m.biz_month, m.staff_id, m.method, m.bills_in::bigint,
           m.bills_out::bigint, m.lost::bigint, m.cancelled::bigint, m.amount::numeric,
           m.cancelled_amount::numeric
    FROM report_monthly m
  ), w AS (
    SELECT * FROM want WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount) <> (0, 0, 0, 0, 0, 0)
  ), h AS (
    SELECT * FROM have WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount) <> (0, 0, 0, 0, 0, 0)
  )
  (SELECT 'shops', * FROM w EXCEPT ALL SELECT 'shops', * FROM h)
  UNION ALL
  (SELECT 'months', * FROM h EXCEPT ALL SELECT 'months', * FROM w)
$$;--> statement-breakpoint
SELECT report_monthly_apply(NULL, 1);
