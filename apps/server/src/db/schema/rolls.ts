import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';
import { users } from './users.ts';

/**
 * Deliveries of thermal paper rolls (issue 13): to a shop (SHOP, maybe out of an agent's stock:
 * `fromPersonId`), or to a person's stock (PERSON, `personId`). Serials are roll numbers: the
 * range holds exactly `quantity` rolls; the ranges of one kind never overlap (exclusion
 * constraints in migration 0010, which Drizzle cannot declare).
 */
export const rollDeliveries = pgTable(
  'roll_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    shopId: uuid('shop_id').references(() => shops.id),
    personId: uuid('person_id').references(() => users.id),
    fromPersonId: uuid('from_person_id').references(() => users.id),
    deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    ticketsPerRoll: integer('tickets_per_roll').notNull(),
    serialFirst: bigint('serial_first', { mode: 'number' }),
    serialLast: bigint('serial_last', { mode: 'number' }),
    unitPrice: integer('unit_price').notNull(),
    deliveredBy: uuid('delivered_by').references(() => users.id),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roll_deliveries_shop_idx').on(t.shopId, t.deliveredOn),
    index('roll_deliveries_person_idx').on(t.personId, t.deliveredOn),
    index('roll_deliveries_from_idx').on(t.fromPersonId, t.deliveredOn),
    index('roll_deliveries_on_idx').on(t.deliveredOn),
    check('roll_deliveries_kind_check', sql`${t.kind} in ('SHOP','PERSON')`),
    check(
      'roll_deliveries_target_check',
      sql`(${t.kind} = 'SHOP' and ${t.shopId} is not null and ${t.personId} is null) or (${t.kind} = 'PERSON' and ${t.personId} is not null and ${t.shopId} is null and ${t.fromPersonId} is null)`,
    ),
    check(
      'roll_deliveries_amounts_check',
      sql`${t.quantity} > 0 and ${t.ticketsPerRoll} > 0 and ${t.unitPrice} >= 0`,
    ),
    check(
      'roll_deliveries_serials_check',
      sql`(${t.serialFirst} is null and ${t.serialLast} is null) or (${t.serialFirst} >= 0 and ${t.serialLast} - ${t.serialFirst} + 1 = ${t.quantity})`,
    ),
  ],
);

/**
 * Tickets printed per shop and day / month (the shop's calendar), counted from bill_prints by the
 * `bill_prints_paper` statement trigger (migration 0010) in the print's own transaction.
 */
export const paperPrintsDaily = pgTable(
  'paper_prints_daily',
  {
    shopId: uuid('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prints: integer('prints').notNull(),
  },
  (t) => [primaryKey({ name: 'paper_prints_daily_pkey', columns: [t.shopId, t.day] })],
);

export const paperPrintsMonthly = pgTable(
  'paper_prints_monthly',
  {
    shopId: uuid('shop_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    prints: integer('prints').notNull(),
  },
  (t) => [
    primaryKey({ name: 'paper_prints_monthly_pkey', columns: [t.shopId, t.month] }),
    // The ticket check reads the months after the one asked for, of every shop (migration 0010).
  ],
);

/**
 * The low-paper list's pace, kept per shop for a day: tickets printed in the 14 whole days before
 * `as_of` (the shop's calendar). Made by the first list of the day that needs it (rolls
 * paper.repository.ts), so every later one reads one row per shop; emptied by a rebuild.
 */
export const paperPace = pgTable('paper_pace', {
  shopId: uuid('shop_id').primaryKey(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
  prints: integer('prints').notNull(),
});

/**
 * The ticket check of a month that is over (every zone), kept per shop: such a month changes only
 * by a delivery or a rebuild, which bump the shop's generation (shop_paper), so a row of another
 * generation is stale and made again; a rebuild also empties them. Made by the first check of the
 * month that needs it (rolls paper.repository.ts).
 */
export const paperChecks = pgTable(
  'paper_checks',
  {
    shopId: uuid('shop_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    firstDeliveryOn: date('first_delivery_on', { mode: 'string' }).notNull(),
    deliveredMonth: bigint('delivered_month', { mode: 'number' }).notNull(),
    printedMonth: bigint('printed_month', { mode: 'number' }).notNull(),
    deliveredTotal: bigint('delivered_total', { mode: 'number' }).notNull(),
    printedTotal: bigint('printed_total', { mode: 'number' }).notNull(),
    /** shop_paper.generation these figures were computed from: another one, and they are stale. */
    generation: integer('generation').notNull(),
  },
  (t) => [
    primaryKey({ name: 'paper_checks_pkey', columns: [t.shopId, t.month] }),
    index('paper_checks_month_idx').on(t.month, t.shopId),
  ],
);

/**
 * Each shop's paper account: tickets delivered, and tickets printed on or after its first
 * delivery (the trigger adds each print; the rolls service recounts a shop when its deliveries
 * change). Remaining paper = delivered − printed.
 */
export const shopPaper = pgTable('shop_paper', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id),
  firstDeliveryOn: date('first_delivery_on', { mode: 'string' }).notNull(),
  deliveredTickets: bigint('delivered_tickets', { mode: 'number' }).notNull(),
  printed: bigint('printed', { mode: 'number' }).notNull(),
  /**
   * Bumped by every recount (a delivery, a rebuild), never by a print: a kept ticket check
   * (paper_checks) computed from another generation is stale.
   */
  generation: integer('generation').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
