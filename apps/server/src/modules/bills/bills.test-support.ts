import type { Bill, BillWithFee } from '@parking-hub/contracts/bills';
import { businessDate } from '@parking-hub/contracts/business-day';
import { addDays } from '@parking-hub/contracts/members';
import { eq, sql } from 'drizzle-orm';
import { bills } from '../../db/schema/bills.ts';
import { members } from '../../db/schema/members.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { call, insertShop, signedIn, type TestApp } from '../../test/harness.ts';
import { authChanged } from '../auth/auth-events.ts';
import { plateKey } from './bills.mapping.ts';

export { expectError } from '../../test/harness.ts';

/** Helpers shared by the bill test files (not a test file itself). */
export function billApi(t: TestApp) {
  const post = <T = unknown>(path: string, token: string, body: unknown, headers?: Record<string, string>) =>
    call<T>(t.app, 'POST', path, { token, body, ...(headers ? { headers } : {}) });
  return {
    post,
    checkIn: (token: string, body: Record<string, unknown> = { vehicleType: 'MOTORBIKE' }) =>
      post<Bill>('bill/create', token, body),
    find: (token: string, body: Record<string, unknown>) => post<BillWithFee>('bill/find', token, body),
    checkout: (token: string, body: Record<string, unknown>) => post<Bill>('bill/checkout', token, body),
  };
}

/** A shop (flat 3,000 / 10,000 kip) with one SHOP user and one MANAGER, signed in. */
export async function shopWithStaff(t: TestApp, values: Parameters<typeof insertShop>[1] = {}) {
  const shop = await insertShop(t.db, { priceMotorbike: 3000, priceCar: 10_000, ...values });
  const staff = await signedIn(t, 'SHOP', { shopId: shop.id });
  const manager = await signedIn(t, 'MANAGER', { shopId: shop.id });
  return { shop, staff, manager };
}

/** Make a shop's rule for a vehicle type TIMED with the given settings (announced as the API does). */
export async function setTimedRule(
  t: TestApp,
  shopId: string,
  vehicleType: string,
  rule: Partial<typeof priceRules.$inferInsert>,
) {
  const values = { mode: 'TIMED', ...rule };
  const updated = await t.db
    .update(priceRules)
    .set(values)
    .where(sql`${priceRules.shopId} = ${shopId} and ${priceRules.vehicleType} = ${vehicleType}`)
    .returning({ id: priceRules.id });
  if (updated.length === 0) await t.db.insert(priceRules).values({ shopId, vehicleType, ...values });
  await authChanged(t.db, { shopId });
}

/** Pretend a bill was checked in `minutes` ago. */
export async function backdate(t: TestApp, billId: string, minutes: number) {
  await t.db
    .update(bills)
    .set({ checkInAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(bills.id, Number(billId)));
}

export interface MemberOptions {
  vehicleType?: string;
  /** Plates as written; their keys are stored as the API stores them. */
  plates?: string[];
  status?: 'ACTIVE' | 'EXPIRED' | 'SUSPENDED' | 'CANCELLED';
  /** First valid business day, in days from today (yesterday unless said). */
  fromDays?: number;
  fullName?: string;
}

/**
 * A member of the shop valid from yesterday to `days` days from today, both business days of a
 * shop in Vientiane without hours (the tests' shops).
 */
export async function insertMember(
  t: TestApp,
  shopId: string,
  number: string,
  days = 30,
  o: MemberOptions = {},
) {
  const today = businessDate(new Date(), { timezone: 'Asia/Vientiane', openShop: null, closeShop: null });
  const plates = o.plates ?? [];
  const [row] = await t.db
    .insert(members)
    .values({
      shopId,
      number,
      fullName: o.fullName ?? `Member ${number}`,
      plates,
      plateKeys: plates.map((p) => plateKey(p) ?? ''),
      status: o.status ?? 'ACTIVE',
      vehicleType: o.vehicleType ?? null,
      validFrom: addDays(today, o.fromDays ?? -1),
      validUntil: addDays(today, days),
    })
    .returning();
  if (!row) throw new Error('member insert failed');
  return row;
}

export async function billRow(t: TestApp, id: string) {
  const [row] = await t.db
    .select()
    .from(bills)
    .where(eq(bills.id, Number(id)));
  return row;
}
