import { businessDate } from '@parking-hub/contracts/business-day';
import type { AgentOption, ListShopsBody, Shop, ShopDetail, ShopStatus } from '@parking-hub/contracts/shops';
import type { Db, Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { iso, isoOrNull } from '../../lib/time.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { packageHistoryOf } from '../packages/shop-packages.service.ts';
import { shopRules } from '../prices/prices.service.ts';
import {
  dayFigures,
  findActiveAgent,
  listAgents,
  listBranches,
  listStaff,
} from './shops.related.repository.ts';
import { findShop, isCodeTaken, listShops as listShopRows, type ShopRow } from './shops.repository.ts';

export function toShop(row: ShopRow): Shop {
  return {
    ...row,
    status: row.status as ShopStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What the audit trail keeps of a shop: its own fields, not the joined names or counts. */
export function auditView(shop: Shop) {
  const { parentName: _p, agentName: _a, branchCount: _b, createdAt: _c, updatedAt: _u, ...rest } = shop;
  return rest;
}

/** A shop's event is filed under the shop itself, so its history is one filter away. */
export function auditShop(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  id: string,
  change: { before?: unknown; after?: unknown },
) {
  return audit(tx, ctx, { action, entity: 'shop', entityId: id, shopId: id, ...change });
}

export const scopeOf = (ctx: AuthedContext) => shopScope(ctx.actor, shops.id);

/** A shop in the caller's scope; anything else is "not found", so a guessed id tells nothing. */
export async function visibleShop(db: Executor, ctx: AuthedContext, id: string, lock = false): Promise<Shop> {
  const row = await findShop(db, id, scopeOf(ctx), lock);
  if (!row) throw notFound('errors.shopNotFound');
  return toShop(row);
}

const codeTaken = () => conflict('errors.shopCodeTaken', { code: 'errors.shopCodeTaken' });

export async function assertCodeFree(db: Executor, code: string | null | undefined, exceptId?: string) {
  if (code && (await isCodeTaken(db, code, exceptId))) throw codeTaken();
}

/** A concurrent insert or rename can still take the code after the check: answer 409 for it too. */
export function rethrowCodeTaken(err: unknown): never {
  throw uniqueViolation(err) === 'shops_code_key' ? codeTaken() : err;
}

/** Admins may give a shop to an active agent (or to none); an agent's shops are their own. */
export async function resolveAgent(db: Executor, ctx: AuthedContext, agentId: string | null | undefined) {
  if (ctx.actor.role === 'AGENT') {
    if (agentId && agentId !== ctx.actor.id) throw forbidden();
    return ctx.actor.id;
  }
  if (!agentId) return null;
  if (!(await findActiveAgent(db, agentId))) throw badRequest({ agentId: 'errors.agentNotFound' });
  return agentId;
}

export async function listShops(db: Db, ctx: AuthedContext, body: ListShopsBody) {
  const { rows, total } = await listShopRows(db, body, scopeOf(ctx), body);
  return { data: rows.map(toShop), meta: pageMeta(body, total) };
}

export async function shopDetail(db: Db, ctx: AuthedContext, id: string): Promise<ShopDetail> {
  const shop = await visibleShop(db, ctx, id);
  const date = businessDate(new Date(), shop);
  const [branches, staff, prices, figures, packageHistory] = await Promise.all([
    listBranches(db, id, scopeOf(ctx)),
    listStaff(db, id),
    shopRules(db, id),
    dayFigures(db, id, date),
    packageHistoryOf(db, id),
  ]);
  return {
    shop,
    branches,
    staff: staff.map((u) => ({ ...u, lastLoginAt: isoOrNull(u.lastLoginAt) })),
    prices,
    today: { businessDate: date, ...figures },
    packageHistory,
  };
}

/** The agent picker: admins choose among active agents, an agent only ever picks themselves. */
export async function agentOptions(
  db: Db,
  ctx: AuthedContext,
  q: string | undefined,
): Promise<AgentOption[]> {
  if (ctx.actor.role === 'AGENT') {
    const { id, fullName, username } = ctx.actor;
    return [{ id, fullName, username }];
  }
  return listAgents(db, q);
}
