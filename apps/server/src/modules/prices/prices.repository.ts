import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import { authChanged } from '../auth/auth-events.ts';

export type NewPriceRuleRow = typeof priceRules.$inferInsert;

/** Scans on every instance price parked vehicles from cached rules: tell them (decision 015). */
const rulesChanged = (db: Executor, shopId: string) => authChanged(db, { shopId });

/** The tariff itself (contracts FeeRule), for any query that computes a fee. */
export const feeRuleColumns = {
  mode: priceRules.mode,
  flatFee: priceRules.flatFee,
  graceMinutes: priceRules.graceMinutes,
  firstPeriodMinutes: priceRules.firstPeriodMinutes,
  firstPeriodFee: priceRules.firstPeriodFee,
  nextPeriodMinutes: priceRules.nextPeriodMinutes,
  nextPeriodFee: priceRules.nextPeriodFee,
  dailyCap: priceRules.dailyCap,
  overnightFee: priceRules.overnightFee,
  lostTicketFee: priceRules.lostTicketFee,
};

const ruleColumns = {
  id: priceRules.id,
  shopId: priceRules.shopId,
  vehicleType: priceRules.vehicleType,
  ...feeRuleColumns,
  pass1m: priceRules.pass1m,
  pass3m: priceRules.pass3m,
  pass6m: priceRules.pass6m,
  pass12m: priceRules.pass12m,
  updatedAt: priceRules.updatedAt,
};

export type PriceRuleRow = NonNullable<Awaited<ReturnType<typeof findOne>>>;

/** A shop's rules, in no particular order (the service orders them by vehicle type). */
export async function listRules(db: Executor, shopId: string) {
  return db.select(ruleColumns).from(priceRules).where(eq(priceRules.shopId, shopId));
}

/** `lock` holds the row until the transaction ends, so before/after describe one change. */
async function findOne(db: Executor, cond: SQL | undefined, lock: boolean) {
  const query = db.select(ruleColumns).from(priceRules).where(cond).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A rule by id inside a scope condition on its shop. */
export const findRule = (db: Executor, id: string, scope: SQL | undefined, lock = false) =>
  findOne(db, and(eq(priceRules.id, id), scope), lock);

export const findRuleByType = (db: Executor, shopId: string, vehicleType: string, lock = false) =>
  findOne(db, and(eq(priceRules.shopId, shopId), eq(priceRules.vehicleType, vehicleType)), lock);

export async function insertRule(db: Executor, values: NewPriceRuleRow): Promise<PriceRuleRow> {
  const [row] = await db.insert(priceRules).values(values).returning(ruleColumns);
  if (!row) throw new Error('price rule insert returned nothing');
  await rulesChanged(db, row.shopId);
  return row;
}

export async function updateRule(
  db: Executor,
  id: string,
  values: Partial<NewPriceRuleRow>,
): Promise<PriceRuleRow> {
  const [row] = await db
    .update(priceRules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(priceRules.id, id))
    .returning(ruleColumns);
  if (!row) throw new Error('price rule update returned nothing');
  await rulesChanged(db, row.shopId);
  return row;
}

export async function deleteRule(db: Executor, id: string): Promise<void> {
  const [row] = await db
    .delete(priceRules)
    .where(eq(priceRules.id, id))
    .returning({ shopId: priceRules.shopId });
  if (row) await rulesChanged(db, row.shopId);
}

/** Whether a vehicle of this type is parked at the shop now. */
export async function hasParkedBills(db: Executor, shopId: string, vehicleType: string): Promise<boolean> {
  const rows = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.shopId, shopId), eq(bills.status, 'PARKED'), eq(bills.vehicleType, vehicleType)))
    .limit(1);
  return rows.length > 0;
}

/**
 * A core rule's entry price shown on its shop (DESIGN.md §4: priceMotorbike, priceCar). Prices own
 * this copy: shop/update goes through followShopPrice for the other direction.
 */
export async function setShopEntryPrice(
  db: Executor,
  shopId: string,
  field: 'priceMotorbike' | 'priceCar',
  price: number,
): Promise<void> {
  await db
    .update(shops)
    .set({ [field]: price, updatedAt: sql`now()` })
    .where(eq(shops.id, shopId));
  // The shop's prices are in cached sessions and in what scans read, on every instance.
  await rulesChanged(db, shopId);
}
