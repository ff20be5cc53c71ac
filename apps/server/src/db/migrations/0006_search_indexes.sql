-- Plate search by part of a plate (LIKE '%…%') reads trigrams; pg_trgm ships with PostgreSQL and is a
-- trusted extension (a database owner may create it). The staff filter reads each side by index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- A finer histogram lets the planner tell a rare fragment (read by trigrams) from a common one
-- (read newest first, filtering): with the default the estimate of '%123%' was 20 times too low.
ALTER TABLE "bills" ALTER COLUMN "plate_key" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "bills_in_by_idx" ON "bills" USING btree ("check_in_by","check_in_at","id");--> statement-breakpoint
CREATE INDEX "bills_out_by_idx" ON "bills" USING btree ("check_out_by","check_in_at","id") WHERE "bills"."check_out_by" is not null;--> statement-breakpoint
CREATE INDEX "bills_plate_trgm_idx" ON "bills" USING gin ("plate_key" gin_trgm_ops) WHERE "bills"."plate_key" is not null;