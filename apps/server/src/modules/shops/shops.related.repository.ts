import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bills } from '../../db/schema/bills.ts';
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

const onDate = (date: string) => sql`${bills.businessDate} = ${date}`;
const out = sql`${bills.status} in ('CLOSED', 'LOST')`;

/** A business date's figures and the vehicles parked now, in one pass over the shop's bills. */
export async function dayFigures(db: Executor, shopId: string, date: string) {
  const [row] = await db
    .select({
      billsIn: sql<number>`(count(*) filter (where ${onDate(date)} and ${bills.status} <> 'CANCELLED'))::int`,
      billsOut: sql<number>`(count(*) filter (where ${onDate(date)} and ${out}))::int`,
      revenue: sql<number>`coalesce(sum(${bills.fee}) filter (where ${onDate(date)} and ${out}), 0)`.mapWith(
        Number,
      ),
      cancelled: sql<number>`(count(*) filter (where ${onDate(date)} and ${bills.status} = 'CANCELLED'))::int`,
      parkedNow: sql<number>`(count(*) filter (where ${bills.status} = 'PARKED'))::int`,
    })
    .from(bills)
    .where(and(eq(bills.shopId, shopId), or(onDate(date), eq(bills.status, 'PARKED'))));
  return row ?? { billsIn: 0, billsOut: 0, revenue: 0, cancelled: 0, parkedNow: 0 };
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
