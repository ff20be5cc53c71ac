-- Reports over many shops without reading every shop (decision 010): month rows per shop and staff
-- member, and day rows per scope (the platform, each agent), kept by report_add with the shop rows.
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
);--> statement-breakpoint
CREATE TABLE "report_scope_daily" (
	"scope" uuid NOT NULL,
	"cal_date" date NOT NULL,
	"biz_date" date NOT NULL,
	"vehicle_type" text NOT NULL,
	"method" text NOT NULL,
	"stripe" smallint NOT NULL,
	"bills_in" integer DEFAULT 0 NOT NULL,
	"bills_out" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"cancelled_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_scope_daily_pkey" PRIMARY KEY("scope","cal_date","biz_date","vehicle_type","method","stripe")
);--> statement-breakpoint
CREATE INDEX "report_monthly_cal_idx" ON "report_monthly" USING btree ("cal_month");--> statement-breakpoint
CREATE INDEX "report_monthly_biz_idx" ON "report_monthly" USING btree ("biz_month");--> statement-breakpoint
CREATE INDEX "report_scope_daily_biz_idx" ON "report_scope_daily" USING btree ("scope","biz_date");--> statement-breakpoint
-- Which of the scope rows a shop's events go to: spreads concurrent check-ins of many shops.
CREATE FUNCTION report_stripe(p_shop uuid) RETURNS smallint
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN (get_byte(uuid_send(p_shop), 15) % 8)::smallint;--> statement-breakpoint
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
-- Add p_sign × the shop rows of some shops (NULL: all) to their scopes as they are now.
CREATE FUNCTION report_scope_apply(p_shops uuid[], p_sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  SELECT v.scope, d.cal_date, d.biz_date, d.vehicle_type, d.method, report_stripe(d.shop_id),
    p_sign * sum(d.bills_in), p_sign * sum(d.bills_out), p_sign * sum(d.lost),
    p_sign * sum(d.cancelled), p_sign * sum(d.amount), p_sign * sum(d.cancelled_amount)
  FROM report_daily d
  JOIN shops s ON s.id = d.shop_id
  CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (s.agent_id)) v(scope)
  WHERE v.scope IS NOT NULL AND (p_shops IS NULL OR d.shop_id = ANY (p_shops))
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (scope, cal_date, biz_date, vehicle_type, method, stripe) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount
$$;--> statement-breakpoint
-- A shop that changes agent takes its figures from the old agent's rows to the new one's. Bill
-- writes wait meanwhile (as for a rebuild), so no event is counted for the agent it just left.
CREATE FUNCTION shops_report_agent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.agent_id IS DISTINCT FROM OLD.agent_id THEN
    LOCK TABLE bills IN SHARE MODE;
    INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
      bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
    SELECT v.scope, d.cal_date, d.biz_date, d.vehicle_type, d.method, report_stripe(d.shop_id),
      v.sign * sum(d.bills_in), v.sign * sum(d.bills_out), v.sign * sum(d.lost),
      v.sign * sum(d.cancelled), v.sign * sum(d.amount), v.sign * sum(d.cancelled_amount)
    FROM report_daily d
    CROSS JOIN (VALUES (OLD.agent_id, -1), (NEW.agent_id, 1)) v(scope, sign)
    WHERE d.shop_id = NEW.id AND v.scope IS NOT NULL
    GROUP BY v.scope, v.sign, 2, 3, 4, 5, 6
    ON CONFLICT (scope, cal_date, biz_date, vehicle_type, method, stripe) DO UPDATE SET
      bills_in = r.bills_in + excluded.bills_in,
      bills_out = r.bills_out + excluded.bills_out,
      lost = r.lost + excluded.lost,
      cancelled = r.cancelled + excluded.cancelled,
      amount = r.amount + excluded.amount,
      cancelled_amount = r.cancelled_amount + excluded.cancelled_amount;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER shops_report_agent AFTER UPDATE OF agent_id ON shops FOR EACH ROW EXECUTE FUNCTION shops_report_agent();--> statement-breakpoint
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
-- Scope rows that disagree with the shop rows summed per scope (none when all is well); with
-- report_check (shop rows against the bills) it proves the scopes equal the bills.
CREATE FUNCTION report_scope_check()
RETURNS TABLE (side text, scope uuid, cal_date date, biz_date date, vehicle_type text, method text,
  bills_in bigint, bills_out bigint, lost bigint, cancelled bigint, amount numeric,
  cancelled_amount numeric)
LANGUAGE sql STABLE AS $$
  WITH want AS (
    SELECT v.scope, d.cal_date, d.biz_date, d.vehicle_type, d.method, sum(d.bills_in) AS bills_in,
           sum(d.bills_out) AS bills_out, sum(d.lost) AS lost, sum(d.cancelled) AS cancelled,
           sum(d.amount) AS amount, sum(d.cancelled_amount) AS cancelled_amount
    FROM report_daily d
    JOIN shops s ON s.id = d.shop_id
    CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (s.agent_id)) v(scope)
    WHERE v.scope IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ), have AS (
    SELECT r.scope, r.cal_date, r.biz_date, r.vehicle_type, r.method, sum(r.bills_in) AS bills_in,
           sum(r.bills_out) AS bills_out, sum(r.lost) AS lost, sum(r.cancelled) AS cancelled,
           sum(r.amount) AS amount, sum(r.cancelled_amount) AS cancelled_amount
    FROM report_scope_daily r
    GROUP BY 1, 2, 3, 4, 5
  ), w AS (
    SELECT * FROM want WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount) <> (0, 0, 0, 0, 0, 0)
  ), h AS (
    SELECT * FROM have WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount) <> (0, 0, 0, 0, 0, 0)
  )
  (SELECT 'shops', * FROM w EXCEPT ALL SELECT 'shops', * FROM h)
  UNION ALL
  (SELECT 'scopes', * FROM h EXCEPT ALL SELECT 'scopes', * FROM w)
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
-- Past days need no stripes: their scope rows are folded into stripe 0 (and rows of zeros dropped),
-- so a year reads ~20 rows a day. A late change to such a day simply writes its stripe again.
CREATE FUNCTION report_scope_compact(p_before date) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  WITH moved AS (
    DELETE FROM report_scope_daily
    WHERE stripe <> 0 AND cal_date < p_before AND biz_date < p_before
    RETURNING *
  )
  INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount)
  SELECT scope, cal_date, biz_date, vehicle_type, method, 0, sum(bills_in), sum(bills_out), sum(lost),
    sum(cancelled), sum(amount), sum(cancelled_amount)
  FROM moved
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (scope, cal_date, biz_date, vehicle_type, method, stripe) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount;
  GET DIAGNOSTICS n = ROW_COUNT;
  DELETE FROM report_scope_daily
  WHERE cal_date < p_before AND biz_date < p_before
    AND (bills_in, bills_out, lost, cancelled, amount, cancelled_amount) = (0, 0, 0, 0, 0, 0);
  RETURN n;
END;
$$;--> statement-breakpoint
SELECT report_monthly_apply(NULL, 1);--> statement-breakpoint
SELECT report_scope_apply(NULL, 1);--> statement-breakpoint
SELECT report_scope_compact(current_date - 2);
