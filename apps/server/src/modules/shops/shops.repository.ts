import { and, asc, ilike, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import type { Actor } from '../../lib/context.ts';
import { shopScope } from './shops.scope.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
