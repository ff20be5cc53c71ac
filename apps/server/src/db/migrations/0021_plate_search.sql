-- Part of a plate of any length by trigrams (decision 023). pg_trgm cannot take a fragment under
-- three characters from LIKE '%12%': the old index (plate_trgm_key, migration 0006) read none, and
-- "12" or a rare two letters were searched bill by bill (a count of "1,000+" read ~26,500 bills on
-- the demo, a fragment with no match every bill). Indexed instead: every ending of the searched
-- spelling as a word of its own, ' ne1234 e1234 1234 234 34 4', so a fragment is the start of a
-- word and LIKE '% 12%' gives pg_trgm the word-start trigrams '  1' and ' 12'. Longer fragments
-- gain the same word start (' 01', '016' instead of '016' alone). Plates are at most 20 characters
-- (contracts' plateSchema), so the text stays under a few hundred. The spelling is plate_trgm_key's
-- (migration 0006, which the search applies to the fragment) written out: PostgreSQL 17 and later
-- run a function that an index, ANALYZE or VACUUM calls with pg_catalog alone on the search path.
CREATE FUNCTION plate_search_words(plate text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  k text := translate(replace(replace(plate, 'ໜ', 'ຫນ'), 'ໝ', 'ຫມ'),
                      'ກຂຄງຈສຊຍດຕຖທນບປຜຝພຟມຢຣລວຫອຮ', 'abcdefghijklmnopqrstuvvwxyz');
  words text := '';
BEGIN
  FOR i IN 1..length(k) LOOP
    words := words || ' ' || substr(k, i);
  END LOOP;
  RETURN words;
END;
$$;--> statement-breakpoint
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
DROP INDEX "bills_plate_trgm_idx";--> statement-breakpoint
DROP STATISTICS IF EXISTS "bills_plate_search_stats";--> statement-breakpoint
CREATE INDEX "bills_plate_words_idx" ON "bills" USING gin (plate_search_words("plate_key") gin_trgm_ops) WHERE "bills"."plate_key" is not null;--> statement-breakpoint
-- A fine histogram of the searched words lets the planner tell a rare fragment (read by trigrams)
-- from a common one (read newest first, filtering), as bills_plate_search_stats did before.
CREATE STATISTICS "bills_plate_words_stats" ON (plate_search_words("plate_key")) FROM "bills";--> statement-breakpoint
ALTER STATISTICS "bills_plate_words_stats" SET STATISTICS 1000;
--> statement-breakpoint
-- Expression statistics are made by ANALYZE only, and a large table is not analysed again for weeks.
ANALYZE "bills";
