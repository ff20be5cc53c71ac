import { type AnyColumn, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { shops } from '../db/schema/shops.ts';
import type { Actor } from '../lib/context.ts';

/**
 * The shops an actor may see, as a condition on a shop-id column (DESIGN.md §1):
 * admins all; an agent the shops whose agent they are; a manager their shop and its branches;
 * shop staff their own shop. `undefined` means no restriction.
 */
export function shopScope(actor: Actor, column: AnyColumn): SQL | undefined {
  switch (actor.role) {
    case 'SUPER-ADMIN':
    case 'ADMIN':
      return undefined;
    case 'AGENT':
      return sql`${column} in (select ${shops.id} from ${shops} where ${shops.agentId} = ${actor.id})`;
    case 'MANAGER':
      if (!actor.shopId) return sql`false`;
      return sql`${column} in (select ${shops.id} from ${shops} where ${or(eq(shops.id, actor.shopId), eq(shops.parentId, actor.shopId))})`;
    case 'SHOP':
      return actor.shopId ? eq(column, actor.shopId) : sql`false`;
  }
}

export async function isShopInScope(db: Executor, actor: Actor, shopId: string): Promise<boolean> {
  const scope = shopScope(actor, shops.id);
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(scope ? sql`${shops.id} = ${shopId} and ${scope}` : eq(shops.id, shopId))
    .limit(1);
  return rows.length > 0;
}

export async function shopExists(db: Executor, shopId: string): Promise<boolean> {
  const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return rows.length > 0;
}

/** The four shapes a scope takes; each is one prepared statement per query that uses it. */
export type ScopeKind = 'ALL' | 'AGENT' | 'MANAGER' | 'SHOP';

export function scopeKind(actor: Actor): ScopeKind {
  return actor.role === 'SUPER-ADMIN' || actor.role === 'ADMIN' ? 'ALL' : actor.role;
}

/** No shop has this id: a shop role without a shop (which the database forbids) sees nothing. */
const NO_SHOP = '00000000-0000-0000-0000-000000000000';

/** The values `scopeTemplate`'s placeholders take for this actor. */
export function scopeParams(actor: Actor): { scopeActor: string; scopeShop: string } {
  return { scopeActor: actor.id, scopeShop: actor.shopId ?? NO_SHOP };
}

/** `shopScope` with placeholders instead of values, for prepared statements (same rules). */
export function scopeTemplate(kind: ScopeKind, column: AnyColumn): SQL | undefined {
  const actor = sql.placeholder('scopeActor');
  const shop = sql.placeholder('scopeShop');
  switch (kind) {
    case 'ALL':
      return undefined;
    case 'AGENT':
      return sql`${column} in (select ${shops.id} from ${shops} where ${shops.agentId} = ${actor})`;
    case 'MANAGER':
      return sql`${column} in (select ${shops.id} from ${shops} where ${shops.id} = ${shop} or ${shops.parentId} = ${shop})`;
    case 'SHOP':
      return sql`${column} = ${shop}`;
  }
}
