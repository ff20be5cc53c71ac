import { and, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { fees } from '../../db/schema/packages.ts';
import { rollDeliveries } from '../../db/schema/rolls.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';

export type NewDeliveryRow = typeof rollDeliveries.$inferInsert;

const person = alias(users, 'roll_person');
const fromPerson = alias(users, 'roll_from_person');
const deliverer = alias(users, 'roll_deliverer');

const deliveryColumns = {
  id: rollDeliveries.id,
  kind: rollDeliveries.kind,
  shopId: rollDeliveries.shopId,
  shopName: shops.name,
  shopCode: shops.code,
  personId: rollDeliveries.personId,
  personName: person.fullName,
  fromPersonId: rollDeliveries.fromPersonId,
  fromPersonName: fromPerson.fullName,
  deliveredOn: rollDeliveries.deliveredOn,
  quantity: rollDeliveries.quantity,
  ticketsPerRoll: rollDeliveries.ticketsPerRoll,
  serialFirst: rollDeliveries.serialFirst,
  serialLast: rollDeliveries.serialLast,
  unitPrice: rollDeliveries.unitPrice,
  deliveredBy: rollDeliveries.deliveredBy,
  deliveredByName: deliverer.fullName,
  note: rollDeliveries.note,
  createdAt: rollDeliveries.createdAt,
  updatedAt: rollDeliveries.updatedAt,
};

function deliveriesQuery(db: Executor) {
  return db
    .select(deliveryColumns)
    .from(rollDeliveries)
    .leftJoin(shops, eq(shops.id, rollDeliveries.shopId))
    .leftJoin(person, eq(person.id, rollDeliveries.personId))
    .leftJoin(fromPerson, eq(fromPerson.id, rollDeliveries.fromPersonId))
    .leftJoin(deliverer, eq(deliverer.id, rollDeliveries.deliveredBy));
}
export type DeliveryRow = Awaited<ReturnType<typeof deliveriesQuery>>[number];

export async function findDelivery(db: Executor, id: string): Promise<DeliveryRow | null> {
  const [row] = await deliveriesQuery(db).where(eq(rollDeliveries.id, id)).limit(1);
  return row ?? null;
}

/** The delivery row itself, locked for its change. */
export async function lockDelivery(db: Executor, id: string) {
  const [row] = await db.select().from(rollDeliveries).where(eq(rollDeliveries.id, id)).for('update');
  return row ?? null;
}

export interface DeliveryFilter {
  kind?: string | undefined;
  shopId?: string | undefined;
  personId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The caller's scope: extra condition (agents: their shops' deliveries and their own stock's). */
  scope?: SQL | undefined;
}

function filterCondition(f: DeliveryFilter): SQL | undefined {
  return and(
    f.kind ? eq(rollDeliveries.kind, f.kind) : undefined,
    f.shopId ? eq(rollDeliveries.shopId, f.shopId) : undefined,
    f.personId
      ? or(eq(rollDeliveries.personId, f.personId), eq(rollDeliveries.fromPersonId, f.personId))
      : undefined,
    f.from ? gte(rollDeliveries.deliveredOn, f.from) : undefined,
    f.to ? lte(rollDeliveries.deliveredOn, f.to) : undefined,
    f.scope,
  );
}

export async function listDeliveries(db: Executor, f: DeliveryFilter, limit: number, offset: number) {
  const where = filterCondition(f);
  const [rows, total] = await Promise.all([
    deliveriesQuery(db)
      .where(where)
      .orderBy(desc(rollDeliveries.deliveredOn), desc(rollDeliveries.createdAt), desc(rollDeliveries.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(rollDeliveries)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  ]);
  return { rows, total };
}

export async function insertDelivery(db: Executor, values: NewDeliveryRow): Promise<string> {
  const [row] = await db.insert(rollDeliveries).values(values).returning({ id: rollDeliveries.id });
  if (!row) throw new Error('roll delivery insert returned nothing');
  return row.id;
}

export async function updateDelivery(db: Executor, id: string, values: Partial<NewDeliveryRow>) {
  await db
    .update(rollDeliveries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rollDeliveries.id, id));
}

/** The active paper-roll fee (the default unit price), or 0 when there is none. */
export async function paperRollFee(db: Executor): Promise<number> {
  const [row] = await db
    .select({ amount: fees.amount })
    .from(fees)
    .where(and(eq(fees.code, 'PAPER_ROLL'), eq(fees.active, true)))
    .limit(1);
  return row?.amount ?? 0;
}

export async function userRole(db: Executor, id: string) {
  const [row] = await db
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Hold a person's stock until the transaction ends: their user row, FOR NO KEY UPDATE (no
 * foreign key check of rows pointing at the user waits for it; a second move out of the same
 * stock does).
 */
export async function lockPerson(db: Executor, personId: string): Promise<void> {
  await db.execute(sql`select 1 from ${users} where ${users.id} = ${personId} for no key update`);
}

/**
 * Hold a shop against prints while its paper account is recounted: FOR UPDATE conflicts with the
 * FOR KEY SHARE the foreign key check of every bill_prints insert takes, so a print in flight
 * commits before the recount reads, and a print that starts later waits until it has committed
 * (see recountShopPaper). Shops in id order, so two deliveries cannot deadlock.
 */
export async function lockShopsForPaper(db: Executor, shopIds: string[]): Promise<void> {
  for (const id of [...new Set(shopIds)].sort()) {
    await db.execute(sql`select 1 from ${shops} where ${shops.id} = ${id} for update`);
  }
}

/** Rolls a person received into stock and rolls moved out of it to shops. */
export async function stockOf(db: Executor, personId: string) {
  const result = await db.execute<{ received: string; moved: string }>(sql`
    select
      coalesce((select sum(quantity) from roll_deliveries where kind = 'PERSON' and person_id = ${personId}), 0) as received,
      coalesce((select sum(quantity) from roll_deliveries where kind = 'SHOP' and from_person_id = ${personId}), 0) as moved`);
  const row = result.rows[0];
  return { received: Number(row?.received ?? 0), moved: Number(row?.moved ?? 0) };
}

/** How many of the serials first..last lie in ranges the person received (ranges never overlap). */
export async function serialsInStock(db: Executor, personId: string, first: number, last: number) {
  const result = await db.execute<{ covered: string }>(sql`
    select coalesce(sum(least(serial_last, ${last}) - greatest(serial_first, ${first}) + 1), 0) as covered
    from roll_deliveries
    where kind = 'PERSON' and person_id = ${personId} and serial_first is not null
      and int8range(serial_first, serial_last, '[]') && int8range(${first}::bigint, ${last}::bigint, '[]')`);
  return Number(result.rows[0]?.covered ?? 0);
}

/** Each agent's stock (agents, or anyone who ever held stock), optionally one person's. */
export async function listStock(db: Executor, personId: string | undefined) {
  const only = personId ? sql`and u.id = ${personId}` : sql``;
  const result = await db.execute<{
    personId: string;
    personName: string;
    username: string;
    received: string;
    moved: string;
  }>(sql`
    with r as (
      select person_id as id, sum(quantity) as n from roll_deliveries where kind = 'PERSON' group by 1
    ), m as (
      select from_person_id as id, sum(quantity) as n from roll_deliveries
      where kind = 'SHOP' and from_person_id is not null group by 1
    )
    select u.id as "personId", u.full_name as "personName", u.username,
      coalesce(r.n, 0) as received, coalesce(m.n, 0) as moved
    from users u left join r on r.id = u.id left join m on m.id = u.id
    where ((u.role = 'AGENT' and u.status <> 'DELETED') or r.id is not null or m.id is not null) ${only}
    order by u.full_name, u.id`);
  return result.rows.map((r) => ({
    personId: r.personId,
    personName: r.personName,
    username: r.username,
    received: Number(r.received),
    moved: Number(r.moved),
    inHand: Number(r.received) - Number(r.moved),
  }));
}

/**
 * A shop's paper account from its deliveries and its counted prints: first delivery, tickets
 * delivered, tickets printed on or after the first delivery. No deliveries: no account.
 * Callers hold the shop (lockShopsForPaper) so no print of the shop is in flight meanwhile.
 * Its generation goes up: the kept ticket checks of its past months, which any delivery may
 * change, are stale from the commit on and made again when asked (paper.repository.ts); a new
 * account starts past the generation of any check row left of an old one.
 */
export async function recountShopPaper(db: Executor, shopId: string): Promise<void> {
  await db.execute(sql`
    with d as (
      select min(delivered_on) as first, sum(quantity::bigint * tickets_per_roll) as tickets
      from roll_deliveries where kind = 'SHOP' and shop_id = ${shopId}
    ), gone as (
      delete from shop_paper where shop_id = ${shopId} and (select first from d) is null
    )
    insert into shop_paper as t (shop_id, first_delivery_on, delivered_tickets, printed, generation, updated_at)
    select ${shopId}, d.first, d.tickets,
      coalesce((select sum(prints) from paper_prints_daily where shop_id = ${shopId} and day >= d.first), 0),
      coalesce((select max(generation) + 1 from paper_checks where shop_id = ${shopId}), 0),
      now()
    from d where d.first is not null
    on conflict (shop_id) do update set
      first_delivery_on = excluded.first_delivery_on,
      delivered_tickets = excluded.delivered_tickets,
      printed = excluded.printed,
      generation = t.generation + 1,
      updated_at = now()`);
}
