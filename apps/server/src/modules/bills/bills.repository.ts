import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { billPrints, bills, type FeePartJson } from '../../db/schema/bills.ts';
import { members } from '../../db/schema/members.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { type ScopeKind, scopeTemplate } from '../../tenancy/scope.ts';
import { feeRuleColumns } from '../prices/prices.repository.ts';

const checkInUser = alias(users, 'check_in_user');
const checkOutUser = alias(users, 'check_out_user');
const cancelUser = alias(users, 'cancel_user');

/** A bill as the API shows it: staff names and the shop name joined. */
export const billColumns = {
  id: bills.id,
  reference: bills.reference,
  number: bills.number,
  shopId: bills.shopId,
  shopName: shops.name,
  vehicleType: bills.vehicleType,
  plate: bills.plate,
  memberId: bills.memberId,
  memberNumber: bills.memberNumber,
  status: bills.status,
  businessDate: bills.businessDate,
  checkInAt: bills.checkInAt,
  checkInById: bills.checkInBy,
  checkInByName: checkInUser.fullName,
  checkOutAt: bills.checkOutAt,
  checkOutById: bills.checkOutBy,
  checkOutByName: checkOutUser.fullName,
  fee: bills.fee,
  feeParts: bills.feeParts,
  paymentMethod: bills.paymentMethod,
  printCount: bills.printCount,
  cancelReason: bills.cancelReason,
  cancelledAt: bills.cancelledAt,
  cancelledByName: cancelUser.fullName,
};

/** What the fee of a parked bill needs: the shop's hours and the rule of its vehicle type. */
const feeColumns = {
  shopStatus: shops.status,
  shopSeq: shops.seq,
  timezone: shops.timezone,
  openShop: shops.openShop,
  closeShop: shops.closeShop,
  rule: { id: priceRules.id, ...feeRuleColumns },
};

export function billQuery(db: Executor) {
  return db
    .select({ ...billColumns, ...feeColumns })
    .from(bills)
    .innerJoin(shops, eq(shops.id, bills.shopId))
    .leftJoin(
      priceRules,
      and(eq(priceRules.shopId, bills.shopId), eq(priceRules.vehicleType, bills.vehicleType)),
    )
    .leftJoin(checkInUser, eq(checkInUser.id, bills.checkInBy))
    .leftJoin(checkOutUser, eq(checkOutUser.id, bills.checkOutBy))
    .leftJoin(cancelUser, eq(cancelUser.id, bills.cancelledBy));
}

export type LocatorKind = 'id' | 'reference' | 'number' | 'request';

export const LOCATORS: Record<LocatorKind, SQL | undefined> = {
  id: eq(bills.id, sql.placeholder('id')),
  reference: eq(bills.reference, sql.placeholder('reference')),
  number: and(eq(bills.shopId, sql.placeholder('shopId')), eq(bills.number, sql.placeholder('number'))),
  request: and(
    eq(bills.shopId, sql.placeholder('shopId')),
    eq(bills.requestId, sql.placeholder('requestId')),
  ),
};

function preparedFind(db: Executor, locator: LocatorKind, scope: ScopeKind) {
  return billQuery(db)
    .where(and(LOCATORS[locator], scopeTemplate(scope, bills.shopId)))
    .limit(1)
    .prepare(`bill_by_${locator}_${scope.toLowerCase()}`);
}

type PreparedFind = ReturnType<typeof preparedFind>;
const prepared = new WeakMap<Executor, Map<string, PreparedFind>>();

export interface BillLookup {
  locator: LocatorKind;
  scope: ScopeKind;
  /**
   * The locator's values (id, reference, or shopId with number or requestId) and the scope's
   * (scopeParams).
   */
  params: Record<string, unknown>;
}

/**
 * One bill, with the inputs of its fee, found by id, reference, number or check-in request inside a
 * scope. The scan box and the staff app call this all day: each shape is a prepared statement,
 * planned once per connection.
 */
export async function findBill(db: Executor, lookup: BillLookup) {
  let byShape = prepared.get(db);
  if (!byShape) {
    byShape = new Map();
    prepared.set(db, byShape);
  }
  const key = `${lookup.locator}:${lookup.scope}`;
  let query = byShape.get(key);
  if (!query) {
    query = preparedFind(db, lookup.locator, lookup.scope);
    byShape.set(key, query);
  }
  const [row] = await query.execute(lookup.params);
  return row ?? null;
}

