import type { PassMethod } from '@parking-hub/contracts/members';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bills } from '../../db/schema/bills.ts';
import { memberNumbers, memberPayments, members } from '../../db/schema/members.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';

/** A shop as the members' calls need it: its name and phone (receipts), hours (today), settings. */
export async function findMemberShop(db: Executor, shopId: string) {
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      phone: shops.phone,
      status: shops.status,
      timezone: shops.timezone,
      openShop: shops.openShop,
      closeShop: shops.closeShop,
      staffSellPasses: shops.staffSellPasses,
      reminderDays: shops.memberReminderDays,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row ?? null;
}
export type MemberShop = NonNullable<Awaited<ReturnType<typeof findMemberShop>>>;

/** The membership settings of a shop, locked for their change. */
export async function lockShopSettings(db: Executor, shopId: string) {
  const [row] = await db
    .select({ staffSellPasses: shops.staffSellPasses, reminderDays: shops.memberReminderDays })
    .from(shops)
    .where(eq(shops.id, shopId))
    .for('no key update');
  return row ?? null;
}

export async function updateShopSettings(
  db: Executor,
  shopId: string,
  values: { staffSellPasses: boolean; reminderDays: number },
) {
  await db
    .update(shops)
    .set({ staffSellPasses: values.staffSellPasses, memberReminderDays: values.reminderDays })
    .where(eq(shops.id, shopId));
}

// ---- members ------------------------------------------------------------------------------

export const memberColumns = {
  id: members.id,
  shopId: members.shopId,
  shopName: shops.name,
  timezone: shops.timezone,
  openShop: shops.openShop,
  closeShop: shops.closeShop,
  numberId: members.numberId,
  number: members.number,
  fullName: members.fullName,
  phone: members.phone,
  plates: members.plates,
  plateKeys: members.plateKeys,
  vehicleType: members.vehicleType,
  planMonths: members.planMonths,
  validFrom: members.validFrom,
  validUntil: members.validUntil,
  status: members.status,
  feePaid: members.feePaid,
  note: members.note,
  createdAt: members.createdAt,
  updatedAt: members.updatedAt,
};

/** A member with their shop's name and hours; `scope` limits the shop, `lock` holds the row. */
export async function findMember(db: Executor, id: string, scope?: SQL, lock = false) {
  const query = db
    .select(memberColumns)
    .from(members)
    .innerJoin(shops, eq(shops.id, members.shopId))
    .where(and(eq(members.id, id), scope))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: members }) : await query;
  return row ?? null;
}
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export type NewMemberRow = typeof members.$inferInsert;

export async function insertMember(db: Executor, values: NewMemberRow): Promise<string> {
  const [row] = await db.insert(members).values(values).returning({ id: members.id });
  if (!row) throw new Error('member insert returned nothing');
  return row.id;
}

export async function updateMember(
  db: Executor,
  id: string,
  values: { [K in keyof NewMemberRow]?: NewMemberRow[K] | SQL },
) {
  await db
    .update(members)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(members.id, id));
}

/**
 * Serialises the changes that give plates to members of a shop: each plate key its own lock
 * (two keys, shop and plate, hashed), taken in one order so two changes never wait on each other.
 */
export async function lockPlates(db: Executor, shopId: string, keys: string[]) {
  for (const key of [...new Set(keys)].sort())
    await db.execute(
      sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.memberPlates}::int, hashtext(${`${shopId}:${key}`}))`,
    );
}

/** A live (not cancelled) member of the shop, other than `exceptId`, holding one of the plate keys. */
export async function plateHolder(db: Executor, shopId: string, keys: string[], exceptId: string | null) {
  const [row] = await db
    .select({ number: members.number, plates: members.plates, plateKeys: members.plateKeys })
    .from(members)
    .where(
      and(
        eq(members.shopId, shopId),
        ne(members.status, 'CANCELLED'),
        sql`${members.plateKeys} && ${sql.param(keys)}::text[]`,
        exceptId ? ne(members.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

// ---- card numbers -------------------------------------------------------------------------

/** A card number of the shop, locked until the transaction ends (a sale rechecks it is free). */
export async function lockNumber(db: Executor, id: string, shopId: string) {
  const [row] = await db
    .select({
      id: memberNumbers.id,
      number: memberNumbers.number,
      status: memberNumbers.status,
      memberId: memberNumbers.memberId,
    })
    .from(memberNumbers)
    .where(and(eq(memberNumbers.id, id), eq(memberNumbers.shopId, shopId)))
    .for('update');
  return row ?? null;
}

export async function assignNumber(db: Executor, id: string, memberId: string) {
  await db
    .update(memberNumbers)
    .set({
      status: 'ASSIGNED',
      memberId,
      everAssigned: sql`coalesce(${memberNumbers.everAssigned}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(memberNumbers.id, id));
}

