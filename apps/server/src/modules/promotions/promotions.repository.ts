import type { ListPromotionsBody, PromotionState } from '@parking-hub/contracts/promotions';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { packages, shopPackages } from '../../db/schema/packages.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import type { Actor } from '../../lib/context.ts';
import { escapeLike } from '../../lib/like.ts';
import { pageOffset } from '../../lib/paging.ts';
import { shopScope } from '../../tenancy/scope.ts';

export type NewPromotionRow = typeof promotions.$inferInsert;

const agent = alias(users, 'agent');
const owner = alias(users, 'owner');

const columns = {
  id: promotions.id,
  title: promotions.title,
  body: promotions.body,
  imagePath: promotions.imagePath,
  discountType: promotions.discountType,
  discountValue: promotions.discountValue,
  validFrom: promotions.validFrom,
  validUntil: promotions.validUntil,
  packageIds: promotions.packageIds,
  audience: promotions.audience,
  agentId: promotions.agentId,
  agentName: agent.fullName,
  shopIds: promotions.shopIds,
  maxUses: promotions.maxUses,
  uses: promotions.uses,
  active: promotions.active,
  ownerAgentId: promotions.ownerAgentId,
  ownerName: owner.fullName,
  createdAt: promotions.createdAt,
  updatedAt: promotions.updatedAt,
};

export type PromotionRow = Awaited<ReturnType<typeof selectPromotions>>[number];

function selectPromotions(db: Executor, where: SQL | undefined) {
  return db
    .select(columns)
    .from(promotions)
    .leftJoin(agent, eq(agent.id, promotions.agentId))
    .leftJoin(owner, eq(owner.id, promotions.ownerAgentId))
    .where(where);
}

/**
 * The promotions an actor may read: admins all; an agent their own, and the platform's that reach
 * their shops (every shop, them as the agent, new shops of anyone or theirs, chosen shops of
 * theirs); never another agent's. Other roles none.
 */
export function promotionScope(actor: Actor): SQL | undefined {
  if (actor.role === 'SUPER-ADMIN' || actor.role === 'ADMIN') return undefined;
  if (actor.role !== 'AGENT') return sql`false`;
  const me = actor.id;
  return sql`(${promotions.ownerAgentId} = ${me} or (${promotions.ownerAgentId} is null and (
    ${promotions.audience} = 'ALL'
    or (${promotions.audience} in ('AGENT', 'NEW_SHOPS') and ${promotions.agentId} = ${me})
    or (${promotions.audience} = 'NEW_SHOPS' and ${promotions.agentId} is null)
    or (${promotions.audience} = 'SHOPS' and ${promotions.shopIds} && array(select ${shops.id} from ${shops} where ${shops.agentId} = ${me}))
  )))`;
}

const usedUp = sql`(${promotions.maxUses} is not null and ${promotions.uses} >= ${promotions.maxUses})`;

/** The promotions in a state on `today` (the same rules as contracts' promotionState). */
export function stateCondition(state: PromotionState, today: string): SQL {
  switch (state) {
    case 'INACTIVE':
      return sql`not ${promotions.active}`;
    case 'EXPIRED':
      return sql`${promotions.active} and (${promotions.validUntil} < ${today} or ${usedUp})`;
    case 'UPCOMING':
      return sql`${promotions.active} and ${promotions.validFrom} > ${today} and not ${usedUp}`;
    case 'ACTIVE':
      return sql`${promotions.active} and ${promotions.validFrom} <= ${today} and ${promotions.validUntil} >= ${today} and not ${usedUp}`;
  }
}

/**
 * Promotions addressed to a shop, whatever their dates (a new shop by its creation day in
 * `timezone`); an agent's own promotion only while that agent serves the shop (as contracts' inAudience).
 */
function forShopCondition(shopId: string, timezone: string): SQL {
  return sql`exists (select 1 from ${shops} as s where s.id = ${shopId}
    and (${promotions.ownerAgentId} is null or ${promotions.ownerAgentId} = s.agent_id) and (
    ${promotions.audience} = 'ALL'
    or (${promotions.audience} = 'AGENT' and ${promotions.agentId} = s.agent_id)
    or (${promotions.audience} = 'SHOPS' and s.id = any(${promotions.shopIds}))
    or (${promotions.audience} = 'NEW_SHOPS' and (s.created_at at time zone ${timezone})::date >= ${promotions.validFrom}
        and (${promotions.agentId} is null or ${promotions.agentId} = s.agent_id))
  ))`;
}

