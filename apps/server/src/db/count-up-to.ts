import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * How many rows of `table` match, counted up to `cap + 1` only: a long list's count never reads
 * more rows than its pages may reach (the answer says "10,000+" past the cap).
 */
export async function countUpTo(db: Executor, table: PgTable, where: SQL | undefined, cap: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}
