import type {
  CreatePersonDeliveryBody,
  CreateShopDeliveryBody,
  ListRollsBody,
  RollDelivery,
  RollKind,
  UpdatePersonDeliveryBody,
  UpdateShopDeliveryBody,
} from '@parking-hub/contracts/rolls';
import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { rollDeliveries } from '../../db/schema/rolls.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { isShopInScope, shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import {
  type DeliveryRow,
  findDelivery,
  insertDelivery,
  listDeliveries,
  lockDelivery,
  lockPerson,
  lockShopsForPaper,
  type NewDeliveryRow,
  paperRollFee,
  recountShopPaper,
  serialsInStock,
  stockOf,
  updateDelivery,
  userRole,
} from './rolls.repository.ts';

const isAdmin = (ctx: AuthedContext) => ctx.actor.role === 'SUPER-ADMIN' || ctx.actor.role === 'ADMIN';

export function toDelivery(row: DeliveryRow): RollDelivery {
  return {
    ...row,
    kind: row.kind as RollKind,
    tickets: row.quantity * row.ticketsPerRoll,
    amount: row.quantity * row.unitPrice,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timezone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);
}

const overlapping = () =>
  new AppError(409, 'errors.rollSerialsOverlap', {}, { serialFirst: 'errors.rollSerialsOverlap' });
const stockShort = (inStock: number, asked: number) =>
  new AppError(409, 'errors.rollStockShort', { inStock, asked }, { quantity: 'errors.rollStockShort' });

/** An exclusion violation (SQLSTATE 23P01): the serials overlap a delivery of the same kind. */
function rethrowOverlap(err: unknown): never {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23P01') throw overlapping();
  }
  throw err;
}

interface Common {
  deliveredOn: string;
  quantity: number;
  ticketsPerRoll: number;
  serialFirst?: number | null | undefined;
  serialLast?: number | null | undefined;
  unitPrice?: number | undefined;
  deliveredBy?: string | null | undefined;
  note?: string | null | undefined;
}

/** The columns both kinds share, with the defaults filled in and the date and deliverer checked. */
async function commonValues(db: Executor, ctx: AuthedContext, timezone: string, body: Common) {
  if (body.deliveredOn > todayIn(timezone)) throw badRequest({ deliveredOn: 'validation.deliveredInFuture' });
  const deliveredBy = body.deliveredBy ?? ctx.actor.id;
  if (deliveredBy !== ctx.actor.id && !(await userRole(db, deliveredBy)))
    throw badRequest({ deliveredBy: 'validation.rollDeliveredBy' });
  return {
    deliveredOn: body.deliveredOn,
    quantity: body.quantity,
    ticketsPerRoll: body.ticketsPerRoll,
    serialFirst: body.serialFirst ?? null,
    serialLast: body.serialLast ?? null,
    unitPrice: body.unitPrice ?? (await paperRollFee(db)),
    deliveredBy,
    note: body.note ?? null,
  };
}

async function assertAgent(db: Executor, id: string, field: string) {
  const user = await userRole(db, id);
  if (user?.role !== 'AGENT') throw badRequest({ [field]: 'validation.rollPersonNotAgent' });
}

/**
 * Stock goes only to an agent whose account is ACTIVE (not SUSPENDED or DELETED). Read under the
 * person's lock (lockPerson), which a change of their status waits for.
 */
async function assertActive(tx: Executor, personId: string) {
  const user = await userRole(tx, personId);
  if (user?.status !== 'ACTIVE') throw badRequest({ personId: 'validation.rollPersonNotActive' });
}

/**
 * Rolls leaving a person's stock for a shop: under the person's lock, the stock must hold them
 * (`giveBack`: what this delivery already took, on an update) and the serials must be ones the
 * person received.
 */
async function takeFromStock(
  tx: Executor,
  personId: string,
  values: { quantity: number; serialFirst: number | null; serialLast: number | null },
  giveBack: number,
) {
  const { received, moved } = await stockOf(tx, personId);
  const inStock = received - moved + giveBack;
  if (values.quantity > inStock) throw stockShort(inStock, values.quantity);
  if (values.serialFirst !== null && values.serialLast !== null) {
    const covered = await serialsInStock(tx, personId, values.serialFirst, values.serialLast);
    if (covered !== values.quantity)
      throw new AppError(
        409,
        'errors.rollSerialsNotInStock',
        {},
        { serialFirst: 'errors.rollSerialsNotInStock' },
      );
  }
}