/** A card leaves its member: AVAILABLE again (cancelled member) or LOST (replaced). */
export async function releaseNumber(
  db: Executor,
  id: string,
  memberId: string,
  status: 'AVAILABLE' | 'LOST',
) {
  await db
    .update(memberNumbers)
    .set({ status, memberId: null, updatedAt: sql`now()` })
    .where(and(eq(memberNumbers.id, id), eq(memberNumbers.memberId, memberId)));
}

// ---- payments -----------------------------------------------------------------------------

export interface NewPayment {
  shopId: string;
  memberId: string;
  numberId: string | null;
  kind: 'SELL' | 'RENEW';
  vehicleType: string;
  months: number;
  amount: number;
  method: PassMethod;
  periodFrom: string;
  periodUntil: string;
  takenBy: string;
}

export async function insertPayment(db: Executor, values: NewPayment): Promise<string> {
  const [row] = await db.insert(memberPayments).values(values).returning({ id: memberPayments.id });
  if (!row) throw new Error('member payment insert returned nothing');
  return row.id;
}

const paymentColumns = {
  id: memberPayments.id,
  memberId: memberPayments.memberId,
  kind: memberPayments.kind,
  numberId: memberPayments.numberId,
  number: memberNumbers.number,
  vehicleType: memberPayments.vehicleType,
  months: memberPayments.months,
  amount: memberPayments.amount,
  method: memberPayments.method,
  periodFrom: memberPayments.periodFrom,
  periodUntil: memberPayments.periodUntil,
  takenById: memberPayments.takenBy,
  takenByName: users.fullName,
  takenAt: memberPayments.takenAt,
};

function selectPayments(db: Executor) {
  return db
    .select(paymentColumns)
    .from(memberPayments)
    .leftJoin(memberNumbers, eq(memberNumbers.id, memberPayments.numberId))
    .leftJoin(users, eq(users.id, memberPayments.takenBy));
}
export type PaymentRow = Awaited<ReturnType<typeof paymentsOf>>[number];

/** A member's payments, newest first. */
export function paymentsOf(db: Executor, memberId: string) {
  return selectPayments(db)
    .where(eq(memberPayments.memberId, memberId))
    .orderBy(desc(memberPayments.takenAt), desc(memberPayments.id));
}

export async function findPayment(db: Executor, id: string) {
  const [row] = await selectPayments(db).where(eq(memberPayments.id, id)).limit(1);
  if (!row) throw new Error(`member payment ${id} vanished`);
  return row;
}

/** The price rule's price of a pass (null: no rule, or that length is not sold). */
export async function passPrice(db: Executor, shopId: string, vehicleType: string, months: number) {
  const column = { 1: priceRules.pass1m, 3: priceRules.pass3m, 6: priceRules.pass6m, 12: priceRules.pass12m }[
    months
  ];
  if (!column) return null;
  const [row] = await db
    .select({ price: column })
    .from(priceRules)
    .where(and(eq(priceRules.shopId, shopId), eq(priceRules.vehicleType, vehicleType)))
    .limit(1);
  return row?.price ?? null;
}

/** Every pass price the shop's own rules set. */
export function passPrices(db: Executor, shopId: string) {
  return db
    .select({
      vehicleType: priceRules.vehicleType,
      pass1m: priceRules.pass1m,
      pass3m: priceRules.pass3m,
      pass6m: priceRules.pass6m,
      pass12m: priceRules.pass12m,
    })
    .from(priceRules)
    .where(eq(priceRules.shopId, shopId));
}

// ---- detail -------------------------------------------------------------------------------

/** The member's last 20 check-ins (cancelled ones left out), newest first (bills_member_idx). */
export function lastVisits(db: Executor, memberId: string) {
  return db
    .select({
      billId: bills.id,
      number: bills.number,
      plate: bills.plate,
      checkInAt: bills.checkInAt,
      checkOutAt: bills.checkOutAt,
    })
    .from(bills)
    .where(and(eq(bills.memberId, memberId), ne(bills.status, 'CANCELLED')))
    .orderBy(desc(bills.businessDate), desc(bills.checkInAt), desc(bills.id))
    .limit(20);
}

/** The card numbers a member left behind on a card replacement, oldest first (from the audit). */
export async function replacedNumbers(db: Executor, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ number: sql<string | null>`${auditEvents.before}->>'number'` })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, 'member'),
        eq(auditEvents.entityId, memberId),
        eq(auditEvents.action, 'membership.replace_card'),
      ),
    )
    .orderBy(auditEvents.id);
  return rows.map((r) => r.number).filter((n): n is string => !!n);
}
