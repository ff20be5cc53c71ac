-- Plate search by part of a plate (LIKE '%…%') reads trigrams; pg_trgm ships with PostgreSQL and is a
-- trusted extension (a database owner may create it). The staff filter reads each side by index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- In the C locale pg_trgm takes only ASCII letters and digits for parts of words: a Lao plate's
-- province letters would make no trigram, and "ບຈ81" would read every plate holding 81. The index
-- and the search go through this spelling of each consonant as a lowercase Latin letter (plates
-- keep their Latin letters upper-case, so LIKE tells them apart). The ligatures ໜ and ໝ are read
-- as ຫນ and ຫມ, and ຣ as ລ (the same sound, spelt either way on plates): a search finds both.
CREATE FUNCTION plate_trgm_key(plate text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(replace(replace(plate, 'ໜ', 'ຫນ'), 'ໝ', 'ຫມ'),
                   'ກຂຄງຈສຊຍດຕຖທນບປຜຝພຟມຢຣລວຫອຮ', 'abcdefghijklmnopqrstuvvwxyz');--> statement-breakpoint
CREATE INDEX "bills_in_by_idx" ON "bills" USING btree ("check_in_by","check_in_at","id");--> statement-breakpoint
CREATE INDEX "bills_out_by_idx" ON "bills" USING btree ("check_out_by","check_in_at","id") WHERE "bills"."check_out_by" is not null;--> statement-breakpoint
CREATE INDEX "bills_plate_trgm_idx" ON "bills" USING gin (plate_trgm_key("plate_key") gin_trgm_ops) WHERE "bills"."plate_key" is not null;--> statement-breakpoint
-- A fine histogram of the searched spelling lets the planner tell a rare fragment (read by
-- trigrams) from a common one (read newest first, filtering); the default misjudged '%123%' 20 times.
CREATE STATISTICS "bills_plate_search_stats" ON (plate_trgm_key("plate_key")) FROM "bills";--> statement-breakpoint
ALTER STATISTICS "bills_plate_search_stats" SET STATISTICS 1000;