export interface ListFilter extends ListPromotionsBody {
  today: string;
  timezone: string;
}

export async function listPromotionRows(db: Executor, actor: Actor, f: ListFilter) {
  const where = and(
    promotionScope(actor),
    f.q ? ilike(promotions.title, `%${escapeLike(f.q)}%`) : undefined,
    f.state ? stateCondition(f.state, f.today) : undefined,
    f.audience ? eq(promotions.audience, f.audience) : undefined,
    f.packageId
      ? sql`(cardinality(${promotions.packageIds}) = 0 or ${f.packageId}::uuid = any(${promotions.packageIds}))`
      : undefined,
    f.shopId ? forShopCondition(f.shopId, f.timezone) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectPromotions(db, where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(f.pageSize)
      .offset(pageOffset(f)),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A promotion by id inside the actor's read scope; `lock` holds it for the change. */
export async function findPromotion(db: Executor, id: string, scope: SQL | undefined, lock = false) {
  const query = selectPromotions(db, and(eq(promotions.id, id), scope)).limit(1);
  const [row] = lock ? await query.for('update', { of: promotions }) : await query;
  return row ?? null;
}

export async function insertPromotion(db: Executor, values: NewPromotionRow): Promise<string> {
  const [row] = await db.insert(promotions).values(values).returning({ id: promotions.id });
  if (!row) throw new Error('promotion insert returned nothing');
  return row.id;
}

export async function updatePromotionRow(db: Executor, id: string, values: Partial<NewPromotionRow>) {
  await db
    .update(promotions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(promotions.id, id));
}

/** An agent's promotions switched on and not over (upcoming ones count), other than `exceptId`. */
export async function countRunning(db: Executor, agentId: string, today: string, exceptId?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(promotions)
    .where(
      and(
        eq(promotions.ownerAgentId, agentId),
        sql`${promotions.active} and ${promotions.validUntil} >= ${today} and not ${usedUp}`,
        exceptId ? sql`${promotions.id} <> ${exceptId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Serialises an agent's promotion changes, so two at the cap cannot both pass. FOR NO KEY UPDATE:
 * rows that merely reference the agent (shops, sessions, audit events) take FOR KEY SHARE and go on.
 */
export async function lockAgent(db: Executor, agentId: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, agentId)).for('no key update');
}

/**
 * The ids among `ids` that are packages, read FOR SHARE: a package delete (FOR UPDATE) waits for the
 * promotion naming it to be written, then sees it and deactivates the package instead.
 */
export async function existingPackages(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: packages.id })
    .from(packages)
    .where(inArray(packages.id, ids))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

/** The shops among `ids` the actor sees, with their names. */
export async function shopsInScope(db: Executor, actor: Actor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(and(inArray(shops.id, ids), shopScope(actor, shops.id)));
}

export async function isActiveAgent(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'AGENT'), eq(users.status, 'ACTIVE')))
    .limit(1);
  return rows.length > 0;
}

/**
 * A shop as the promotion rules see it in a month: its agent, its creation day in `timezone`, and
 * the package its main shop had that month (the latest choice from that month back; with no
 * history, the package it has now), with that package's price.
 */
export async function shopForMonth(db: Executor, shopId: string, firstDay: string, timezone: string) {
  const result = await db.execute<{
    agent_id: string | null;
    created_on: string;
    package_id: string | null;
    monthly_price: number | null;
  }>(sql`
    with s as (
      select id, agent_id, coalesce(parent_id, id) as main_id,
             to_char(created_at at time zone ${timezone}, 'YYYY-MM-DD') as created_on
      from ${shops} where id = ${shopId}
    ), p as (
      select s.*, case
        when exists (select 1 from ${shopPackages} sp where sp.shop_id = s.main_id)
          then (select sp.package_id from ${shopPackages} sp
                where sp.shop_id = s.main_id and sp.from_month <= ${firstDay}::date
                order by sp.from_month desc limit 1)
        else (select m.package_id from ${shops} m where m.id = s.main_id)
      end as package_id
      from s
    )
    select p.agent_id, p.created_on, p.package_id, k.monthly_price
    from p left join ${packages} k on k.id = p.package_id`);
  return result.rows[0] ?? null;
}

/** Switched-on promotions whose dates touch a month: the candidates for a shop's rent. */
export function promotionsTouching(db: Executor, first: string, last: string) {
  return selectPromotions(
    db,
    sql`${promotions.active} and ${promotions.validFrom} <= ${last} and ${promotions.validUntil} >= ${first}`,
  ).orderBy(desc(promotions.createdAt));
}
