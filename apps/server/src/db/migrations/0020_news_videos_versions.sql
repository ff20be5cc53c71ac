CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image_path" text,
	"audience" text NOT NULL,
	"agent_id" uuid,
	"shop_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"publish_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"send_count" integer DEFAULT 0 NOT NULL,
	"public_token" text NOT NULL,
	"owner_agent_id" uuid,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_audience_check" CHECK ("news"."audience" in ('ALL','AGENT','SHOPS')),
	CONSTRAINT "news_status_check" CHECK ("news"."status" in ('DRAFT','SCHEDULED','SENT','WITHDRAWN'))
);
--> statement-breakpoint
CREATE TABLE "news_deliveries" (
	"news_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"message_id" uuid,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_deliveries_news_id_shop_id_pk" PRIMARY KEY("news_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"news_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_reads_news_id_user_id_pk" PRIMARY KEY("news_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"file_path" text,
	"mime_type" text,
	"size_bytes" bigint,
	"url" text,
	"poster_path" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_source_check" CHECK ("videos"."source" in ('UPLOAD','LINK')),
	CONSTRAINT "videos_source_fields_check" CHECK (("videos"."source" = 'UPLOAD' and "videos"."file_path" is not null) or ("videos"."source" = 'LINK' and "videos"."url" is not null))
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"version" text NOT NULL,
	"major" integer NOT NULL,
	"minor" integer NOT NULL,
	"patch" integer NOT NULL,
	"build" integer NOT NULL,
	"min_version" text NOT NULL,
	"min_major" integer NOT NULL,
	"min_minor" integer NOT NULL,
	"min_patch" integer NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"store_url" text NOT NULL,
	"notes_lo" text DEFAULT '' NOT NULL,
	"notes_en" text DEFAULT '' NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_platform_check" CHECK ("app_versions"."platform" in ('android','ios')),
	CONSTRAINT "app_versions_parts_check" CHECK ("app_versions"."major" >= 0 and "app_versions"."minor" >= 0 and "app_versions"."patch" >= 0 and "app_versions"."build" > 0),
	CONSTRAINT "app_versions_min_check" CHECK (("app_versions"."min_major", "app_versions"."min_minor", "app_versions"."min_patch") <= ("app_versions"."major", "app_versions"."minor", "app_versions"."patch"))
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_owner_agent_id_users_id_fk" FOREIGN KEY ("owner_agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_deliveries" ADD CONSTRAINT "news_deliveries_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_deliveries" ADD CONSTRAINT "news_deliveries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_deliveries" ADD CONSTRAINT "news_deliveries_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_created_idx" ON "news" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_due_idx" ON "news" USING btree ("publish_at") WHERE "news"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "news_owner_idx" ON "news" USING btree ("owner_agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_token_key" ON "news" USING btree ("public_token");--> statement-breakpoint
CREATE INDEX "news_deliveries_shop_idx" ON "news_deliveries" USING btree ("shop_id","news_id");--> statement-breakpoint
CREATE INDEX "news_deliveries_message_idx" ON "news_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "news_reads_user_idx" ON "news_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "videos_order_idx" ON "videos" USING btree ("sort_order","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_version_key" ON "app_versions" USING btree ("platform","major","minor","patch");--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_build_key" ON "app_versions" USING btree ("platform","build");--> statement-breakpoint
CREATE INDEX "app_versions_latest_idx" ON "app_versions" USING btree ("platform","major","minor","patch");