import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { packages } from './packages.ts';
import { users } from './users.ts';

export interface QrReceiverJson {
  iin: string;
  receiverId: string;
  merchantName: string;
  merchantCity: string;
  mcc: string;
}

/**
 * Shops and their branches (parentId). `seq` is the shop's permanent number: bill references
 * carry it (contracts/reference.ts). `code` is filled from it when none is given (trigger).
 */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    // '' lets the trigger choose the code (S0042) from seq.
    code: text('code')
      .notNull()
      .$defaultFn(() => ''),
    parentId: uuid('parent_id').references((): AnyPgColumn => shops.id),
    agentId: uuid('agent_id').references((): AnyPgColumn => users.id),
    /** The latest rental package chosen (its months: shop_packages). */
    packageId: uuid('package_id').references((): AnyPgColumn => packages.id),
    address: text('address'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    conditions: text('conditions'),
    priceMotorbike: integer('price_motorbike').notNull().default(0),
    priceCar: integer('price_car').notNull().default(0),
    logoPath: text('logo_path'),
    openShop: text('open_shop'),
    closeShop: text('close_shop'),
    timezone: text('timezone').notNull().default('Asia/Vientiane'),
    status: text('status').notNull().default('ACTIVE'),
    qrReceiver: jsonb('qr_receiver').$type<QrReceiverJson>(),
    /** Shop staff (not only managers) may sell and renew passes (issue 14). */
    staffSellPasses: boolean('staff_sell_passes').notNull().default(false),
    /** A pass's reminder goes this many days before its last day (and again on it). */
    memberReminderDays: integer('member_reminder_days').notNull().default(7),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shops_code_key').on(t.code),
    uniqueIndex('shops_seq_key').on(t.seq),
    index('shops_parent_idx').on(t.parentId),
    index('shops_agent_idx').on(t.agentId),
    index('shops_name_idx').on(t.name),
    check('shops_status_check', sql`${t.status} in ('ACTIVE','SUSPENDED','CLOSED')`),
    check('shops_member_reminder_days_check', sql`${t.memberReminderDays} between 0 and 60`),
  ],
);

/** The last bill number of each shop: bumped in the check-in's own statement, so numbers have no gaps. */
export const shopBillCounters = pgTable('shop_bill_counters', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
});
