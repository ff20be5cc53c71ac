ALTER TABLE "members" ADD COLUMN "search_key" text GENERATED ALWAYS AS (plate_trgm_key(upper(full_name || ' ' || number || ' ' || coalesce(phone, '')))) STORED;--> statement-breakpoint
CREATE INDEX "members_list_idx" ON "members" USING btree ("shop_id","number","id","status","valid_until","search_key","plate_keys");--> statement-breakpoint
CREATE INDEX "members_status_until_idx" ON "members" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin ("search_key" gin_trgm_ops);