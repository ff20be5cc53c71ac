import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/context.ts';

/** Whole kip as a message shows it: '1,234,567'. */
export const kip = (n: number) => Math.round(n).toLocaleString('en-US');

export { isAdmin } from '../../lib/context.ts';

/** The SQLSTATE of a database error, looking through driver wrappers, and its constraint. */
export function pgError(err: unknown): { code: string; constraint: string } | null {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, constraint: e.constraint ?? '' };
  }
  return null;
}

/** A wallet would go below 0 (the wallets' check, 23514). */
export const isOverdraw = (err: unknown) => {
  const e = pgError(err);
  return e?.code === '23514' && e.constraint === 'wallets_balance_check';
};

/** The main shop of a shop (itself when it has no parent), or null when there is no such shop. */
export async function mainShopOf(db: Executor, shopId: string): Promise<string | null> {
  const { rows } = await db.execute<{ main: string }>(
    sql`select coalesce(parent_id, id) as main from shops where id = ${shopId}`,
  );
  return rows[0]?.main ?? null;
}

/**
 * The main shops whose money the actor may see, as a condition on a main-shop id column:
 * admins all; an agent the shops whose agent they are; a manager (or staff) their shop's main shop.
 */
export function mainShopScope(actor: Actor, column: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) {
  switch (actor.role) {
    case 'SUPER-ADMIN':
    case 'ADMIN':
      return sql`true`;
    case 'AGENT':
      return sql`${column} in (select id from shops where agent_id = ${actor.id})`;
    case 'MANAGER':
    case 'SHOP':
      if (!actor.shopId) return sql`false`;
      return sql`${column} = (select coalesce(parent_id, id) from shops where id = ${actor.shopId})`;
  }
}

export async function walletBalance(db: Executor, shopId: string): Promise<number> {
  const { rows } = await db.execute<{ balance: string }>(
    sql`select balance from wallets where shop_id = ${shopId}`,
  );
  return Number(rows[0]?.balance ?? 0);
}

/**
 * Take the wallet's row lock before inserting a ledger entry: the entry's seq is drawn when its
 * row is formed, before the trigger waits for the wallet, so without this two entries at once could
 * get their seq in one order and their balance_after in the other. Under the lock, seq order is
 * the order the balance moved in (the running-balance chain `finance:check` proves).
 */
export async function lockWallet(tx: Executor, shopId: string): Promise<void> {
  await tx.execute(sql`insert into wallets (shop_id) values (${shopId}) on conflict (shop_id) do nothing`);
  await tx.execute(sql`select 1 from wallets where shop_id = ${shopId} for update`);
}
