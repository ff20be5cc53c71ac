import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberNumbers, memberPayments, members } from '../../db/schema/members.ts';
import { escapeLike } from '../../lib/like.ts';

/**
 * Adds the numbers the shop does not have yet (one statement, whatever the range); answers the
 * ones made, in number order.
 */
export async function insertNumbers(db: Executor, shopId: string, numbers: string[]): Promise<string[]> {
  const { rows } = await db.execute<{ number: string }>(sql`
    insert into ${memberNumbers} (shop_id, number)
    select ${shopId}::uuid, n from unnest(${sql.param(numbers)}::text[]) as n
    on conflict (shop_id, number) do nothing
    returning number`);
  return rows.map((r) => r.number).sort();
}

const numberColumns = {
  id: memberNumbers.id,
  shopId: memberNumbers.shopId,
  number: memberNumbers.number,
  status: memberNumbers.status,
  memberId: memberNumbers.memberId,
  memberName: members.fullName,
  used: sql<boolean>`${memberNumbers.everAssigned} is not null`,
  createdAt: memberNumbers.createdAt,
  updatedAt: memberNumbers.updatedAt,
};
export type NumberRow = Awaited<ReturnType<typeof listNumbers>>['rows'][number];

export interface NumberFilter {
  shopId: string;
  status?: string | undefined;
  search?: string | undefined;
}

/** A page of a shop's pool, by number (member_numbers_shop_number_key, _shop_status_idx). */
export async function listNumbers(db: Executor, filter: NumberFilter, limit: number, offset: number) {
  const cond = and(
    eq(memberNumbers.shopId, filter.shopId),
    filter.status ? eq(memberNumbers.status, filter.status) : undefined,
    filter.search ? ilike(memberNumbers.number, `%${escapeLike(filter.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(numberColumns)
      .from(memberNumbers)
      .leftJoin(members, eq(members.id, memberNumbers.memberId))
      .where(cond)
      .orderBy(asc(memberNumbers.number), asc(memberNumbers.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(memberNumbers).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A card number inside a scope condition on its shop, locked for its change. */
export async function lockScopedNumber(db: Executor, id: string, scope: SQL | undefined) {
  const [row] = await db
    .select({
      id: memberNumbers.id,
      shopId: memberNumbers.shopId,
      number: memberNumbers.number,
      status: memberNumbers.status,
      memberId: memberNumbers.memberId,
      everAssigned: memberNumbers.everAssigned,
    })
    .from(memberNumbers)
    .where(and(eq(memberNumbers.id, id), scope))
    .for('update');
  return row ?? null;
}

/** Whether a member or a payment names the card (then it can only be retired). */
export async function numberReferenced(db: Executor, id: string): Promise<boolean> {
  const { rows } = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${members} where number_id = ${id})
        or exists (select 1 from ${memberPayments} where number_id = ${id}) as used`);
  return rows[0]?.used === true;
}

export async function deleteNumberRow(db: Executor, id: string) {
  await db.delete(memberNumbers).where(eq(memberNumbers.id, id));
}

export async function retireNumber(db: Executor, id: string) {
  await db
    .update(memberNumbers)
    .set({ status: 'RETIRED', updatedAt: sql`now()` })
    .where(eq(memberNumbers.id, id));
}