export type BillRow = NonNullable<Awaited<ReturnType<typeof findBill>>>;

function checkInShopQuery(db: Executor) {
  return db
    .select({
      id: shops.id,
      seq: shops.seq,
      name: shops.name,
      status: shops.status,
      timezone: shops.timezone,
      openShop: shops.openShop,
      closeShop: shops.closeShop,
    })
    .from(shops)
    .where(eq(shops.id, sql.placeholder('shopId')))
    .limit(1)
    .prepare('check_in_shop');
}

const checkInShopQueries = new WeakMap<Executor, ReturnType<typeof checkInShopQuery>>();

/**
 * The shop a check-in goes to. Whether it takes the vehicle type is decided by the insert itself,
 * which holds the price rule (insertBill).
 */
export async function findCheckInShop(db: Executor, shopId: string) {
  let query = checkInShopQueries.get(db);
  if (!query) {
    query = checkInShopQuery(db);
    checkInShopQueries.set(db, query);
  }
  const [row] = await query.execute({ shopId });
  return row ?? null;
}

/**
 * The member a check-in names, by card number or (without one) by plate: live members of the shop
 * only (a cancelled member's card is free again), the one whose pass is valid on the business day
 * `day` first, then the latest pass. Prepared: (shop, number) is one index probe, a plate key one
 * probe of the GIN index on plate_keys.
 */
function gateMemberQuery(db: Executor, by: 'number' | 'plate') {
  const day = sql.placeholder('day');
  return db
    .select({
      id: members.id,
      number: members.number,
      fullName: members.fullName,
      status: members.status,
      validFrom: members.validFrom,
      validUntil: members.validUntil,
      vehicleType: members.vehicleType,
    })
    .from(members)
    .where(
      and(
        eq(members.shopId, sql.placeholder('shopId')),
        by === 'number'
          ? eq(members.number, sql.placeholder('number'))
          : sql`${members.plateKeys} @> array[${sql.placeholder('plateKey')}]::text[]`,
        ne(members.status, 'CANCELLED'),
      ),
    )
    .orderBy(
      sql`(${members.status} = 'ACTIVE' and ${members.validFrom} <= ${day}::date and ${members.validUntil} >= ${day}::date) desc`,
      desc(members.validUntil),
    )
    .limit(1)
    .prepare(`check_in_member_by_${by}`);
}

const gateMemberQueries = new WeakMap<
  Executor,
  Record<'number' | 'plate', ReturnType<typeof gateMemberQuery>>
>();

export type GateMemberLookup = { number: string } | { plateKey: string };

export async function findGateMember(db: Executor, shopId: string, lookup: GateMemberLookup, day: string) {
  let queries = gateMemberQueries.get(db);
  if (!queries) {
    queries = { number: gateMemberQuery(db, 'number'), plate: gateMemberQuery(db, 'plate') };
    gateMemberQueries.set(db, queries);
  }
  const [row] =
    'number' in lookup
      ? await queries.number.execute({ shopId, number: lookup.number, day })
      : await queries.plate.execute({ shopId, plateKey: lookup.plateKey, day });
  return row ?? null;
}

export type GateMemberRow = NonNullable<Awaited<ReturnType<typeof findGateMember>>>;

export interface NewBill {
  shopId: string;
  reference: string;
  vehicleType: string;
  plate: string | null;
  plateKey: string | null;
  memberId: string | null;
  memberNumber: string | null;
  businessDate: string;
  checkInAt: Date;
  checkInBy: string;
  requestId: string | null;
}

/**
 * Check-in in ONE statement: the shop's counter row is bumped and the bill inserted together, so
 * the counter's row lock lasts only this statement and a failed insert takes its number back
 * (numbers stay gap-free under any concurrency). A request id the shop has already seen fails the
 * statement on bills_shop_request_key, so a replayed check-in takes no number either.
 */
