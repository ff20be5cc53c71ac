import { type AnyColumn, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import type { Actor } from '../../lib/context.ts';

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
