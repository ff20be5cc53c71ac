import type { Paging } from '@parking-hub/contracts/envelope';
import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/context.ts';
import { escapeLike } from '../../lib/like.ts';
import { pageOffset } from '../../lib/paging.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { authChanged } from '../auth/auth-events.ts';

export type NewShopRow = typeof shops.$inferInsert;

/** Shop names for pickers: at most 20, scoped, closed shops left out. */
export async function autocompleteShops(db: Executor, actor: Actor, q: string | undefined) {
  return db
    .select({ id: shops.id, name: shops.name, parentId: shops.parentId })
    .from(shops)
    .where(
      and(
        shopScope(actor, shops.id),
        ne(shops.status, 'CLOSED'),
        q ? ilike(shops.name, `%${escapeLike(q)}%`) : undefined,
      ),
    )
    .orderBy(asc(shops.name))
    .limit(20);
}

const parent = alias(shops, 'parent');

const shopColumns = {
  id: shops.id,
  name: shops.name,
  code: shops.code,
  parentId: shops.parentId,
  parentName: parent.name,
  agentId: shops.agentId,
  agentName: users.fullName,
  packageId: shops.packageId,
  address: shops.address,
  phone: shops.phone,
  whatsapp: shops.whatsapp,
  logoPath: shops.logoPath,
  conditions: shops.conditions,
  priceMotorbike: shops.priceMotorbike,
  priceCar: shops.priceCar,
  openShop: shops.openShop,
  closeShop: shops.closeShop,
  timezone: shops.timezone,
  status: shops.status,
  qrReceiver: shops.qrReceiver,
  branchCount: sql<number>`(select count(*)::int from ${shops} as b where b.parent_id = ${shops.id})`,
  createdAt: shops.createdAt,
  updatedAt: shops.updatedAt,
};

export type ShopRow = NonNullable<Awaited<ReturnType<typeof findShop>>>;

function selectShops(db: Executor) {
  return db
    .select(shopColumns)
    .from(shops)
    .leftJoin(parent, eq(parent.id, shops.parentId))
    .leftJoin(users, eq(users.id, shops.agentId));
}

/**
 * One shop inside a scope condition (none: any shop). `lock` holds the row until the transaction
 * ends, so a change computes its before/after from a row nobody else is changing.
 */
export async function findShop(db: Executor, id: string, scope: SQL | undefined, lock = false) {
  const query = selectShops(db)
    .where(and(eq(shops.id, id), scope))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: shops }) : await query;
  return row ?? null;
}

export interface ShopFilter {
  q?: string | undefined;
  status?: string | undefined;
  agentId?: string | undefined;
  packageId?: string | undefined;
  parentId?: string | undefined;
}

export async function listShops(db: Executor, filter: ShopFilter, scope: SQL | undefined, paging: Paging) {
  const q = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const cond = and(
    scope,
    q ? or(ilike(shops.name, q), ilike(shops.code, q)) : undefined,
    filter.status ? eq(shops.status, filter.status) : undefined,
    filter.agentId ? eq(shops.agentId, filter.agentId) : undefined,
    filter.packageId ? eq(shops.packageId, filter.packageId) : undefined,
    filter.parentId ? eq(shops.parentId, filter.parentId) : undefined,
  );
  const rows = await selectShops(db)
    .where(cond)
    .orderBy(asc(shops.name), asc(shops.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  const [total] = await db.select({ n: count() }).from(shops).where(cond);
  return { rows, total: total?.n ?? 0 };
}

/** Inserts a shop; an empty code lets the database trigger number it (S0042). */
export async function insertShop(db: Executor, values: NewShopRow): Promise<string> {
  const [row] = await db.insert(shops).values(values).returning({ id: shops.id });
  if (!row) throw new Error('shop insert returned nothing');
  return row.id;
}

export async function updateShopRow(db: Executor, id: string, values: Partial<NewShopRow>): Promise<void> {
  await db
    .update(shops)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shops.id, id));
  // Its name, hours and prices are in cached sessions and in what scans read, on every instance.
  await authChanged(db, { shopId: id });
}

/** A main shop's agent and package are its branches' too (no cache holds either). */
export async function updateBranches(
  db: Executor,
  parentId: string,
  values: Pick<Partial<NewShopRow>, 'agentId' | 'packageId'>,
): Promise<void> {
  await db
    .update(shops)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shops.parentId, parentId));
}

export async function isCodeTaken(db: Executor, code: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.code, code), exceptId ? ne(shops.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}
