import { and, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Executor, preparedQuery } from '../../db/client.ts';
import { bills, type FeePartJson } from '../../db/schema/bills.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { type ScopeKind, scopeTemplate } from '../../tenancy/scope.ts';
import { feeRuleColumns } from '../prices/prices.repository.ts';
import { type BillLookup, LOCATORS, type LocatorKind } from './bills.repository.ts';

/** A bill's own row as the scan path reads it (`id` is int8, read as text: db/client.ts). */
export interface BillOwnRow {
  id: string;
  reference: string;
  number: number;
  shopId: string;
  vehicleType: string;
  plate: string | null;
  memberId: string | null;
  memberNumber: string | null;
  status: string;
  businessDate: string;
  checkInAt: Date;
  checkInBy: string | null;
  checkOutAt: Date | null;
  checkOutBy: string | null;
  fee: number | null;
  feeParts: FeePartJson[] | null;
  paymentMethod: string | null;
  printCount: number;
  cancelReason: string | null;
  cancelledAt: Date | null;
  cancelledBy: string | null;
}

/**
 * The scan path (`bill/find`, decision 015): the bill's own row by one index, nothing joined; its
 * shop, price rule and staff names come from the scan cache (scan-cache.ts). The statement runs on
 * node-postgres directly: Drizzle's execution and row mapping cost about 10 µs a call here, a
 * tenth of the whole request. The locator and the scope are Drizzle's own conditions.
 */
const OWN_ROW = sql.raw(`select id, reference, number, shop_id as "shopId", vehicle_type as "vehicleType",
  plate, member_id as "memberId", member_number as "memberNumber", status,
  business_date::text as "businessDate", check_in_at as "checkInAt", check_in_by as "checkInBy",
  check_out_at as "checkOutAt", check_out_by as "checkOutBy", fee, fee_parts as "feeParts",
  payment_method as "paymentMethod", print_count as "printCount", cancel_reason as "cancelReason",
  cancelled_at as "cancelledAt", cancelled_by as "cancelledBy"
from bills`);

const dialect = new PgDialect();
const statements = new Map<string, { name: string; text: string; params: unknown[] }>();

function statementFor(locator: LocatorKind, scope: ScopeKind) {
  const key = `${locator}:${scope}`;
  let statement = statements.get(key);
  if (!statement) {
    const where = and(LOCATORS[locator], scopeTemplate(scope, bills.shopId));
    const query = dialect.sqlToQuery(sql`${OWN_ROW} where ${where} limit 1`);
    statement = {
      name: `bill_row_by_${locator}_${scope.toLowerCase()}`,
      text: query.sql,
      params: query.params,
    };
    statements.set(key, statement);
  }
  return statement;
}

/** A bill's own row inside a scope (one prepared statement per locator and scope shape). */
export async function findBillOwnRow(db: Executor, lookup: BillLookup): Promise<BillOwnRow | null> {
  const { name, text, params } = statementFor(lookup.locator, lookup.scope);
  const { rows } = await preparedQuery<BillOwnRow>(db, name, text, fillPlaceholders(params, lookup.params));
  return rows[0] ?? null;
}

/** What a bill's answer and fee need of its shop: its name, its hours and its price rules. */
export async function findShopTariff(db: Executor, shopId: string) {
  const [shop] = await db
    .select({
      name: shops.name,
      timezone: shops.timezone,
      openShop: shops.openShop,
      closeShop: shops.closeShop,
    })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  if (!shop) return null;
  const rules = await db
    .select({ vehicleType: priceRules.vehicleType, rule: { id: priceRules.id, ...feeRuleColumns } })
    .from(priceRules)
    .where(eq(priceRules.shopId, shopId));
  return { ...shop, rules: new Map(rules.map((r) => [r.vehicleType, r.rule])) };
}

export type ShopTariff = NonNullable<Awaited<ReturnType<typeof findShopTariff>>>;

export async function findUserNames(db: Executor, ids: string[]) {
  return db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
}
