import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
import { reportDaily } from '../../db/schema/reports.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { escapeLike } from '../../lib/like.ts';

/** The people and records around a shop: its branches, staff, agents and today's bills. */

export async function listBranches(db: Executor, parentId: string, scope: SQL | undefined) {
  return db
    .select({ id: shops.id, name: shops.name, parentId: shops.parentId })
    .from(shops)
    .where(and(eq(shops.parentId, parentId), scope))
    .orderBy(asc(shops.name), asc(shops.id));
}

/** Staff placed in the shop, managers first ('MANAGER' sorts before 'SHOP'). */
export async function listStaff(db: Executor, shopId: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      role: users.role,
      status: users.status,
      phone: users.phone,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(and(eq(users.shopId, shopId), ne(users.status, 'DELETED')))
    .orderBy(asc(users.role), asc(users.fullName), asc(users.id));
}

/**
 * A shop's figures on one business day, as the reports count them (decision 010): tickets issued
 * that day (cancelled ones too), vehicles out and money taken that day, cancellations that day;
 * and the vehicles inside now.
 */
export async function dayFigures(db: Executor, shopId: string, date: string) {
  const result = await db.execute<{
    billsIn: number;
    billsOut: number;
    revenue: string;
    cancelled: number;
    parkedNow: number;
  }>(sql`
    select coalesce(sum(r.bills_in), 0)::int as "billsIn", coalesce(sum(r.bills_out), 0)::int as "billsOut",
           coalesce(sum(r.amount), 0)::bigint as "revenue", coalesce(sum(r.cancelled), 0)::int as "cancelled",
           (select count(*) from ${bills} where ${bills.shopId} = ${shopId} and ${bills.status} = 'PARKED')::int
             as "parkedNow"
    from ${reportDaily} r
    where r.shop_id = ${shopId} and r.biz_date = ${date}`);
  const row = result.rows[0];
  return {
    billsIn: row?.billsIn ?? 0,
    billsOut: row?.billsOut ?? 0,
    revenue: Number(row?.revenue ?? 0),
    cancelled: row?.cancelled ?? 0,
    parkedNow: row?.parkedNow ?? 0,
  };
}

const agentColumns = { id: users.id, fullName: users.fullName, username: users.username };
const activeAgent = and(eq(users.role, 'AGENT'), eq(users.status, 'ACTIVE'));

/** Active agents for the agent picker: at most 50, by name. */
export async function listAgents(db: Executor, q: string | undefined) {
  const like = q ? `%${escapeLike(q)}%` : undefined;
  return db
    .select(agentColumns)
    .from(users)
    .where(and(activeAgent, like ? or(ilike(users.fullName, like), ilike(users.username, like)) : undefined))
    .orderBy(asc(users.fullName), asc(users.id))
    .limit(50);
}

export async function findActiveAgent(db: Executor, id: string) {
  const [row] = await db
    .select(agentColumns)
    .from(users)
    .where(and(eq(users.id, id), activeAgent))
    .limit(1);
  return row ?? null;
}
