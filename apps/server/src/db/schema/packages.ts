import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';
import { users } from './users.ts';

/**
 * Rental packages: what a shop pays the platform each month (issue 13, DESIGN.md §4). A package a
 * shop has ever had is never deleted (a past month's invoice reads it): it is deactivated instead.
 * `usersAllowed` / `branchesAllowed` null means no limit.
 */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nameLo: text('name_lo').notNull(),
    nameEn: text('name_en').notNull(),
    monthlyPrice: integer('monthly_price').notNull(),
    ticketsIncluded: integer('tickets_included').notNull(),
    extraTicketPrice: integer('extra_ticket_price').notNull(),
    usersAllowed: integer('users_allowed'),
    branchesAllowed: integer('branches_allowed'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'packages_amounts_check',
      sql`${t.monthlyPrice} >= 0 and ${t.ticketsIncluded} >= 0 and ${t.extraTicketPrice} >= 0`,
    ),
    check(
      'packages_allowances_check',
      sql`coalesce(${t.usersAllowed}, 1) >= 1 and coalesce(${t.branchesAllowed}, 0) >= 0`,
    ),
  ],
);

/**
 * Which package a (main) shop has from which month: the package of month M is the row with the
 * latest `fromMonth` on or before M. `shops.package_id` mirrors the latest choice for the lists.
 */
export const shopPackages = pgTable(
  'shop_packages',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    fromMonth: date('from_month', { mode: 'string' }).notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'shop_packages_pkey', columns: [t.shopId, t.fromMonth] }),
    index('shop_packages_package_idx').on(t.packageId),
    check('shop_packages_month_check', sql`extract(day from ${t.fromMonth}) = 1`),
  ],
);

/** Other chargeable items (paper roll, set-up, extra user, printer): rolls and invoices read them. */
export const fees = pgTable(
  'fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    nameLo: text('name_lo').notNull(),
    nameEn: text('name_en').notNull(),
    amount: integer('amount').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fees_code_key').on(t.code),
    check('fees_amount_check', sql`${t.amount} >= 0`),
    check('fees_code_check', sql`${t.code} ~ '^[A-Z][A-Z0-9_]{1,31}$'`),
  ],
);
