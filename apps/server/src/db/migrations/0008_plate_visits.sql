CREATE TABLE "plate_pairs" (
	"shop_id" uuid NOT NULL,
	"plate_key" text NOT NULL,
	"seen" integer NOT NULL,
	"first_bill" bigint NOT NULL,
	CONSTRAINT "plate_pairs_pkey" PRIMARY KEY("shop_id","plate_key")
);
--> statement-breakpoint
CREATE TABLE "plate_visits" (
	"shop_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"cal" date NOT NULL,
	"biz" date NOT NULL,
	"plate_key" text NOT NULL,
	"visits" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "plate_visits_pkey" PRIMARY KEY("shop_id","plate_key","grain","cal","biz")
);
--> statement-breakpoint
DROP INDEX "bills_shop_plate_idx";--> statement-breakpoint
CREATE INDEX "bills_shop_plate_idx" ON "bills" USING btree ("shop_id","plate_key","check_in_at") WHERE "bills"."plate_key" is not null;
--> statement-breakpoint
-- Add (or, with negative deltas, take back) visits of one pair on one day, at the three grains.
CREATE FUNCTION plate_visit_add(p_shop uuid, p_plate text, p_cal date, p_biz date, d_visits int,
  d_amount bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO plate_visits AS v (shop_id, grain, cal, biz, plate_key, visits, amount)
  VALUES (p_shop, 'd', p_cal, p_biz, p_plate, d_visits, d_amount),
         (p_shop, 'm', date_trunc('month', p_cal)::date, date_trunc('month', p_biz)::date, p_plate,
          d_visits, d_amount),
         (p_shop, 'y', date_trunc('year', p_cal)::date, date_trunc('year', p_biz)::date, p_plate,
          d_visits, d_amount)
  ON CONFLICT (shop_id, grain, cal, biz, plate_key) DO UPDATE SET
    visits = v.visits + excluded.visits,
    amount = v.amount + excluded.amount
$$;--> statement-breakpoint
-- A ticket took a plate (issued with it, or corrected to it): the pair is seen once more. At its
-- second sighting the pair starts to be counted, with the visit of the first sighting's ticket as
-- it is now (if it still has the plate). Only that ticket: the others of a statement that writes
-- several (their row triggers run after it) count themselves when their turn comes.
CREATE FUNCTION plate_pair_seen(p_shop uuid, p_plate text, p_bill bigint, tz text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  n int;
  first bigint;
BEGIN
  INSERT INTO plate_pairs AS p (shop_id, plate_key, seen, first_bill) VALUES (p_shop, p_plate, 1, p_bill)
  ON CONFLICT (shop_id, plate_key) DO UPDATE SET seen = p.seen + 1
  RETURNING seen, first_bill INTO n, first;
  IF n = 2 THEN
    PERFORM plate_visit_add(b.shop_id, b.plate_key, (b.check_in_at AT TIME ZONE tz)::date,
      b.business_date, 1, coalesce(b.fee, 0))
    FROM bills b
    WHERE b.id = first AND b.id <> p_bill AND b.shop_id = p_shop AND b.plate_key = p_plate
      AND b.status <> 'CANCELLED';
  END IF;
  RETURN n;
END;
$$;--> statement-breakpoint
-- A bill's visit in plate_visits: its check-in, unless cancelled, with its fee, for a pair seen
-- twice or more. An update takes back the visit as it was and adds it as it is now.
CREATE FUNCTION bills_plate_visits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  old_tz text;
  was_update boolean := TG_OP = 'UPDATE';
  old_visit boolean := false;
  new_visit boolean := NEW.plate_key IS NOT NULL AND NEW.status <> 'CANCELLED';
  same_pair boolean := false;
  new_seen int;
BEGIN
  SELECT timezone INTO tz FROM shops WHERE id = NEW.shop_id;
  IF was_update THEN
    old_visit := OLD.plate_key IS NOT NULL AND OLD.status <> 'CANCELLED';
    same_pair := OLD.plate_key IS NOT DISTINCT FROM NEW.plate_key AND OLD.shop_id = NEW.shop_id;
    old_tz := CASE WHEN OLD.shop_id = NEW.shop_id THEN tz
                   ELSE (SELECT timezone FROM shops WHERE id = OLD.shop_id) END;
    IF (old_visit, OLD.shop_id, OLD.plate_key, OLD.check_in_at, OLD.business_date, coalesce(OLD.fee, 0))
       IS NOT DISTINCT FROM
       (new_visit, NEW.shop_id, NEW.plate_key, NEW.check_in_at, NEW.business_date, coalesce(NEW.fee, 0)) THEN
      RETURN NULL;
    END IF;
    IF same_pair AND old_visit AND new_visit AND OLD.check_in_at = NEW.check_in_at
       AND OLD.business_date = NEW.business_date THEN
      -- The usual update (a check-out): only the fee changed.
      IF EXISTS (SELECT 1 FROM plate_pairs p
                 WHERE p.shop_id = NEW.shop_id AND p.plate_key = NEW.plate_key AND p.seen >= 2) THEN
        PERFORM plate_visit_add(NEW.shop_id, NEW.plate_key, (NEW.check_in_at AT TIME ZONE tz)::date,
          NEW.business_date, 0, coalesce(NEW.fee, 0) - coalesce(OLD.fee, 0));
      END IF;
      RETURN NULL;
    END IF;
    IF old_visit AND EXISTS (SELECT 1 FROM plate_pairs p
                             WHERE p.shop_id = OLD.shop_id AND p.plate_key = OLD.plate_key AND p.seen >= 2) THEN
      PERFORM plate_visit_add(OLD.shop_id, OLD.plate_key, (OLD.check_in_at AT TIME ZONE old_tz)::date,
        OLD.business_date, -1, -coalesce(OLD.fee, 0));
    END IF;
  END IF;
  IF NEW.plate_key IS NULL THEN
    RETURN NULL;
  END IF;
  IF NOT same_pair THEN
    new_seen := plate_pair_seen(NEW.shop_id, NEW.plate_key, NEW.id, tz);
  ELSE
    SELECT p.seen INTO new_seen FROM plate_pairs p WHERE p.shop_id = NEW.shop_id AND p.plate_key = NEW.plate_key;
  END IF;
  IF new_visit AND new_seen >= 2 THEN
    PERFORM plate_visit_add(NEW.shop_id, NEW.plate_key, (NEW.check_in_at AT TIME ZONE tz)::date,
      NEW.business_date, 1, coalesce(NEW.fee, 0));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bills_plate_visits_insert AFTER INSERT ON bills FOR EACH ROW
  WHEN (NEW.plate_key IS NOT NULL) EXECUTE FUNCTION bills_plate_visits();--> statement-breakpoint
CREATE TRIGGER bills_plate_visits_update
  AFTER UPDATE OF shop_id, plate_key, status, check_in_at, business_date, fee ON bills FOR EACH ROW
  WHEN (OLD.plate_key IS NOT NULL OR NEW.plate_key IS NOT NULL) EXECUTE FUNCTION bills_plate_visits();--> statement-breakpoint
-- plate_visits as the bills say it should be, for some shops (NULL: all): the visits of the pairs
-- plate_pairs counts as seen twice or more.
CREATE FUNCTION plate_visits_from_bills(p_shops uuid[])
RETURNS TABLE (shop_id uuid, grain text, cal date, biz date, plate_key text, visits int, amount bigint)
LANGUAGE sql STABLE AS $$
  WITH ev AS (
    SELECT b.shop_id, b.plate_key, (b.check_in_at AT TIME ZONE s.timezone)::date AS cal,
           b.business_date AS biz, coalesce(b.fee, 0)::bigint AS fee
    FROM bills b
    JOIN plate_pairs p ON p.shop_id = b.shop_id AND p.plate_key = b.plate_key AND p.seen >= 2
    JOIN shops s ON s.id = b.shop_id
    WHERE b.status <> 'CANCELLED' AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
  )
  SELECT ev.shop_id, g.grain, g.cal, g.biz, ev.plate_key, count(*)::int, sum(ev.fee)::bigint
  FROM ev
  CROSS JOIN LATERAL (VALUES ('d', ev.cal, ev.biz),
    ('m', date_trunc('month', ev.cal)::date, date_trunc('month', ev.biz)::date),
    ('y', date_trunc('year', ev.cal)::date, date_trunc('year', ev.biz)::date)) g(grain, cal, biz)
  GROUP BY 1, 2, 3, 4, 5
$$;--> statement-breakpoint
-- Refill plate_pairs and plate_visits of some shops (NULL: all) from the bills. The caller holds
-- the bills still (report_rebuild share-locks them).
CREATE FUNCTION plate_visits_rebuild(p_shops uuid[] DEFAULT NULL) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  IF p_shops IS NULL THEN
    TRUNCATE plate_pairs, plate_visits;
  ELSE
    DELETE FROM plate_visits v WHERE v.shop_id = ANY (p_shops);
    DELETE FROM plate_pairs p WHERE p.shop_id = ANY (p_shops);
  END IF;
  INSERT INTO plate_pairs (shop_id, plate_key, seen, first_bill)
  SELECT b.shop_id, b.plate_key, count(*)::int, min(b.id)
  FROM bills b
  WHERE b.plate_key IS NOT NULL AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
  GROUP BY 1, 2;
  INSERT INTO plate_visits (shop_id, grain, cal, biz, plate_key, visits, amount)
  SELECT * FROM plate_visits_from_bills(p_shops);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END;
$$;--> statement-breakpoint
-- Where plate_visits and the bills disagree (none when all is well): rows that differ, and pairs
-- with two visits or more that plate_pairs does not count as seen twice (they would be missed).
-- Rows of zeros, left where a visit moved away, are equal to no row.
CREATE FUNCTION plate_visits_check(p_shops uuid[] DEFAULT NULL)
RETURNS TABLE (side text, shop_id uuid, grain text, cal date, biz date, plate_key text, visits int,
  amount bigint)
LANGUAGE sql STABLE AS $$
  WITH raw AS (SELECT * FROM plate_visits_from_bills(p_shops)),
  roll AS (
    SELECT v.shop_id, v.grain, v.cal, v.biz, v.plate_key, v.visits, v.amount
    FROM plate_visits v
    WHERE (p_shops IS NULL OR v.shop_id = ANY (p_shops)) AND (v.visits, v.amount) <> (0, 0)
  )
  (SELECT 'bills', * FROM raw EXCEPT ALL SELECT 'bills', * FROM roll)
  UNION ALL
  (SELECT 'rollup', * FROM roll EXCEPT ALL SELECT 'rollup', * FROM raw)
  UNION ALL
  (SELECT 'unseen', b.shop_id, 'all', NULL::date, NULL::date, b.plate_key, count(*)::int, NULL::bigint
   FROM bills b
   LEFT JOIN plate_pairs p ON p.shop_id = b.shop_id AND p.plate_key = b.plate_key
   WHERE b.plate_key IS NOT NULL AND b.status <> 'CANCELLED'
     AND (p_shops IS NULL OR b.shop_id = ANY (p_shops))
   GROUP BY b.shop_id, b.plate_key, p.seen
   HAVING count(*) >= 2 AND coalesce(p.seen, 0) < 2)
$$;--> statement-breakpoint
-- report_rebuild refills plate_visits too (a shop's time zone change moves its calendar dates).
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
  PERFORM plate_visits_rebuild(p_shops);
  RETURN n;
END;
$$;--> statement-breakpoint
SELECT plate_visits_rebuild();--> statement-breakpoint
-- The regular customers report reads a period's rows here (after the rebuild: an index is built
-- faster than kept row by row). With the visits in the key, the pairs with at least minVisits in a
-- year or month are a range of their own; INCLUDE lets them be read from the index alone.
CREATE INDEX "plate_visits_cal_idx" ON "plate_visits" USING btree ("grain", "cal", "visits")
  INCLUDE ("shop_id", "plate_key", "amount", "biz");--> statement-breakpoint
CREATE INDEX "plate_visits_biz_idx" ON "plate_visits" USING btree ("grain", "biz", "visits")
  INCLUDE ("shop_id", "plate_key", "amount", "cal");--> statement-breakpoint
-- Rows whose calendar and business periods differ (visits around midnight at a period's end): few,
-- and read whole, since a pair's visits of a period can then be split over two rows.
CREATE INDEX "plate_visits_cal_split_idx" ON "plate_visits" USING btree ("grain", "cal")
  INCLUDE ("shop_id", "plate_key", "visits", "amount", "biz") WHERE "cal" <> "biz";--> statement-breakpoint
CREATE INDEX "plate_visits_biz_split_idx" ON "plate_visits" USING btree ("grain", "biz")
  INCLUDE ("shop_id", "plate_key", "visits", "amount", "cal") WHERE "cal" <> "biz";
