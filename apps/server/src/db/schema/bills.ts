import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { shops } from './shops.ts';
import { users } from './users.ts';

export interface FeePartJson {
  kind: string;
  amount: number;
  count?: number;
}

/**
 * Parking tickets. Never deleted: a cancelled bill keeps its row, reason and who cancelled it.
 * `number` is gap-free per shop (shop_bill_counters); `reference` is public and unguessable.
 */
export const bills = pgTable(
  'bills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    reference: text('reference').notNull(),
    number: integer('number').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    plate: text('plate'),
    /** The plate without spaces or punctuation, upper-cased: what searches compare. */
    plateKey: text('plate_key'),
    memberId: uuid('member_id').references(() => members.id),
    memberNumber: text('member_number'),
    status: text('status').notNull().default('PARKED'),
    /** The shop's business day of the check-in (docs/decisions/007). */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    checkInAt: timestamp('check_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkInBy: uuid('check_in_by').references(() => users.id),
    checkOutAt: timestamp('check_out_at', { withTimezone: true }),
    checkOutBy: uuid('check_out_by').references(() => users.id),
    /** The business day of the check-out: reports "by closing" count the money on it (decision 010). */
    outBusinessDate: date('out_business_date', { mode: 'string' }),
    fee: integer('fee'),
    feeParts: jsonb('fee_parts').$type<FeePartJson[]>(),
    paymentMethod: text('payment_method'),
    printCount: integer('print_count').notNull().default(0),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id),
    cancelBusinessDate: date('cancel_business_date', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's id of the check-in tap: a retried request finds its bill (decision 009). */
    requestId: uuid('request_id'),
  },
  (t) => [
    uniqueIndex('bills_reference_key').on(t.reference),
    uniqueIndex('bills_shop_number_key').on(t.shopId, t.number),
    uniqueIndex('bills_shop_request_key').on(t.shopId, t.requestId).where(sql`${t.requestId} is not null`),
    index('bills_shop_in_idx').on(t.shopId, t.checkInAt, t.id),
    index('bills_in_idx').on(t.checkInAt, t.id),
    // With the check-in time (migration 0008): a pair's first and last visit of a period are the two
    // ends of a range (the regular customers report).
    index('bills_shop_plate_idx').on(t.shopId, t.plateKey, t.checkInAt).where(sql`${t.plateKey} is not null`),
    index('bills_parked_idx').on(t.shopId, t.checkInAt).where(sql`${t.status} = 'PARKED'`),
    // Also bills_shop_plate_visits_idx (migration 0004): (shop, check-in) INCLUDE the regular
    // customers' columns, which Drizzle cannot declare.
    index('bills_cancelled_idx').on(t.shopId, t.cancelledAt).where(sql`${t.status} = 'CANCELLED'`),
    // A member's visits of a period (the members report, migration 0013).
    index('bills_member_idx').on(t.memberId, t.businessDate).where(sql`${t.memberId} is not null`),
    // The history's staff filter: each side read newest first, merged (bills-history.repository).
    index('bills_in_by_idx').on(t.checkInBy, t.checkInAt, t.id),
    index('bills_out_by_idx').on(t.checkOutBy, t.checkInAt, t.id).where(sql`${t.checkOutBy} is not null`),
    // Part of a plate, in any shop and of any length: trigrams (pg_trgm) of every ending of the
    // plate as a word of its own (plate_search_words, migration 0021), so that LIKE '% 12%' finds
    // the words starting with "12", a fragment too short for a trigram of its own. The plate is
    // spelt by plate_trgm_key (migration 0006): Lao letters as Latin ones, letters to pg_trgm.
    index('bills_plate_words_idx')
      .using('gin', sql`plate_search_words(${t.plateKey}) gin_trgm_ops`)
      .where(sql`${t.plateKey} is not null`),
    check('bills_status_check', sql`${t.status} in ('PARKED','CLOSED','CANCELLED','LOST')`),
    check('bills_type_check', sql`${t.vehicleType} in ('MOTORBIKE','CAR','BICYCLE','MINIBUS','TRUCK')`),
    check(
      'bills_payment_check',
      sql`${t.paymentMethod} is null or ${t.paymentMethod} in ('CASH','QR','MEMBER','FREE')`,
    ),
    check('bills_fee_check', sql`${t.fee} is null or ${t.fee} >= 0`),
    check(
      'bills_cancel_check',
      sql`(${t.status} = 'CANCELLED') = (${t.cancelledAt} is not null and ${t.cancelReason} is not null)`,
    ),
    check(
      'bills_out_check',
      sql`${t.status} not in ('CLOSED','LOST') or (${t.checkOutAt} is not null and ${t.fee} is not null)`,
    ),
    // Reports count every check-out and cancellation on its business day: it must be there.
    check(
      'bills_out_date_check',
      sql`${t.status} not in ('CLOSED','LOST') or ${t.outBusinessDate} is not null`,
    ),
    check('bills_cancel_date_check', sql`${t.status} <> 'CANCELLED' or ${t.cancelBusinessDate} is not null`),
  ],
);

/** Every print and reprint of a bill: the print history. */
export const billPrints = pgTable(
  'bill_prints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    billId: bigint('bill_id', { mode: 'number' })
      .notNull()
      .references(() => bills.id),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: text('kind').notNull(),
    paper: text('paper'),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
    printedBy: uuid('printed_by').references(() => users.id),
    /** The serial of the paper roll in the printer, when the device knows it (the ticket check). */
    rollSerial: bigint('roll_serial', { mode: 'number' }),
  },
  (t) => [
    index('bill_prints_bill_idx').on(t.billId, t.id),
    index('bill_prints_serial_idx').on(t.shopId, t.printedAt).where(sql`${t.rollSerial} is not null`),
    check('bill_prints_kind_check', sql`${t.kind} in ('PRINT','REPRINT')`),
    check('bill_prints_paper_check', sql`${t.paper} is null or ${t.paper} in ('58','80')`),
  ],
);
