import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';

/**
 * Members of a shop: a bill carrying the number of a member valid at check-in costs nothing
 * (DESIGN.md §4). The membership screens and number pool arrive with their own issue; bills
 * only read this table.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    number: text('number').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    plate: text('plate'),
    vehicleType: text('vehicle_type'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    feePaid: integer('fee_paid').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('members_shop_number_idx').on(t.shopId, t.number),
    check('members_status_check', sql`${t.status} in ('ACTIVE','SUSPENDED','CANCELLED')`),
  ],
);