export async function insertBill(db: Executor, b: NewBill): Promise<{ id: number; number: number } | null> {
  // The rule is share-locked for the check-in's moment: a price rule deleted meanwhile (its delete
  // locks it for update) leaves no row here, and nothing is numbered or written.
  const result = await db.execute<{ id: string; number: number }>(sql`
    with r as (
      select 1 from price_rules where shop_id = ${b.shopId} and vehicle_type = ${b.vehicleType}
      for key share
    ), n as (
      insert into shop_bill_counters (shop_id, last_number) select ${b.shopId}, 1 from r
      on conflict (shop_id) do update set last_number = shop_bill_counters.last_number + 1
      returning last_number
    )
    insert into bills (shop_id, reference, number, vehicle_type, plate, plate_key, member_id,
                       member_number, business_date, check_in_at, check_in_by, request_id)
    select ${b.shopId}, ${b.reference}, n.last_number, ${b.vehicleType}, ${b.plate}, ${b.plateKey},
           ${b.memberId}, ${b.memberNumber}, ${b.businessDate}, ${b.checkInAt}, ${b.checkInBy},
           ${b.requestId}
    from n
    returning id, number`);
  const row = result.rows[0];
  return row ? { id: Number(row.id), number: Number(row.number) } : null;
}

export interface CheckOut {
  status: 'CLOSED' | 'LOST';
  fee: number;
  feeParts: FeePartJson[];
  paymentMethod: string;
  at: Date;
  /** The shop's business day of `at` (reports by closing). */
  businessDate: string;
  by: string;
}

/** Close a parked bill; false when it was no longer parked (someone else closed it first). */
export async function closeParkedBill(db: Executor, id: number, out: CheckOut): Promise<boolean> {
  const rows = await db
    .update(bills)
    .set({
      status: out.status,
      fee: out.fee,
      feeParts: out.feeParts,
      paymentMethod: out.paymentMethod,
      checkOutAt: out.at,
      outBusinessDate: out.businessDate,
      checkOutBy: out.by,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bills.id, id), eq(bills.status, 'PARKED')))
    .returning({ id: bills.id });
  return rows.length > 0;
}

/** Change a bill only if its status is still `expectedStatus` (no lost updates). */
export async function updateBillIfStatus(
  db: Executor,
  id: number,
  expectedStatus: string,
  values: Partial<typeof bills.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(bills)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(bills.id, id), eq(bills.status, expectedStatus)))
    .returning({ id: bills.id });
  return rows.length > 0;
}

/**
 * Whether the shop prices this vehicle type, share-locking the rule until the transaction ends (a
 * rule delete waits, then sees the parked vehicle and is refused).
 */
export async function holdPriceRule(tx: Executor, shopId: string, vehicleType: string): Promise<boolean> {
  const result = await tx.execute(sql`
    select 1 from price_rules where shop_id = ${shopId} and vehicle_type = ${vehicleType} for key share`);
  return result.rows.length > 0;
}

/** Count a print on the bill and record it; the first print is PRINT, every later one REPRINT. */
export async function recordPrint(
  tx: Executor,
  bill: { id: number; shopId: string },
  paper: string | null,
  by: string,
  rollSerial: number | null = null,
) {
  const [counted] = await tx
    .update(bills)
    .set({ printCount: sql`${bills.printCount} + 1` })
    .where(eq(bills.id, bill.id))
    .returning({ printCount: bills.printCount });
  const kind = (counted?.printCount ?? 1) > 1 ? 'REPRINT' : 'PRINT';
  const [row] = await tx
    .insert(billPrints)
    .values({ billId: bill.id, shopId: bill.shopId, kind, paper, printedBy: by, rollSerial })
    .returning();
  if (!row) throw new Error('print insert returned nothing');
  return row;
}

export async function listPrints(db: Executor, billId: number) {
  return db
    .select({
      id: billPrints.id,
      kind: billPrints.kind,
      paper: billPrints.paper,
      printedAt: billPrints.printedAt,
      printedByName: users.fullName,
    })
    .from(billPrints)
    .leftJoin(users, eq(users.id, billPrints.printedBy))
    .where(eq(billPrints.billId, billId))
    .orderBy(billPrints.id);
}

/** What the customer's receipt and the payment QR show of a shop. */
export async function findShopPublic(db: Executor, shopId: string) {
  const [row] = await db
    .select({
      name: shops.name,
      address: shops.address,
      phone: shops.phone,
      logoPath: shops.logoPath,
      conditions: shops.conditions,
      timezone: shops.timezone,
      openShop: shops.openShop,
      closeShop: shops.closeShop,
      qrReceiver: shops.qrReceiver,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row ?? null;
}
