import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxMessages } from './messaging.ts';
import { shops } from './shops.ts';
import { users } from './users.ts';

/**
 * News to shops (issue 16). Audience: every ACTIVE shop (ALL), the shops of `agentId` (AGENT), or
 * `shopIds` (SHOPS). DRAFT → SCHEDULED (`publishAt` ahead) → SENT; a sent one is WITHDRAWN, never
 * deleted. `publicToken` names its public page (the WhatsApp message links to it). `ownerAgentId`
 * is the agent who wrote it (null: the platform's).
 */
export const news = pgTable(
  'news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    imagePath: text('image_path'),
    audience: text('audience').notNull(),
    agentId: uuid('agent_id').references(() => users.id),
    shopIds: uuid('shop_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').notNull().default('DRAFT'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    publicToken: text('public_token').notNull(),
    ownerAgentId: uuid('owner_agent_id').references(() => users.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_created_idx').on(t.createdAt),
    index('news_due_idx').on(t.publishAt).where(sql`${t.status} = 'SCHEDULED'`),
    index('news_owner_idx').on(t.ownerAgentId, t.createdAt),
    uniqueIndex('news_token_key').on(t.publicToken),
    check('news_audience_check', sql`${t.audience} in ('ALL','AGENT','SHOPS')`),
    check('news_status_check', sql`${t.status} in ('DRAFT','SCHEDULED','SENT','WITHDRAWN')`),
  ],
);

/**
 * One row per news item and shop it was sent to: the shops are fixed when it is sent (the
 * audience resolved then), so who got it never changes afterwards. `messageId` is the latest
 * WhatsApp message (its status is the delivery's); null with `reason` when none could be sent.
 */
export const newsDeliveries = pgTable(
  'news_deliveries',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    messageId: uuid('message_id').references(() => outboxMessages.id),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.newsId, t.shopId] }),
    index('news_deliveries_shop_idx').on(t.shopId, t.newsId),
    index('news_deliveries_message_idx').on(t.messageId),
  ],
);

/** A signed-in person has read a news item (the bell's unread count). */
export const newsReads = pgTable(
  'news_reads',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] }), index('news_reads_user_idx').on(t.userId)],
);
