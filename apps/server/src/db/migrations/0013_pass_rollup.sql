-- Pass payments in the report rollup (issue 14): a payment counts like a bill event, with method
-- PASS_CASH / PASS_QR, the pass's vehicle type, the staff member who took it, the local date and
-- the business date of taken_at, its money in amount and 1 in passes. Every rollup function takes
-- passes as a measure of its own.
--
-- A payment's business date is kept with it, as a bill's is: filled when left out from the shop's
-- hours at that moment (the SQL twin of contracts/business-day.ts), so a later change of hours
-- moves no payment. No code wrote payments before this migration; any row there is filled anyway.
ALTER TABLE "member_payments" ADD COLUMN "business_date" date;--> statement-breakpoint
UPDATE "member_payments" p SET "business_date" = shop_business_date(p."taken_at", s."timezone", s."open_shop", s."close_shop")
  FROM "shops" s WHERE s."id" = p."shop_id";--> statement-breakpoint
ALTER TABLE "member_payments" ALTER COLUMN "business_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "bills_member_idx" ON "bills" USING btree ("member_id","business_date") WHERE "bills"."member_id" is not null;--> statement-breakpoint
CREATE FUNCTION member_payments_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.business_date IS NULL THEN
    SELECT shop_business_date(NEW.taken_at, s.timezone, s.open_shop, s.close_shop) INTO NEW.business_date
    FROM shops s WHERE s.id = NEW.shop_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER member_payments_fill BEFORE INSERT ON member_payments FOR EACH ROW EXECUTE FUNCTION member_payments_fill();--> statement-breakpoint
-- Payments are never changed or removed (a mistake is put right by a new payment): the rollup
-- counts each once, at its insert.
CREATE FUNCTION member_payments_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_payments is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER member_payments_no_update BEFORE UPDATE OR DELETE ON member_payments
  FOR EACH ROW EXECUTE FUNCTION member_payments_append_only();--> statement-breakpoint
-- One event's figures in the shop row, its month row, and its scope rows (decision 010); d_passes
-- defaults to 0, so bills_report calls it with twelve arguments as before.
DROP FUNCTION report_add(uuid, date, date, text, uuid, text, int, int, int, int, bigint, bigint);--> statement-breakpoint
CREATE FUNCTION report_add(p_shop uuid, p_cal date, p_biz date, p_type text, p_staff uuid,
  p_method text, d_in int, d_out int, d_lost int, d_cancelled int, d_amount bigint,
  d_cancelled_amount bigint, d_passes int DEFAULT 0)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  agent uuid;
  staff uuid := coalesce(p_staff, '00000000-0000-0000-0000-000000000000');
