import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';
import { users } from './users.ts';

/**
 * A shop's pool of membership card numbers (issue 14). A number is AVAILABLE until a member
 * holds it (ASSIGNED, `memberId`); a lost card is LOST and its member gets a new number; a number
 * once assigned is never deleted, only RETIRED, so the payments and bills that name it keep it.
 */
export const memberNumbers = pgTable(
  'member_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    number: text('number').notNull(),
    status: text('status').notNull().default('AVAILABLE'),
    /** The member holding the card now (ASSIGNED only). */
    memberId: uuid('member_id').references((): AnyPgColumn => members.id),
    /** Set the first time the number is assigned: from then on it can only be retired. */
    everAssigned: timestamp('ever_assigned', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_numbers_shop_number_key').on(t.shopId, t.number),
    uniqueIndex('member_numbers_member_key').on(t.memberId),
    index('member_numbers_shop_status_idx').on(t.shopId, t.status, t.number),
    check('member_numbers_status_check', sql`${t.status} in ('AVAILABLE','ASSIGNED','LOST','RETIRED')`),
    check('member_numbers_assigned_check', sql`(${t.status} = 'ASSIGNED') = (${t.memberId} is not null)`),
  ],
);

/**
 * Members of a shop (DESIGN.md §4, issue 14): a monthly pass on a card number and one or more
 * plates. Valid on the business days `validFrom`…`validUntil` (both included); a bill carrying the
 * card's number or one of the plates while the pass is ACTIVE and valid costs nothing. `number`
 * repeats the card's number (what the gate types); `plateKeys` are the plates as matched
 * (bills.mapping plateKey). Cancelled members are kept.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    numberId: uuid('number_id').references((): AnyPgColumn => memberNumbers.id),
    number: text('number').notNull(),
    fullName: text('full_name').notNull(),
    /** E.164 (the reminders go to its WhatsApp). */
    phone: text('phone'),
    plates: text('plates').array().notNull().default(sql`'{}'::text[]`),
    plateKeys: text('plate_keys').array().notNull().default(sql`'{}'::text[]`),
    vehicleType: text('vehicle_type'),
    /** The length of the last pass sold, in months (1, 3, 6, 12). */
    planMonths: integer('plan_months'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Everything paid for passes, ever (the payments: member_payments). */
    feePaid: integer('fee_paid').notNull().default(0),
    status: text('status').notNull().default('ACTIVE'),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the members list searches: name, card number and phone as one upper-case text, its Lao
     * letters spelt as Latin ones by plate_trgm_key (migration 0006) so that pg_trgm counts them in
     * the C locale. Kept by the database; LIKE rechecks it without computing it again.
     */
    searchKey: text('search_key').generatedAlwaysAs(
      sql`plate_trgm_key(upper(full_name || ' ' || number || ' ' || coalesce(phone, '')))`,
    ),
  },
  (t) => [
    index('members_shop_number_idx').on(t.shopId, t.number),
    // The members list (members.list.ts): a shop's or every shop's members by card number, read
    // from the index alone (index-only scans), with all the list filters test (status, end, search).
    index('members_list_idx').on(t.shopId, t.number, t.id, t.status, t.validUntil, t.searchKey, t.plateKeys),
    // The list's counts by status and end ("expired", "ending within N days") over every shop.
    index('members_status_until_idx').on(t.status, t.validUntil),
    index('members_search_idx').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('members_plate_keys_idx').using('gin', t.plateKeys),
    index('members_shop_until_idx').on(t.shopId, t.validUntil),
    index('members_until_idx').on(t.validUntil),
    index('members_shop_created_idx').on(t.shopId, t.createdAt),
    // One live member per card: a cancelled member lets the card go.
    uniqueIndex('members_number_live_key').on(t.numberId).where(sql`${t.status} <> 'CANCELLED'`),
    check('members_status_check', sql`${t.status} in ('ACTIVE','EXPIRED','SUSPENDED','CANCELLED')`),
    check('members_period_check', sql`${t.validUntil} >= ${t.validFrom}`),
    check('members_fee_paid_check', sql`${t.feePaid} >= 0`),
    check('members_plan_check', sql`${t.planMonths} is null or ${t.planMonths} in (1,3,6,12)`),
  ],
);

/**
 * A pass sold or renewed: its money, who took it and when, and the period it bought. Rows are
 * never changed; the `member_payments_report` trigger counts each into the report rollup (method
 * PASS_CASH / PASS_QR, `passes` 1) on the day it was taken, for the staff member who took it.
 */
export const memberPayments = pgTable(
  'member_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    numberId: uuid('number_id').references(() => memberNumbers.id),
    /** SELL (a new member) or RENEW. */
    kind: text('kind').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    months: integer('months').notNull(),
    amount: integer('amount').notNull(),
    method: text('method').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodUntil: date('period_until', { mode: 'string' }).notNull(),
    takenBy: uuid('taken_by').references(() => users.id),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The shop's business day of takenAt, as its hours were then: filled by the
     * `member_payments_fill` trigger (migration 0013) when left out, and kept like a bill's
     * business_date, so a later change of the shop's hours moves no payment to another day.
     */
    businessDate: date('business_date', { mode: 'string' })
      .notNull()
      .$defaultFn(() => sql`null`),
  },
  (t) => [
    index('member_payments_member_idx').on(t.memberId, t.takenAt),
    index('member_payments_shop_taken_idx').on(t.shopId, t.takenAt),
    check('member_payments_kind_check', sql`${t.kind} in ('SELL','RENEW')`),
    check('member_payments_method_check', sql`${t.method} in ('CASH','QR')`),
    check('member_payments_amount_check', sql`${t.amount} >= 0`),
    check('member_payments_months_check', sql`${t.months} in (1,3,6,12)`),
    check('member_payments_period_check', sql`${t.periodUntil} >= ${t.periodFrom}`),
  ],
);

/**
 * Reminders sent before a pass ends (issue 14): at most one of each kind per member and period
 * end, so a job run twice, or two instances, never send two. BEFORE: `member_reminder_days`
 * before the end; LAST_DAY: on the last valid day.
 */
export const memberReminders = pgTable(
  'member_reminders',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    periodUntil: date('period_until', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_reminders_key').on(t.memberId, t.periodUntil, t.kind),
    check('member_reminders_kind_check', sql`${t.kind} in ('BEFORE','LAST_DAY')`),
  ],
);
