import type { BillLocator } from '@parking-hub/contracts/bills';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isShopInScope, scopeKind, scopeParams, shopExists, shopScope } from '../shops/shops.scope.ts';
import { type BillLookup, type BillRow, findBill } from './bills.repository.ts';

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

/** The bill a locator names, inside the caller's scope; anything else is "not found". */
export async function locateBill(db: Executor, ctx: AuthedContext, locator: BillLocator): Promise<BillRow> {
  const scope = { scope: scopeKind(ctx.actor), params: scopeParams(ctx.actor) };
  let lookup: BillLookup;
  if (locator.id !== undefined) lookup = byId(ctx, Number(locator.id));
  else if (locator.reference !== undefined) {
    lookup = {
      locator: 'reference',
      scope: scope.scope,
      params: { reference: locator.reference, ...scope.params },
    };
  } else if (locator.number !== undefined) {
    const shopId = await resolveShopId(db, ctx, locator.shopId);
    lookup = {
      locator: 'number',
      scope: scope.scope,
      params: { shopId, number: locator.number, ...scope.params },
    };
  } else throw badRequest({ reference: 'validation.referenceRequired' });
  const row = await findBill(db, lookup);
  if (!row) throw notFound('errors.billNotFound');
  return row;
}
