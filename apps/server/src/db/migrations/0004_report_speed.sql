-- Regular customers (decision 010) read a shop's plated check-ins of a period from this index
-- alone: an index-only range per shop instead of one heap page per bill. Not in the Drizzle
-- schema, which cannot say INCLUDE.
CREATE INDEX IF NOT EXISTS "bills_shop_plate_visits_idx" ON "bills" USING btree ("shop_id", "check_in_at")
  INCLUDE ("plate_key", "status", "fee", "business_date", "id") WHERE "plate_key" IS NOT NULL;
