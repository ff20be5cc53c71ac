import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Shops and their branches (parentId). The shops issue adds the remaining fields. */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code'),
    parentId: uuid('parent_id').references((): AnyPgColumn => shops.id),
    agentId: uuid('agent_id').references((): AnyPgColumn => users.id),
    address: text('address'),
    phone: text('phone'),
    conditions: text('conditions'),
    priceMotorbike: integer('price_motorbike').notNull().default(0),
    priceCar: integer('price_car').notNull().default(0),
    logoPath: text('logo_path'),
    openShop: text('open_shop'),
    closeShop: text('close_shop'),
    timezone: text('timezone').notNull().default('Asia/Vientiane'),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shops_code_key').on(t.code),
    index('shops_parent_idx').on(t.parentId),
    index('shops_agent_idx').on(t.agentId),
    check('shops_status_check', sql`${t.status} in ('ACTIVE','SUSPENDED','CLOSED')`),
  ],
);
