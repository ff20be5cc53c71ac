import type { BillLocator } from '@parking-hub/contracts/bills';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isShopInScope, shopExists, shopScope } from '../shops/shops.scope.ts';
import { type BillRow, findBill } from './bills.repository.ts';

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
  if (actor.role === 'SHOP' && shopId === actor.shopId) return shopId;
  if (await isShopInScope(db, actor, shopId)) return shopId;
  if (!(await shopExists(db, shopId))) throw notFound('errors.shopNotFound');
  throw forbidden('errors.shopOutOfScope');
}

export const billScope = (ctx: AuthedContext) => shopScope(ctx.actor, bills.shopId);

/** The bill a locator names, inside the caller's scope; anything else is "not found". */
export async function locateBill(db: Executor, ctx: AuthedContext, locator: BillLocator): Promise<BillRow> {
  let where: SQL | undefined;
  if (locator.id !== undefined) where = eq(bills.id, Number(locator.id));
  else if (locator.reference !== undefined) where = eq(bills.reference, locator.reference);
  else if (locator.number !== undefined) {
    const shopId = await resolveShopId(db, ctx, locator.shopId);
    where = and(eq(bills.shopId, shopId), eq(bills.number, locator.number));
  }
  if (!where) throw badRequest({ reference: 'validation.referenceRequired' });
  const row = await findBill(db, where, billScope(ctx));
  if (!row) throw notFound('errors.billNotFound');
  return row;
}