/** Who a shop delivery comes from: agents always out of their own stock. */
function sourceOf(ctx: AuthedContext, fromPersonId: string | null | undefined): string | null {
  if (isAdmin(ctx)) return fromPersonId ?? null;
  if (fromPersonId && fromPersonId !== ctx.actor.id) throw forbidden('errors.rollOwnStockOnly');
  return ctx.actor.id;
}

const auditView = (d: RollDelivery | undefined) => {
  if (!d) return undefined;
  const { createdAt: _c, updatedAt: _u, ...view } = d;
  return view;
};

function auditDelivery(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  change: { before?: RollDelivery; after: RollDelivery },
) {
  return audit(tx, ctx, {
    action,
    entity: 'roll_delivery',
    entityId: change.after.id,
    shopId: change.after.shopId ?? change.before?.shopId ?? null,
    before: auditView(change.before),
    after: auditView(change.after),
  });
}

async function loaded(tx: Executor, id: string): Promise<RollDelivery> {
  const row = await findDelivery(tx, id);
  if (!row) throw new Error('roll delivery vanished');
  return toDelivery(row);
}

export async function createShopDelivery(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: CreateShopDeliveryBody,
) {
  if (!(await isShopInScope(db, ctx.actor, body.shopId))) throw notFound('errors.shopNotFound');
  const fromPersonId = sourceOf(ctx, body.fromPersonId);
  if (fromPersonId && isAdmin(ctx)) await assertAgent(db, fromPersonId, 'fromPersonId');
  const values = await commonValues(db, ctx, timezone, body);
  return db
    .transaction(async (tx) => {
      // Person, then shop: the one order every delivery takes its locks in.
      if (fromPersonId) {
        await lockPerson(tx, fromPersonId);
        await takeFromStock(tx, fromPersonId, values, 0);
      }
      await lockShopsForPaper(tx, [body.shopId]);
      const id = await insertDelivery(tx, {
        ...values,
        kind: 'SHOP',
        shopId: body.shopId,
        fromPersonId,
        createdBy: ctx.actor.id,
      });
      await recountShopPaper(tx, body.shopId);
      const after = await loaded(tx, id);
      await auditDelivery(tx, ctx, 'roll.create_shop', { after });
      return after;
    })
    .catch(rethrowOverlap);
}

/** A delivery of the kind, visible to the caller (agents: to their shops, out of their stock). */
async function lockedDelivery(tx: Executor, ctx: AuthedContext, id: string, kind: RollKind) {
  const row = await lockDelivery(tx, id);
  if (!row || row.kind !== kind) throw notFound('errors.rollNotFound');
  if (!isAdmin(ctx)) {
    const mine =
      row.shopId && row.fromPersonId === ctx.actor.id && (await isShopInScope(tx, ctx.actor, row.shopId));
    if (!mine) throw notFound('errors.rollNotFound');
  }
  return row;
}

export async function updateShopDelivery(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: UpdateShopDeliveryBody,
) {
  if (!(await isShopInScope(db, ctx.actor, body.shopId))) throw notFound('errors.shopNotFound');
  const fromPersonId = sourceOf(ctx, body.fromPersonId);
  if (fromPersonId && isAdmin(ctx)) await assertAgent(db, fromPersonId, 'fromPersonId');
  const values = await commonValues(db, ctx, timezone, body);
  return db
    .transaction(async (tx) => {
      const row = await lockedDelivery(tx, ctx, body.id, 'SHOP');
      const before = await loaded(tx, row.id);
      const people = [row.fromPersonId, fromPersonId].filter((p): p is string => !!p);
      for (const p of [...new Set(people)].sort()) await lockPerson(tx, p);
      if (fromPersonId) {
        const giveBack = row.fromPersonId === fromPersonId ? row.quantity : 0;
        await takeFromStock(tx, fromPersonId, values, giveBack);
      }
      await lockShopsForPaper(tx, [row.shopId ?? body.shopId, body.shopId]);
      await updateDelivery(tx, row.id, { ...values, shopId: body.shopId, fromPersonId });
      await recountShopPaper(tx, body.shopId);
      if (row.shopId && row.shopId !== body.shopId) await recountShopPaper(tx, row.shopId);
      const after = await loaded(tx, row.id);
      await auditDelivery(tx, ctx, 'roll.update_shop', { before, after });
      return after;
    })
    .catch(rethrowOverlap);
}

