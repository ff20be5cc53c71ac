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
import { shops } from './shops.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** E.164, where a forgotten-password code can go (as the e-mail). */
    whatsapp: text('whatsapp'),
    fullName: text('full_name').notNull(),
    role: text('role').notNull(),
    shopId: uuid('shop_id').references((): AnyPgColumn => shops.id),
    status: text('status').notNull().default('ACTIVE'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** An agent's commission on the rent their shops pay, in basis points (null: the platform's default). */
    commissionRateBp: integer('commission_rate_bp'),
  },
  (t) => [
    // Deleted users keep their row; their user name, phone and e-mail become free again.
    uniqueIndex('users_username_key').on(t.username).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_phone_key').on(t.phone).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_whatsapp_key').on(t.whatsapp).where(sql`${t.deletedAt} is null`),
    index('users_shop_idx').on(t.shopId),
    index('users_created_idx').on(t.createdAt),
    check('users_role_check', sql`${t.role} in ('SUPER-ADMIN','ADMIN','AGENT','MANAGER','SHOP')`),
    check('users_commission_rate_check', sql`${t.commissionRateBp} between 0 and 10000`),
    check('users_status_check', sql`${t.status} in ('ACTIVE','SUSPENDED','DELETED')`),
    check(
      'users_shop_role_check',
      sql`(${t.role} in ('MANAGER','SHOP')) = (${t.shopId} is not null) or ${t.status} = 'DELETED'`,
    ),
  ],
);
