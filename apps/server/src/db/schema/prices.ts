import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops.ts';

/** One tariff per shop and vehicle type (contracts/prices.ts; the fee: contracts/fee.ts). */
export const priceRules = pgTable(
  'price_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    vehicleType: text('vehicle_type').notNull(),
    mode: text('mode').notNull().default('FLAT'),
    flatFee: integer('flat_fee').notNull().default(0),
    graceMinutes: integer('grace_minutes').notNull().default(0),
    firstPeriodMinutes: integer('first_period_minutes').notNull().default(60),
    firstPeriodFee: integer('first_period_fee').notNull().default(0),
    nextPeriodMinutes: integer('next_period_minutes').notNull().default(60),
    nextPeriodFee: integer('next_period_fee').notNull().default(0),
    dailyCap: integer('daily_cap'),
    overnightFee: integer('overnight_fee'),
    lostTicketFee: integer('lost_ticket_fee').notNull().default(0),
    /** Monthly pass prices for this vehicle type (issue 14); null: that length is not sold. */
    pass1m: integer('pass_1m'),
    pass3m: integer('pass_3m'),
    pass6m: integer('pass_6m'),
    pass12m: integer('pass_12m'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_rules_shop_type_key').on(t.shopId, t.vehicleType),
    check('price_rules_type_check', sql`${t.vehicleType} in ('MOTORBIKE','CAR','BICYCLE','MINIBUS','TRUCK')`),
    check('price_rules_mode_check', sql`${t.mode} in ('FLAT','TIMED')`),
    check(
      'price_rules_amounts_check',
      sql`${t.flatFee} >= 0 and ${t.firstPeriodFee} >= 0 and ${t.nextPeriodFee} >= 0 and ${t.lostTicketFee} >= 0 and coalesce(${t.dailyCap}, 0) >= 0 and coalesce(${t.overnightFee}, 0) >= 0`,
    ),
    check(
      'price_rules_pass_check',
      sql`coalesce(${t.pass1m}, 0) >= 0 and coalesce(${t.pass3m}, 0) >= 0 and coalesce(${t.pass6m}, 0) >= 0 and coalesce(${t.pass12m}, 0) >= 0`,
    ),
    check(
      'price_rules_minutes_check',
      sql`${t.graceMinutes} >= 0 and ${t.firstPeriodMinutes} > 0 and ${t.nextPeriodMinutes} > 0`,
    ),
  ],
);