export async function createPersonDelivery(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: CreatePersonDeliveryBody,
) {
  await assertAgent(db, body.personId, 'personId');
  const values = await commonValues(db, ctx, timezone, body);
  return db
    .transaction(async (tx) => {
      await lockPerson(tx, body.personId);
      await assertActive(tx, body.personId);
      const id = await insertDelivery(tx, {
        ...values,
        kind: 'PERSON',
        personId: body.personId,
        createdBy: ctx.actor.id,
      });
      const after = await loaded(tx, id);
      await auditDelivery(tx, ctx, 'roll.create_person', { after });
      return after;
    })
    .catch(rethrowOverlap);
}

/**
 * A receipt into stock changed: the stock it leaves (its person's, and the old person's when it
 * moves) must still cover every roll already moved out to shops, serials included.
 */
export async function updatePersonDelivery(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: UpdatePersonDeliveryBody,
) {
  await assertAgent(db, body.personId, 'personId');
  const values = await commonValues(db, ctx, timezone, body);
  return db
    .transaction(async (tx) => {
      const row = await lockedDelivery(tx, ctx, body.id, 'PERSON');
      const before = await loaded(tx, row.id);
      const people = [...new Set([row.personId ?? body.personId, body.personId])].sort();
      for (const p of people) await lockPerson(tx, p);
      // Moved to another person: they receive it (a correction of a suspended agent's receipt stays possible).
      if (row.personId !== body.personId) await assertActive(tx, body.personId);
      await updateDelivery(tx, row.id, { ...values, personId: body.personId });
      for (const p of people) await assertStockCovers(tx, p);
      const after = await loaded(tx, row.id);
      await auditDelivery(tx, ctx, 'roll.update_person', { before, after });
      return after;
    })
    .catch(rethrowOverlap);
}

/** After a receipt changed: the stock is not below zero and every moved serial was received. */
async function assertStockCovers(tx: Executor, personId: string) {
  const { received, moved } = await stockOf(tx, personId);
  if (moved > received)
    throw new AppError(
      409,
      'errors.rollStockUsed',
      { inStock: received - moved },
      { quantity: 'errors.rollStockUsed' },
    );
  const result = await tx.execute<{ n: string }>(sql`
    select count(*) as n from ${rollDeliveries} s
    where s.kind = 'SHOP' and s.from_person_id = ${personId} and s.serial_first is not null
      and s.quantity <> coalesce((
        select sum(least(p.serial_last, s.serial_last) - greatest(p.serial_first, s.serial_first) + 1)
        from ${rollDeliveries} p
        where p.kind = 'PERSON' and p.person_id = ${personId} and p.serial_first is not null
          and int8range(p.serial_first, p.serial_last, '[]') && int8range(s.serial_first, s.serial_last, '[]')
      ), 0)`);
  if (Number(result.rows[0]?.n ?? 0) > 0)
    throw new AppError(
      409,
      'errors.rollSerialsNotInStock',
      {},
      { serialFirst: 'errors.rollSerialsNotInStock' },
    );
}

/** Agents: deliveries to their shops, and their own stock's receipts. */
function deliveryScope(ctx: AuthedContext): SQL | undefined {
  if (isAdmin(ctx)) return undefined;
  return or(shopScope(ctx.actor, rollDeliveries.shopId), eq(rollDeliveries.personId, ctx.actor.id));
}

export async function listRolls(db: Db, ctx: AuthedContext, body: ListRollsBody) {
  const { page, pageSize, ...filter } = body;
  const { rows, total } = await listDeliveries(
    db,
    { ...filter, scope: deliveryScope(ctx) },
    pageSize,
    pageOffset({ page, pageSize }),
  );
  return { data: rows.map(toDelivery), meta: pageMeta({ page, pageSize }, total) };
}

export type { NewDeliveryRow };
