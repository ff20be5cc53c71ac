import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The report rollup (decision 010): one row per shop, calendar date, business date, vehicle type,
 * staff member and payment method, kept by the `bills_report` trigger in the bill's own
 * transaction. Each bill adds up to three events: its check-in (method ''), its check-out while
 * CLOSED or LOST (method = payment method), its cancellation (method ''). `staff_id` is the nil
 * uuid when nobody is recorded. No foreign keys: `npm run report:rebuild` refills it from bills.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    shopId: uuid('shop_id').notNull(),
    calDate: date('cal_date', { mode: 'string' }).notNull(),
    bizDate: date('biz_date', { mode: 'string' }).notNull(),
    vehicleType: text('vehicle_type').notNull(),
    staffId: uuid('staff_id').notNull(),
    method: text('method').notNull(),
    billsIn: integer('bills_in').notNull().default(0),
    billsOut: integer('bills_out').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    cancelledAmount: bigint('cancelled_amount', { mode: 'number' }).notNull().default(0),
    /** Passes sold (method PASS_CASH / PASS_QR; their money is in amount). */
    passes: integer('passes').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'report_daily_pkey',
      columns: [t.shopId, t.calDate, t.bizDate, t.vehicleType, t.staffId, t.method],
    }),
    index('report_daily_shop_biz_idx').on(t.shopId, t.bizDate),
    index('report_daily_cal_idx').on(t.calDate),
    index('report_daily_biz_idx').on(t.bizDate),
  ],
);

/**
 * The rollup summed over shops (migration 0007): `scope` is the nil uuid for the whole platform, or
 * an agent's user id for the shops they serve now; `stripe` spreads the check-ins of many shops over
 * a few rows so they do not all wait for one. Kept by `report_add` with report_daily, moved when a
 * shop changes agent, rebuilt with it; an admin's or an agent's year reads a few thousand rows
 * however many shops there are. Reads sum over the stripes.
 */
export const reportScopeDaily = pgTable(
  'report_scope_daily',
  {
    scope: uuid('scope').notNull(),
    calDate: date('cal_date', { mode: 'string' }).notNull(),
    bizDate: date('biz_date', { mode: 'string' }).notNull(),
    vehicleType: text('vehicle_type').notNull(),
    method: text('method').notNull(),
    stripe: smallint('stripe').notNull(),
    billsIn: integer('bills_in').notNull().default(0),
    billsOut: integer('bills_out').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    cancelledAmount: bigint('cancelled_amount', { mode: 'number' }).notNull().default(0),
    /** Passes sold (method PASS_CASH / PASS_QR; their money is in amount). */
    passes: integer('passes').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'report_scope_daily_pkey',
      columns: [t.scope, t.calDate, t.bizDate, t.vehicleType, t.method, t.stripe],
    }),
    index('report_scope_daily_biz_idx').on(t.scope, t.bizDate),
  ],
);

/**
 * The shop rows summed per month, without the vehicle type (migration 0007): the top shops and the
 * payment by staff over long periods read whole months here and only the partial months at either
 * end from report_daily. Kept by `report_add`, rebuilt and checked with report_daily.
 */
export const reportMonthly = pgTable(
  'report_monthly',
  {
    shopId: uuid('shop_id').notNull(),
    calMonth: date('cal_month', { mode: 'string' }).notNull(),
    bizMonth: date('biz_month', { mode: 'string' }).notNull(),
    staffId: uuid('staff_id').notNull(),
    method: text('method').notNull(),
    billsIn: integer('bills_in').notNull().default(0),
    billsOut: integer('bills_out').notNull().default(0),
    lost: integer('lost').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    cancelledAmount: bigint('cancelled_amount', { mode: 'number' }).notNull().default(0),
    /** Passes sold (method PASS_CASH / PASS_QR; their money is in amount). */
    passes: integer('passes').notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'report_monthly_pkey',
      columns: [t.shopId, t.calMonth, t.bizMonth, t.staffId, t.method],
    }),
    index('report_monthly_cal_idx').on(t.calMonth),
    index('report_monthly_biz_idx').on(t.bizMonth),
  ],
);

/**
 * Every (shop, plate) pair ever written on a ticket and how many times (migration 0008): a pair
 * seen once cannot be a regular customer, so only pairs seen twice or more get `plate_visits`
 * rows. `seen` counts the tickets that took the plate (issued with it or corrected to it) and
 * never goes down, so it is never below the visits the pair has.
 */
export const platePairs = pgTable(
  'plate_pairs',
  {
    shopId: uuid('shop_id').notNull(),
    plateKey: text('plate_key').notNull(),
    seen: integer('seen').notNull(),
    /** The ticket of the first sighting: counted with the second one, when the pair starts to count. */
    firstBill: bigint('first_bill', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'plate_pairs_pkey', columns: [t.shopId, t.plateKey] })],
);

/**
 * Visits (check-ins not cancelled) and their fees per (shop, plate) for the pairs seen twice or
 * more, at four grains: a day ('d'), a month ('m', dates are the 1st), a year ('y', Jan 1st) and
 * the thirteen months from a month's 1st ('r', migration 0022, decision 023: one row per start
 * month), by calendar and business date both (migration 0008, decision 010). The regular customers
 * report reads a period as years, months and days, or as whole months, years or thirteen months
 * less what lies outside the period, where that reads fewer rows (any period within thirteen
 * calendar months is one window row less its outside). Kept by the `bills_plate_visits` triggers
 * in the bill's transaction; `report_rebuild` refills it and `plate_visits_check` compares it with
 * the bills.
 */
export const plateVisits = pgTable(
  'plate_visits',
  {
    shopId: uuid('shop_id').notNull(),
    grain: text('grain').notNull(),
    cal: date('cal', { mode: 'string' }).notNull(),
    biz: date('biz', { mode: 'string' }).notNull(),
    plateKey: text('plate_key').notNull(),
    visits: integer('visits').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'plate_visits_pkey', columns: [t.shopId, t.plateKey, t.grain, t.cal, t.biz] }),
    // And four indexes with INCLUDE (migration 0008; the Drizzle schema cannot say INCLUDE): a
    // period's rows by calendar and by business date with the most visits first (plate_visits_cal_idx,
    // plate_visits_biz_idx), and the few rows whose calendar and business periods differ
    // (plate_visits_cal_split_idx, plate_visits_biz_split_idx).
  ],
);
