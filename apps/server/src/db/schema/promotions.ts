import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Promotions on rent (issue 13). `packageIds` empty: every package. Audience: ALL shops, the shops
 * of `agentId` (AGENT), `shopIds` (SHOPS), or shops created on or after `validFrom` (NEW_SHOPS,
 * within `agentId`'s shops when set). `ownerAgentId` is the agent who made it (null: the
 * platform's); agents see and edit only their own. `uses` is counted by the rent invoices.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    imagePath: text('image_path'),
    discountType: text('discount_type').notNull(),
    discountValue: integer('discount_value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    packageIds: uuid('package_ids').array().notNull().default(sql`'{}'::uuid[]`),
    audience: text('audience').notNull(),
    agentId: uuid('agent_id').references(() => users.id),
    shopIds: uuid('shop_ids').array().notNull().default(sql`'{}'::uuid[]`),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ownerAgentId: uuid('owner_agent_id').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_valid_idx').on(t.validFrom, t.validUntil),
    index('promotions_owner_idx').on(t.ownerAgentId, t.createdAt),
    index('promotions_created_idx').on(t.createdAt),
    check('promotions_type_check', sql`${t.discountType} in ('PERCENT','AMOUNT','FREE_MONTHS')`),
    check(
      'promotions_value_check',
      sql`${t.discountValue} > 0 and (${t.discountType} <> 'PERCENT' or ${t.discountValue} <= 100)`,
    ),
    check('promotions_dates_check', sql`${t.validUntil} >= ${t.validFrom}`),
    check('promotions_audience_check', sql`${t.audience} in ('ALL','AGENT','SHOPS','NEW_SHOPS')`),
    check('promotions_agent_check', sql`${t.audience} <> 'AGENT' or ${t.agentId} is not null`),
    check('promotions_uses_check', sql`coalesce(${t.maxUses}, 1) >= 1 and ${t.uses} >= 0`),
  ],
);
