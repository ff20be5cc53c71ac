-- Regular customers over any period up to twelve months (decision 023). plate_visits (migration
-- 0008) gains a fourth grain: 'r', a pair's visits in the thirteen months from a month's first day
-- (cal and biz: that first day by calendar and by business date), one row per start month. Any
-- period inside thirteen calendar months (the last twelve months, the last 365 days, the last
-- three months) is then one such row less what lies outside the period, and what is taken away
-- can only lower a pair's count: the pairs with at least minVisits are a range of
-- plate_visits_cal_idx / _biz_idx, with no pair of the year's rows looked up or joined (the last
-- twelve months read ~350,000 year rows and hash-joined them with ~80,000 pairs of a month).
-- Each visit adds thirteen more rows to its pair's day, month and year rows.
CREATE OR REPLACE FUNCTION plate_visit_add(p_shop uuid, p_plate text, p_cal date, p_biz date, d_visits int,
  d_amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO plate_visits AS v (shop_id, grain, cal, biz, plate_key, visits, amount)
  SELECT p_shop, g.grain, g.cal, g.biz, p_plate, d_visits, d_amount
  FROM (VALUES ('d', p_cal, p_biz),
               ('m', date_trunc('month', p_cal)::date, date_trunc('month', p_biz)::date),
               ('y', date_trunc('year', p_cal)::date, date_trunc('year', p_biz)::date)) g(grain, cal, biz)
  UNION ALL
  SELECT p_shop, 'r', (date_trunc('month', p_cal) - make_interval(months => k))::date,
         (date_trunc('month', p_biz) - make_interval(months => k))::date, p_plate, d_visits, d_amount
  FROM generate_series(0, 12) k
  ON CONFLICT (shop_id, grain, cal, biz, plate_key) DO UPDATE SET
    visits = v.visits + excluded.visits,
    amount = v.amount + excluded.amount
$$;--> statement-breakpoint
-- plate_visits as the bills say it should be: the window rows summed from the month rows.
CREATE OR REPLACE FUNCTION plate_visits_from_bills(p_shops uuid[])
RETURNS TABLE (shop_id uuid, grain text, cal date, biz date, plate_key text, visits int, amount bigint)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT b.shop_id, b.plate_key, (b.check_in_at AT TIME ZONE s.timezone)::date AS cal,
           b.business_date AS biz, coalesce(b.fee, 0)::bigint AS fee
    FROM bills b
    JOIN plate_pairs p ON p.shop_id = b.shop_id AND p.plate_key = b.plate_key AND p.seen >= 2
    JOIN shops s ON s.id = b.shop_id
    WHERE b.status <> 'CANCELLED' AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
  ), dmy AS (
    SELECT ev.shop_id, g.grain, g.cal, g.biz, ev.plate_key, count(*)::int AS visits, sum(ev.fee)::bigint AS amount
    FROM ev
    CROSS JOIN LATERAL (VALUES ('d', ev.cal, ev.biz),
      ('m', date_trunc('month', ev.cal)::date, date_trunc('month', ev.biz)::date),
      ('y', date_trunc('year', ev.cal)::date, date_trunc('year', ev.biz)::date)) g(grain, cal, biz)
    GROUP BY 1, 2, 3, 4, 5
  )
  SELECT * FROM dmy
  UNION ALL
  SELECT m.shop_id, 'r', (m.cal - make_interval(months => k))::date, (m.biz - make_interval(months => k))::date,
         m.plate_key, sum(m.visits)::int, sum(m.amount)::bigint
  FROM dmy m
  CROSS JOIN generate_series(0, 12) k
  WHERE m.grain = 'm'
  GROUP BY 1, 3, 4, 5
$$;--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
SET LOCAL work_mem = '256MB';--> statement-breakpoint
-- The window rows of the pairs counted so far, from their month rows (indexes built afterwards).
ALTER TABLE "plate_visits" DROP CONSTRAINT "plate_visits_pkey";--> statement-breakpoint
DROP INDEX "plate_visits_cal_idx";--> statement-breakpoint
DROP INDEX "plate_visits_biz_idx";--> statement-breakpoint
DROP INDEX "plate_visits_cal_split_idx";--> statement-breakpoint
DROP INDEX "plate_visits_biz_split_idx";--> statement-breakpoint
INSERT INTO plate_visits (shop_id, grain, cal, biz, plate_key, visits, amount)
SELECT m.shop_id, 'r', (m.cal - make_interval(months => k))::date, (m.biz - make_interval(months => k))::date,
       m.plate_key, sum(m.visits)::int, sum(m.amount)::bigint
FROM plate_visits m
CROSS JOIN generate_series(0, 12) k
WHERE m.grain = 'm' AND (m.visits, m.amount) <> (0, 0)
GROUP BY 1, 3, 4, 5;--> statement-breakpoint
ALTER TABLE "plate_visits" ADD CONSTRAINT "plate_visits_pkey" PRIMARY KEY ("shop_id", "plate_key", "grain", "cal", "biz");--> statement-breakpoint
CREATE INDEX "plate_visits_cal_idx" ON "plate_visits" USING btree ("grain", "cal", "visits")
  INCLUDE ("shop_id", "plate_key", "amount", "biz");--> statement-breakpoint
CREATE INDEX "plate_visits_biz_idx" ON "plate_visits" USING btree ("grain", "biz", "visits")
  INCLUDE ("shop_id", "plate_key", "amount", "cal");--> statement-breakpoint
CREATE INDEX "plate_visits_cal_split_idx" ON "plate_visits" USING btree ("grain", "cal")
  INCLUDE ("shop_id", "plate_key", "visits", "amount", "biz") WHERE "cal" <> "biz";--> statement-breakpoint
CREATE INDEX "plate_visits_biz_split_idx" ON "plate_visits" USING btree ("grain", "biz")
  INCLUDE ("shop_id", "plate_key", "visits", "amount", "cal") WHERE "cal" <> "biz";--> statement-breakpoint
ANALYZE "plate_visits";
