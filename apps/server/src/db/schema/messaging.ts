import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';
import { users } from './users.ts';

/**
 * The outbox (decision 011): every WhatsApp message and e-mail is first a row here, written in the
 * transaction of the change that causes it; a pg-boss job sends it. `secret` holds what only the
 * sender may see (a verification code): no API answer includes it, and it is wiped once the row
 * is final. `sending_since` marks an attempt that has called the provider and not yet recorded
 * the answer: a crash leaves it set, and the next run checks before sending again.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    templateName: text('template_name'),
    templateLanguage: text('template_language'),
    templateParams: jsonb('template_params').$type<{ body: string[]; urlButton?: string }>(),
    subject: text('subject'),
    body: text('body').notNull(),
    secret: jsonb('secret').$type<Record<string, string>>(),
    language: text('language').notNull(),
    shopId: uuid('shop_id').references(() => shops.id),
    userId: uuid('user_id').references(() => users.id),
    cause: text('cause').notNull(),
    causeId: text('cause_id'),
    createdBy: uuid('created_by').references(() => users.id),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_created_idx').on(t.createdAt, t.id),
    index('outbox_status_idx').on(t.status, t.createdAt),
    index('outbox_shop_idx').on(t.shopId, t.createdAt),
    index('outbox_recipient_idx').on(t.recipient),
    uniqueIndex('outbox_provider_id_key').on(t.providerMessageId),
    check('outbox_channel_check', sql`${t.channel} in ('WHATSAPP','EMAIL')`),
    check(
      'outbox_status_check',
      sql`${t.status} in ('QUEUED','SENT','DELIVERED','READ','FAILED','NOT_CONFIGURED','CANCELLED')`,
    ),
  ],
);

/** What happened to each message, in order: attempts, errors, retries, provider callbacks. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    status: text('status'),
    detail: text('detail'),
    httpStatus: integer('http_status'),
    errorCode: text('error_code'),
  },
  (t) => [index('outbox_events_message_idx').on(t.messageId, t.id)],
);

/**
 * Sending pace shared by every server instance: one row per channel ('channel:WHATSAPP') holds the
 * time its next message may go (a GCRA), one row per WhatsApp recipient ('to:+856…') the time the
 * next message to that number may go (about one per 6 seconds, the Cloud API's pair limit).
 */
export const outboxPace = pgTable('outbox_pace', {
  key: text('key').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/** When each WhatsApp number last wrote to us: free text is allowed for 24 hours after that. */
export const whatsappContacts = pgTable('whatsapp_contacts', {
  waId: text('wa_id').primaryKey(),
  lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
});

/** Small platform-wide values: the decoy key of password recovery, the last WhatsApp check. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
