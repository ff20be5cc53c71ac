import type { BillLocator } from '@parking-hub/contracts/bills';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isShopInScope, scopeKind, scopeParams, shopExists, shopScope } from '../../tenancy/scope.ts';
import type { BillView } from './bills.mapping.ts';
import { type BillLookup, type BillRow, findBill } from './bills.repository.ts';
import { findBillOwnRow } from './bills-scan.repository.ts';
import type { ScanCache } from './scan-cache.ts';

/**
 * The shop a staff action is for: shop staff always act for their own shop; a manager for their
 * shop unless they name a branch; everyone else must name one. Outside the scope: 403.
 */
export async function resolveShopId(
  db: Executor,
  ctx: AuthedContext,
  requested: string | null | undefined,
): Promise<string> {
  const { actor } = ctx;
  const shopId = requested ?? (actor.role === 'SHOP' || actor.role === 'MANAGER' ? actor.shopId : null);
  if (!shopId) throw badRequest({ shopId: 'validation.shopRequired' });
  // One's own shop needs no lookup (the busiest case: staff checking vehicles in).
  if ((actor.role === 'SHOP' || actor.role === 'MANAGER') && shopId === actor.shopId) return shopId;
  if (await isShopInScope(db, actor, shopId)) return shopId;
  if (!(await shopExists(db, shopId))) throw notFound('errors.shopNotFound');
  throw forbidden('errors.shopOutOfScope');
}

export const billScope = (ctx: AuthedContext) => shopScope(ctx.actor, bills.shopId);

/** The lookup of a bill by id inside the caller's scope. */
export function byId(ctx: AuthedContext, id: number): BillLookup {
  return { locator: 'id', scope: scopeKind(ctx.actor), params: { id, ...scopeParams(ctx.actor) } };
}

/** The lookup of the bill a check-in request made in a shop, inside the caller's scope. */
export function byRequest(ctx: AuthedContext, shopId: string, requestId: string): BillLookup {
  const params = { shopId, requestId, ...scopeParams(ctx.actor) };
  return { locator: 'request', scope: scopeKind(ctx.actor), params };
}

/** How to find the bill a locator names inside the caller's scope. */
async function lookupOf(db: Executor, ctx: AuthedContext, locator: BillLocator): Promise<BillLookup> {
  const scope = scopeKind(ctx.actor);
  const params = scopeParams(ctx.actor);
  if (locator.id !== undefined) return byId(ctx, Number(locator.id));
  if (locator.reference !== undefined)
    return { locator: 'reference', scope, params: { reference: locator.reference, ...params } };
  if (locator.number !== undefined) {
    const shopId = await resolveShopId(db, ctx, locator.shopId);
    return { locator: 'number', scope, params: { shopId, number: locator.number, ...params } };
  }
  throw badRequest({ reference: 'validation.referenceRequired' });
}

/** The bill a locator names, inside the caller's scope; anything else is "not found". */
export async function locateBill(db: Executor, ctx: AuthedContext, locator: BillLocator): Promise<BillRow> {
  const row = await findBill(db, await lookupOf(db, ctx, locator));
  if (!row) throw notFound('errors.billNotFound');
  return row;
}

/**
 * `locateBill` for the scan path (decision 015): the bill's own row, then its shop, rule and staff
 * names from the cache. The same answer; while the cache is off, the joined read.
 */
export async function scanBill(
  db: Executor,
  cache: ScanCache,
  ctx: AuthedContext,
  locator: BillLocator,
): Promise<BillView> {
  if (!cache.enabled) return locateBill(db, ctx, locator);
  const row = await findBillOwnRow(db, await lookupOf(db, ctx, locator));
  if (!row) throw notFound('errors.billNotFound');
  // Shop and names are in memory on nearly every scan: no promise to wait for then.
  const shop = cache.cachedShop(row.shopId) ?? (await cache.loadShop(db, row.shopId));
  const staff = [row.checkInBy, row.checkOutBy, row.cancelledBy] as const;
  const [checkInByName, checkOutByName, cancelledByName] =
    cache.cachedNames(staff) ?? (await cache.loadNames(db, staff));
  // A bill's shop cannot go (a foreign key, and shops are never deleted).
  if (!shop) throw new Error(`shop ${row.shopId} of bill ${row.id} not found`);
  // Field by field: spreading the row (and leaving fields out with a rest) costs more here than
  // the whole lookup in the cache.
  return {
    id: Number(row.id),
    reference: row.reference,
    number: row.number,
    shopId: row.shopId,
    shopName: shop.name,
    vehicleType: row.vehicleType,
    plate: row.plate,
    memberId: row.memberId,
    memberNumber: row.memberNumber,
    status: row.status,
    businessDate: row.businessDate,
    checkInAt: row.checkInAt,
    checkInById: row.checkInBy,
    checkInByName,
    checkOutAt: row.checkOutAt,
    checkOutById: row.checkOutBy,
    checkOutByName,
    fee: row.fee,
    feeParts: row.feeParts,
    paymentMethod: row.paymentMethod,
    printCount: row.printCount,
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt,
    cancelledByName,
    timezone: shop.timezone,
    openShop: shop.openShop,
    closeShop: shop.closeShop,
    rule: shop.rules.get(row.vehicleType) ?? null,
  };
}