BEGIN
  INSERT INTO report_daily AS r (shop_id, cal_date, biz_date, vehicle_type, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
  VALUES (p_shop, p_cal, p_biz, p_type, staff, p_method, d_in, d_out, d_lost, d_cancelled, d_amount,
    d_cancelled_amount, d_passes)
  ON CONFLICT (shop_id, cal_date, biz_date, vehicle_type, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    passes = r.passes + excluded.passes;
  INSERT INTO report_monthly AS r (shop_id, cal_month, biz_month, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
  VALUES (p_shop, date_trunc('month', p_cal)::date, date_trunc('month', p_biz)::date, staff, p_method,
    d_in, d_out, d_lost, d_cancelled, d_amount, d_cancelled_amount, d_passes)
  ON CONFLICT (shop_id, cal_month, biz_month, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    passes = r.passes + excluded.passes;
  SELECT s.agent_id INTO agent FROM shops s WHERE s.id = p_shop;
  INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
  SELECT v.scope, p_cal, p_biz, p_type, p_method, report_stripe(p_shop),
    d_in, d_out, d_lost, d_cancelled, d_amount, d_cancelled_amount, d_passes
  FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (agent)) v(scope)
  WHERE v.scope IS NOT NULL
  ON CONFLICT (scope, cal_date, biz_date, vehicle_type, method, stripe) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    passes = r.passes + excluded.passes;
END;
$$;--> statement-breakpoint
-- A pass payment's event, in the payment's own transaction (payments are only ever inserted).
CREATE FUNCTION member_payments_report() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT timezone INTO tz FROM shops WHERE id = NEW.shop_id;
  PERFORM report_add(NEW.shop_id, (NEW.taken_at AT TIME ZONE tz)::date, NEW.business_date,
    NEW.vehicle_type, NEW.taken_by, 'PASS_' || NEW.method, 0, 0, 0, 0, NEW.amount::bigint, 0, 1);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER member_payments_report AFTER INSERT ON member_payments FOR EACH ROW EXECUTE FUNCTION member_payments_report();--> statement-breakpoint
-- Add p_sign × the shop rows of some shops (NULL: all) to their month rows.
CREATE OR REPLACE FUNCTION report_monthly_apply(p_shops uuid[], p_sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_monthly AS r (shop_id, cal_month, biz_month, staff_id, method,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
  SELECT d.shop_id, date_trunc('month', d.cal_date)::date, date_trunc('month', d.biz_date)::date,
    d.staff_id, d.method, p_sign * sum(d.bills_in), p_sign * sum(d.bills_out), p_sign * sum(d.lost),
    p_sign * sum(d.cancelled), p_sign * sum(d.amount), p_sign * sum(d.cancelled_amount),
    p_sign * sum(d.passes)
  FROM report_daily d
  WHERE p_shops IS NULL OR d.shop_id = ANY (p_shops)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (shop_id, cal_month, biz_month, staff_id, method) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    passes = r.passes + excluded.passes
$$;--> statement-breakpoint
-- Add p_sign × the shop rows of some shops (NULL: all) to their scopes as they are now.
CREATE OR REPLACE FUNCTION report_scope_apply(p_shops uuid[], p_sign int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
  SELECT v.scope, d.cal_date, d.biz_date, d.vehicle_type, d.method, report_stripe(d.shop_id),
    p_sign * sum(d.bills_in), p_sign * sum(d.bills_out), p_sign * sum(d.lost),
    p_sign * sum(d.cancelled), p_sign * sum(d.amount), p_sign * sum(d.cancelled_amount),
    p_sign * sum(d.passes)
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
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    passes = r.passes + excluded.passes
$$;--> statement-breakpoint
-- A shop that changes agent takes its figures from the old agent's rows to the new one's. Bill
-- and payment writes wait meanwhile (as for a rebuild), so no event is counted for the agent it
-- just left.
CREATE OR REPLACE FUNCTION shops_report_agent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.agent_id IS DISTINCT FROM OLD.agent_id THEN
    LOCK TABLE bills IN SHARE MODE;
    LOCK TABLE member_payments IN SHARE MODE;
    INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
      bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
    SELECT v.scope, d.cal_date, d.biz_date, d.vehicle_type, d.method, report_stripe(d.shop_id),
      v.sign * sum(d.bills_in), v.sign * sum(d.bills_out), v.sign * sum(d.lost),
      v.sign * sum(d.cancelled), v.sign * sum(d.amount), v.sign * sum(d.cancelled_amount),
      v.sign * sum(d.passes)
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
      cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
      passes = r.passes + excluded.passes;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Past days' scope rows folded into stripe 0 (passes with the rest).
CREATE OR REPLACE FUNCTION report_scope_compact(p_before date) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  WITH moved AS (
    DELETE FROM report_scope_daily
    WHERE stripe <> 0 AND cal_date < p_before AND biz_date < p_before
    RETURNING *
  )
  INSERT INTO report_scope_daily AS r (scope, cal_date, biz_date, vehicle_type, method, stripe,
    bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes)
  SELECT scope, cal_date, biz_date, vehicle_type, method, 0, sum(bills_in), sum(bills_out), sum(lost),
    sum(cancelled), sum(amount), sum(cancelled_amount), sum(passes)
  FROM moved
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (scope, cal_date, biz_date, vehicle_type, method, stripe) DO UPDATE SET
    bills_in = r.bills_in + excluded.bills_in,
    bills_out = r.bills_out + excluded.bills_out,
    lost = r.lost + excluded.lost,
    cancelled = r.cancelled + excluded.cancelled,
    amount = r.amount + excluded.amount,
    cancelled_amount = r.cancelled_amount + excluded.cancelled_amount,
    passes = r.passes + excluded.passes;
  GET DIAGNOSTICS n = ROW_COUNT;
  DELETE FROM report_scope_daily
  WHERE cal_date < p_before AND biz_date < p_before
    AND (bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes) = (0, 0, 0, 0, 0, 0, 0);
  RETURN n;
END;
$$;--> statement-breakpoint
-- The checks and the raw rollup return passes too: their row types change, so they are made anew.
DROP FUNCTION report_check(uuid[]);--> statement-breakpoint
DROP FUNCTION report_scope_check();--> statement-breakpoint
DROP FUNCTION report_monthly_check();--> statement-breakpoint
DROP FUNCTION report_from_bills(uuid[]);--> statement-breakpoint
-- The rollup as the raw bills and pass payments say it should be, for some shops (NULL: all):
-- what report:rebuild writes and report:check compares with. Columns in report_daily's order.
CREATE FUNCTION report_from_bills(p_shops uuid[])
RETURNS TABLE (shop_id uuid, cal_date date, biz_date date, vehicle_type text, staff_id uuid,
  method text, bills_in int, bills_out int, lost int, cancelled int, amount bigint,
  cancelled_amount bigint, passes int)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT b.shop_id, (b.check_in_at AT TIME ZONE s.timezone)::date AS cal_date, b.business_date AS biz_date,
           b.vehicle_type, b.check_in_by AS staff_id, '' AS method,
           1 AS bills_in, 0 AS bills_out, 0 AS lost, 0 AS cancelled, 0::bigint AS amount,
           0::bigint AS cancelled_amount, 0 AS passes
    FROM bills b JOIN shops s ON s.id = b.shop_id
    WHERE p_shops IS NULL OR b.shop_id = ANY (p_shops)
    UNION ALL
    SELECT b.shop_id, (b.check_out_at AT TIME ZONE s.timezone)::date, b.out_business_date,
           b.vehicle_type, b.check_out_by, b.payment_method,
           0, 1, (b.status = 'LOST')::int, 0, b.fee::bigint, 0, 0
    FROM bills b JOIN shops s ON s.id = b.shop_id
    WHERE b.status IN ('CLOSED','LOST') AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
    UNION ALL
    SELECT b.shop_id, (b.cancelled_at AT TIME ZONE s.timezone)::date, b.cancel_business_date,
           b.vehicle_type, b.cancelled_by, '',
           0, 0, 0, 1, 0, coalesce(b.fee, 0)::bigint, 0
    FROM bills b JOIN shops s ON s.id = b.shop_id
    WHERE b.status = 'CANCELLED' AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
    UNION ALL
    SELECT p.shop_id, (p.taken_at AT TIME ZONE s.timezone)::date, p.business_date,
           p.vehicle_type, p.taken_by, 'PASS_' || p.method,
           0, 0, 0, 0, p.amount::bigint, 0, 1
    FROM member_payments p JOIN shops s ON s.id = p.shop_id
    WHERE p_shops IS NULL OR p.shop_id = ANY (p_shops)
  )
  SELECT shop_id, cal_date, biz_date, vehicle_type,
         coalesce(staff_id, '00000000-0000-0000-0000-000000000000'), method,
         sum(bills_in)::int, sum(bills_out)::int, sum(lost)::int, sum(cancelled)::int,
         sum(amount)::bigint, sum(cancelled_amount)::bigint, sum(passes)::int
  FROM ev
  GROUP BY 1, 2, 3, 4, 5, 6
$$;--> statement-breakpoint
-- Refill the rollup of some shops (NULL: all) from the bills and the pass payments, with their
-- month and scope rows and plate_visits. Both are share-locked meanwhile, so no change slips
-- between the delete and the insert.
CREATE OR REPLACE FUNCTION report_rebuild(p_shops uuid[] DEFAULT NULL) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  LOCK TABLE bills IN SHARE MODE;
  LOCK TABLE member_payments IN SHARE MODE;
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
  PERFORM plate_visits_rebuild(p_shops);
  RETURN n;
END;
$$;--> statement-breakpoint
-- Rows where the rollup and the bills and payments disagree (none when all is well). Rows of
-- zeros, left where an event moved away, are equal to no row.
CREATE FUNCTION report_check(p_shops uuid[] DEFAULT NULL)
RETURNS TABLE (side text, shop_id uuid, cal_date date, biz_date date, vehicle_type text,
  staff_id uuid, method text, bills_in int, bills_out int, lost int, cancelled int, amount bigint,
  cancelled_amount bigint, passes int)
LANGUAGE sql STABLE AS $$
  WITH raw AS (SELECT * FROM report_from_bills(p_shops)),
  roll AS (
    SELECT r.shop_id, r.cal_date, r.biz_date, r.vehicle_type, r.staff_id, r.method, r.bills_in,
           r.bills_out, r.lost, r.cancelled, r.amount, r.cancelled_amount, r.passes
    FROM report_daily r
    WHERE (p_shops IS NULL OR r.shop_id = ANY (p_shops))
      AND (r.bills_in, r.bills_out, r.lost, r.cancelled, r.amount, r.cancelled_amount, r.passes)
          <> (0, 0, 0, 0, 0, 0, 0)
  )
  (SELECT 'bills', * FROM raw EXCEPT ALL SELECT 'bills', * FROM roll)
  UNION ALL
  (SELECT 'rollup', * FROM roll EXCEPT ALL SELECT 'rollup', * FROM raw)
$$;--> statement-breakpoint
-- Scope rows that disagree with the shop rows summed per scope (none when all is well).
CREATE FUNCTION report_scope_check()
RETURNS TABLE (side text, scope uuid, cal_date date, biz_date date, vehicle_type text, method text,
  bills_in bigint, bills_out bigint, lost bigint, cancelled bigint, amount numeric,
  cancelled_amount numeric, passes bigint)
LANGUAGE sql STABLE AS $$
  WITH want AS (
    SELECT v.scope, d.cal_date, d.biz_date, d.vehicle_type, d.method, sum(d.bills_in) AS bills_in,
           sum(d.bills_out) AS bills_out, sum(d.lost) AS lost, sum(d.cancelled) AS cancelled,
           sum(d.amount) AS amount, sum(d.cancelled_amount) AS cancelled_amount,
           sum(d.passes) AS passes
    FROM report_daily d
    JOIN shops s ON s.id = d.shop_id
    CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), (s.agent_id)) v(scope)
    WHERE v.scope IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ), have AS (
    SELECT r.scope, r.cal_date, r.biz_date, r.vehicle_type, r.method, sum(r.bills_in) AS bills_in,
           sum(r.bills_out) AS bills_out, sum(r.lost) AS lost, sum(r.cancelled) AS cancelled,
           sum(r.amount) AS amount, sum(r.cancelled_amount) AS cancelled_amount,
           sum(r.passes) AS passes
    FROM report_scope_daily r
    GROUP BY 1, 2, 3, 4, 5
  ), w AS (
    SELECT * FROM want
    WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes) <> (0, 0, 0, 0, 0, 0, 0)
  ), h AS (
    SELECT * FROM have
    WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes) <> (0, 0, 0, 0, 0, 0, 0)
  )
  (SELECT 'shops', * FROM w EXCEPT ALL SELECT 'shops', * FROM h)
  UNION ALL
  (SELECT 'scopes', * FROM h EXCEPT ALL SELECT 'scopes', * FROM w)
$$;--> statement-breakpoint
-- Month rows that disagree with the shop rows summed per month (none when all is well).
CREATE FUNCTION report_monthly_check()
RETURNS TABLE (side text, shop_id uuid, cal_month date, biz_month date, staff_id uuid, method text,
  bills_in bigint, bills_out bigint, lost bigint, cancelled bigint, amount numeric,
  cancelled_amount numeric, passes bigint)
LANGUAGE sql STABLE AS $$
  WITH want AS (
    SELECT d.shop_id, date_trunc('month', d.cal_date)::date AS cal_month,
           date_trunc('month', d.biz_date)::date AS biz_month, d.staff_id, d.method,
           sum(d.bills_in) AS bills_in, sum(d.bills_out) AS bills_out, sum(d.lost) AS lost,
           sum(d.cancelled) AS cancelled, sum(d.amount) AS amount,
           sum(d.cancelled_amount) AS cancelled_amount, sum(d.passes) AS passes
    FROM report_daily d
    GROUP BY 1, 2, 3, 4, 5
  ), have AS (
    SELECT m.shop_id, m.cal_month, m.biz_month, m.staff_id, m.method, m.bills_in::bigint,
           m.bills_out::bigint, m.lost::bigint, m.cancelled::bigint, m.amount::numeric,
           m.cancelled_amount::numeric, m.passes::bigint
    FROM report_monthly m
  ), w AS (
    SELECT * FROM want
    WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes) <> (0, 0, 0, 0, 0, 0, 0)
  ), h AS (
    SELECT * FROM have
    WHERE (bills_in, bills_out, lost, cancelled, amount, cancelled_amount, passes) <> (0, 0, 0, 0, 0, 0, 0)
  )
  (SELECT 'shops', * FROM w EXCEPT ALL SELECT 'shops', * FROM h)
  UNION ALL
  (SELECT 'months', * FROM h EXCEPT ALL SELECT 'months', * FROM w)
$$;--> statement-breakpoint
-- Payments written before this migration (none in practice) come into the rollup.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM member_payments) THEN
    PERFORM report_rebuild();
  END IF;
END;
$$;
