import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { fees, packages } from './packages.ts';
import { shops } from './shops.ts';
import { users } from './users.ts';

/**
 * The platform's money (issue 15, decision 020). Every amount is whole kip (bigint). Invoices,
 * payments, wallet entries and commissions are never deleted; payments, wallet entries and
 * commissions are append-only (triggers in migration 0015); a correction is a new row.
 */

/** The last invoice number of each year: bumped in the transaction that inserts the invoices, so numbers never skip. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * One rent invoice per main shop (its branches included) and month. `month` is the first day of
 * the month invoiced. A live (not VOID) invoice is unique per shop and month; a voided one may be
 * made again on demand. `paid` is the sum of its payments (kept in the payment's transaction).
 */
export const rentInvoices = pgTable(
  'rent_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    month: date('month', { mode: 'string' }).notNull(),
    /** The agent who served the shop when the invoice was made (their commission, the agent filter). */
    agentId: uuid('agent_id').references(() => users.id),
    packageId: uuid('package_id').references(() => packages.id),
    promotionId: uuid('promotion_id'),
    status: text('status').notNull().default('UNPAID'),
    /** Tickets issued in the month by the shop and its branches, and the package's allowance. */
    tickets: integer('tickets').notNull().default(0),
    ticketsIncluded: integer('tickets_included').notNull().default(0),
    /** Sum of the lines above 0; the discount (promotion, as a positive number); total = subtotal − discount. */
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /**
     * What the PROMOTION lines take off (a positive number; kept by a trigger on the lines,
     * migration 0018): the finance report's "promotions", an admin's credit line left out.
     */
    promotionDiscount: bigint('promotion_discount', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** The public invoice page's key: random, unguessable (never the id). */
    publicToken: text('public_token').notNull(),
    adjustReason: text('adjust_reason'),
    adjustedAt: timestamp('adjusted_at', { withTimezone: true }),
    adjustedBy: uuid('adjusted_by').references(() => users.id),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    lastMessageId: uuid('last_message_id'),
    /** Null: made by the monthly job. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rent_invoices_number_key').on(t.number),
    uniqueIndex('rent_invoices_year_seq_key').on(t.year, t.seq),
    uniqueIndex('rent_invoices_token_key').on(t.publicToken),
    uniqueIndex('rent_invoices_live_key').on(t.shopId, t.month).where(sql`${t.status} <> 'VOID'`),
    index('rent_invoices_month_idx').on(t.month, t.status),
    index('rent_invoices_agent_idx').on(t.agentId, t.month),
    index('rent_invoices_shop_idx').on(t.shopId, t.month),
    check('rent_invoices_status_check', sql`${t.status} in ('UNPAID','PARTLY_PAID','PAID','VOID')`),
    check('rent_invoices_month_check', sql`extract(day from ${t.month}) = 1`),
    check(
      'rent_invoices_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.total} = ${t.subtotal} - ${t.discount} and ${t.total} >= 0 and ${t.paid} >= 0 and ${t.paid} <= ${t.total}`,
    ),
    check(
      'rent_invoices_status_paid_check',
      sql`(${t.status} = 'VOID' and ${t.paid} = 0) or (${t.status} = 'UNPAID' and ${t.paid} = 0 and ${t.total} > 0) or (${t.status} = 'PARTLY_PAID' and ${t.paid} > 0 and ${t.paid} < ${t.total}) or (${t.status} = 'PAID' and ${t.paid} = ${t.total})`,
    ),
  ],
);

/**
 * An invoice's lines in order. Kinds: PACKAGE, EXTRA_TICKETS, ROLLS, FEE (a charge), PROMOTION
 * (amount below 0), ADJUSTMENT (a line an admin added or changed, with the invoice's reason).
 * amount = quantity × unit_price (negative for a discount).
 */
export const rentInvoiceLines = pgTable(
  'rent_invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => rentInvoices.id),
    position: smallint('position').notNull(),
    kind: text('kind').notNull(),
    descriptionLo: text('description_lo').notNull(),
    descriptionEn: text('description_en').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the line comes from: a package, promotion, fee or charge id (null for an admin's line). */
    refId: uuid('ref_id'),
  },
  (t) => [
    uniqueIndex('rent_invoice_lines_position_key').on(t.invoiceId, t.position),
    check(
      'rent_invoice_lines_kind_check',
      sql`${t.kind} in ('PACKAGE','EXTRA_TICKETS','ROLLS','FEE','PROMOTION','ADJUSTMENT')`,
    ),
    check('rent_invoice_lines_amount_check', sql`${t.amount} = ${t.quantity}::bigint * ${t.unitPrice}`),
    check('rent_invoice_lines_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * A payment of an invoice: append-only. A reversal is a row of its own with a negative amount and
 * `reverses_id` (a payment is reversed at most once). WALLET payments carry their wallet entry.
 */
export const rentPayments = pgTable(
  'rent_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => rentInvoices.id),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    note: text('note'),
    reversesId: uuid('reverses_id'),
    walletEntryId: uuid('wallet_entry_id'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    /** The client's key for this payment (one per pay dialog opened): the same key again answers this row. */
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rent_payments_invoice_idx').on(t.invoiceId, t.paidAt),
    index('rent_payments_paid_idx').on(t.paidAt),
    uniqueIndex('rent_payments_reverses_key').on(t.reversesId),
    uniqueIndex('rent_payments_idempotency_key').on(t.idempotencyKey),
    check('rent_payments_method_check', sql`${t.method} in ('CASH','TRANSFER','QR','WALLET')`),
    check(
      'rent_payments_amount_check',
      sql`(${t.reversesId} is null and ${t.amount} > 0) or (${t.reversesId} is not null and ${t.amount} < 0)`,
    ),
  ],
);

/** Each main shop's wallet balance: moved only by the `wallet_entries` insert trigger; never below 0. */
export const wallets = pgTable(
  'wallets',
  {
    shopId: uuid('shop_id')
      .primaryKey()
      .references(() => shops.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_check', sql`${t.balance} >= 0`)],
);

/**
 * A wallet's ledger: append-only. `amount` is signed (a top-up or refund above 0, an invoice
 * payment below 0, an adjustment either way); the insert trigger moves `wallets.balance` and fills
 * `balance_after`, and the balance's check refuses an entry that would take it below 0.
 * `idempotency_key` is unique over the whole ledger.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull().default(0),
    /** How the money came (a top-up: CASH, TRANSFER or QR). */
    method: text('method'),
    reference: text('reference'),
    note: text('note'),
    idempotencyKey: text('idempotency_key'),
    invoiceId: uuid('invoice_id').references(() => rentInvoices.id),
    paymentId: uuid('payment_id'),
    /**
     * The shop's agent when the entry was made (filled by the insert trigger, migration 0018): the
     * finance report books a top-up under them even after the shop moves to another agent.
     */
    agentId: uuid('agent_id').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_entries_seq_key').on(t.seq),
    uniqueIndex('wallet_entries_idempotency_key').on(t.idempotencyKey),
    index('wallet_entries_shop_idx').on(t.shopId, t.seq),
    index('wallet_entries_created_idx').on(t.createdAt),
    check('wallet_entries_kind_check', sql`${t.kind} in ('TOP_UP','INVOICE_PAYMENT','ADJUSTMENT','REFUND')`),
    check('wallet_entries_balance_check', sql`${t.balanceAfter} >= 0`),
    check(
      'wallet_entries_sign_check',
      sql`(${t.kind} in ('TOP_UP','REFUND') and ${t.amount} > 0) or (${t.kind} = 'INVOICE_PAYMENT' and ${t.amount} < 0) or (${t.kind} = 'ADJUSTMENT' and ${t.amount} <> 0)`,
    ),
  ],
);

/**
 * One-off charges on a main shop's rent (a set-up, a printer, an extra user): the first invoice
 * made for a month on or after `month` picks them up as FEE lines (`invoice_id` set then).
 */
export const rentCharges = pgTable(
  'rent_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    feeId: uuid('fee_id').references(() => fees.id),
    month: date('month', { mode: 'string' }).notNull(),
    descriptionLo: text('description_lo').notNull(),
    descriptionEn: text('description_en').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    note: text('note'),
    invoiceId: uuid('invoice_id').references(() => rentInvoices.id),
    /** The admin's dialog sends one per opening: a retry after a lost answer is not a second charge. */
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rent_charges_shop_idx').on(t.shopId, t.month),
    uniqueIndex('rent_charges_idempotency_key').on(t.idempotencyKey),
    index('rent_charges_pending_idx').on(t.month).where(sql`${t.invoiceId} is null`),
    check('rent_charges_month_check', sql`extract(day from ${t.month}) = 1`),
    check('rent_charges_amounts_check', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0`),
  ],
);

/**
 * An agent's commission on one payment (or its reversal, negative): rate × the payment, rounded
 * to the kip. `month` is the month the payment was recorded (platform time zone). PENDING until an
 * admin records the month's payout (`payout_id`, PAID). Append-only except that one move.
 */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => rentPayments.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => rentInvoices.id),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    month: date('month', { mode: 'string' }).notNull(),
    base: bigint('base', { mode: 'number' }).notNull(),
    /** Basis points: 1000 = 10 %. */
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    payoutId: uuid('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agent_commissions_payment_key').on(t.paymentId),
    index('agent_commissions_agent_idx').on(t.agentId, t.month),
    index('agent_commissions_month_idx').on(t.month),
    check('agent_commissions_status_check', sql`${t.status} in ('PENDING','PAID')`),
    check('agent_commissions_rate_check', sql`${t.rateBp} between 0 and 10000`),
    check('agent_commissions_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);

/** An admin's payout of an agent's pending commissions of a month, with its reference. */
export const commissionPayouts = pgTable(
  'commission_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    month: date('month', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference').notNull(),
    note: text('note'),
    paidBy: uuid('paid_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_payouts_agent_idx').on(t.agentId, t.month),
    check('commission_payouts_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);

/** The daily summary sent to a shop for a day: once per shop and day, however often the job runs. */
export const dailySummaries = pgTable(
  'daily_summaries',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id),
    day: date('day', { mode: 'string' }).notNull(),
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('daily_summaries_key').on(t.shopId, t.day)],
);
