CREATE TABLE "company_profile" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_name" text,
	"branch" text,
	"logo_path" text,
	"telephone" text,
	"whatsapp" text,
	"email" text,
	"address" text,
	"qr_image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_profile_single_row" CHECK ("company_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"detail" text,
	"http_status" integer,
	"error_code" text
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"template_name" text,
	"template_language" text,
	"template_params" jsonb,
	"subject" text,
	"body" text NOT NULL,
	"secret" jsonb,
	"language" text NOT NULL,
	"shop_id" uuid,
	"user_id" uuid,
	"cause" text NOT NULL,
	"cause_id" text,
	"created_by" uuid,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"sending_since" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "outbox_channel_check" CHECK ("outbox_messages"."channel" in ('WHATSAPP','EMAIL')),
	CONSTRAINT "outbox_status_check" CHECK ("outbox_messages"."status" in ('QUEUED','SENT','DELIVERED','READ','FAILED','NOT_CONFIGURED','CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "outbox_pace" (
	"key" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contacts" (
	"wa_id" text PRIMARY KEY NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" "bytea" NOT NULL,
	"user_id" uuid,
	"identifier" text NOT NULL,
	"destinations" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"code_hash" "bytea",
	"code_channel" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"reset_token_hash" "bytea",
	"reset_expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_key" UNIQUE("token_hash"),
	CONSTRAINT "password_resets_reset_token_key" UNIQUE("reset_token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_message_id_outbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_events_message_idx" ON "outbox_events" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_shop_idx" ON "outbox_messages" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox_messages" USING btree ("recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_provider_id_key" ON "outbox_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_whatsapp_key" ON "users" USING btree ("whatsapp") WHERE "users"."deleted_at" is null;--> statement-breakpoint
-- Shops' WhatsApp numbers become E.164 as users' are (a Lao mobile typed 020…, 20… or 856… gets +856).
UPDATE "shops" SET "whatsapp" = '+856' || regexp_replace(regexp_replace("whatsapp", '[\s().+-]', '', 'g'), '^(856)?0?', '')
WHERE "whatsapp" IS NOT NULL
  AND regexp_replace(regexp_replace("whatsapp", '[\s().+-]', '', 'g'), '^(856)?0?', '') ~ '^(20[0-9]{8}|30[0-9]{7})$';
