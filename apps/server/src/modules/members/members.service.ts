import { businessDate } from '@parking-hub/contracts/business-day';
import type {
  CreateMemberBody,
  ListMembersQuery,
  Member,
  MemberDetail,
  MemberPayment,
  MemberStatus,
  PassMethod,
  PassReceipt,
  RenewMemberBody,
  ReplaceCardBody,
  UpdateMemberBody,
} from '@parking-hub/contracts/members';
import { addDays, daysBetween, passPeriod } from '@parking-hub/contracts/members';
import type { MessageKey } from '@parking-hub/contracts/messages';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { resolveShopId } from '../bills/bills.locate.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import { shopScope } from '../shops/shops.scope.ts';
import { pageOfMembers } from './members.list.ts';
import {
  assignNumber,
  findMember,
  findMemberShop,
  findPayment,
  insertMember,
  insertPayment,
  lastVisits,
  lockNumber,
  lockPlates,
  type MemberRow,
  type MemberShop,
  type PaymentRow,
  passPrice,
  paymentsOf,
  plateHolder,
  releaseNumber,
  replacedNumbers,
  updateMember,
} from './members.repository.ts';

// ---- shops, days, permissions ---------------------------------------------------------------

/** The shop's business day now (contracts/business-day), as bills.service dates a check-in. */
export const shopToday = (shop: Pick<MemberShop, 'timezone' | 'openShop' | 'closeShop'>, at = new Date()) =>
  businessDate(at, shop);

/** The shop a call names (staff and managers: their own when left out), in the caller's scope. */
export async function memberShop(db: Executor, ctx: AuthedContext, shopId: string | null | undefined) {
  const id = await resolveShopId(db, ctx, shopId);
  const shop = await findMemberShop(db, id);
  if (!shop) throw notFound('errors.shopNotFound');
  return shop;
}

async function shopOfMember(db: Executor, shopId: string): Promise<MemberShop> {
  const shop = await findMemberShop(db, shopId);
  if (!shop) throw new Error(`shop ${shopId} of a member vanished`);
  return shop;
}

/** Shop staff sell and renew passes only where the shop lets them (managers and above always). */
function assertMaySell(ctx: AuthedContext, shop: MemberShop) {
  if (ctx.actor.role === 'SHOP' && !shop.staffSellPasses) throw forbidden('errors.passSellNotAllowed');
  if (shop.status !== 'ACTIVE') throw conflict('errors.shopNotActive');
}

const memberScope = (ctx: AuthedContext) => shopScope(ctx.actor, members.shopId);

/** A member of a shop in scope, locked for the change; anything else is "not found". */
async function lockedMember(tx: Executor, ctx: AuthedContext, id: string): Promise<MemberRow> {
  const row = await findMember(tx, id, memberScope(ctx), true);
  if (!row) throw notFound('errors.memberIdNotFound');
  return row;
}

const fieldError = (status: number, key: MessageKey, field: string, params: Record<string, string> = {}) =>
  new AppError(status, key, params, { [field]: key });

// ---- answers --------------------------------------------------------------------------------

/** As the member is on the shop's `today`: an ACTIVE pass past its end reads EXPIRED (the hourly job marks it). */
function statusOn(row: Pick<MemberRow, 'status' | 'validUntil'>, today: string): MemberStatus {
  return row.status === 'ACTIVE' && row.validUntil < today ? 'EXPIRED' : (row.status as MemberStatus);
}

export function toMember(row: MemberRow, today = shopToday(row)): Member {
  return {
    id: row.id,
    shopId: row.shopId,
    shopName: row.shopName,
    numberId: row.numberId,
    number: row.number,
    fullName: row.fullName,
    phone: row.phone,
    plates: row.plates,
    vehicleType: row.vehicleType as VehicleType | null,
    planMonths: row.planMonths,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    status: statusOn(row, today),
    daysLeft: daysBetween(today, row.validUntil),
    feePaid: row.feePaid,
    note: row.note,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toPayment(row: PaymentRow): MemberPayment {
  return {
    id: row.id,
    memberId: row.memberId,
    kind: row.kind as MemberPayment['kind'],
    number: row.number,
    vehicleType: row.vehicleType as VehicleType,
    months: row.months,
    amount: row.amount,
    method: row.method as PassMethod,
    periodFrom: row.periodFrom,
    periodUntil: row.periodUntil,
    takenById: row.takenById,
    takenByName: row.takenByName,
    takenAt: iso(row.takenAt),
  };
}

/** What the audit keeps of a member: the stored row (its status as stored), without timestamps. */
function auditView(row: MemberRow) {
  const {
    shopName: _n,
    timezone: _t,
    openShop: _o,
    closeShop: _c,
    createdAt: _ca,
    updatedAt: _u,
    ...view
  } = row;
  return view;
}

const paymentView = ({ takenAt: _t, takenByName: _n, ...view }: MemberPayment) => view;

function auditMember(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  change: { before?: MemberRow; after: MemberRow; payment?: MemberPayment & { listPrice: number | null } },
) {
  const payment = change.payment && { ...paymentView(change.payment), listPrice: change.payment.listPrice };
  return audit(tx, ctx, {
    action,
    entity: 'member',
    entityId: change.after.id,
    shopId: change.after.shopId,
    before: change.before ? auditView(change.before) : undefined,
    after: { ...auditView(change.after), ...(payment ? { payment } : {}) },
  });
}

async function loaded(tx: Executor, id: string): Promise<MemberRow> {
  const row = await findMember(tx, id);
  if (!row) throw new Error(`member ${id} vanished`);
  return row;
}

// ---- plates and prices ----------------------------------------------------------------------

/**
 * A plate belongs to one live member of a shop (the gate matches by plate): under the plates'
 * locks, none of `plates` may be another live member's.
 */
async function claimPlates(tx: Executor, shopId: string, plates: string[], exceptId: string | null) {
  const keys = plates.map((p) => plateKey(p)).filter((k): k is string => !!k);
  await lockPlates(tx, shopId, keys);
  const holder = await plateHolder(tx, shopId, keys, exceptId);
  if (holder) {
    const index = holder.plateKeys.findIndex((k) => keys.includes(k));
    const plate = holder.plates[index] ?? holder.plateKeys[index] ?? '';
    throw fieldError(409, 'errors.plateOfOtherMember', 'plates', { plate, number: holder.number });
  }
  return keys;
}

/** The amount sent, or the price rule's price for the vehicle type and length. */
/**
 * What a sale takes: the amount sent, or the shop's price. Only managers and above may take
 * another amount (a discount at the counter, or a length without a price): what shop staff record
 * is the cash they hand in, so it must be the price. The price goes into the audit with it.
 */
async function amountOf(
  tx: Executor,
  ctx: AuthedContext,
  shopId: string,
  vehicleType: string,
  months: number,
  amount: number | undefined,
): Promise<{ amount: number; listPrice: number | null }> {
  const listPrice = await passPrice(tx, shopId, vehicleType, months);
  if (ctx.actor.role === 'SHOP') {
    if (listPrice === null) throw badRequest({ amount: 'validation.passPriceMissing' });
    if (amount !== undefined && amount !== listPrice)
      throw badRequest({ amount: 'validation.passAmountNotPrice' });
  }
  if (amount !== undefined) return { amount, listPrice };
  if (listPrice === null) throw badRequest({ amount: 'validation.passPriceMissing' });
  return { amount: listPrice, listPrice };
}

/** A sale may start at most this many days ahead (a typo of a year is refused). */
const MAX_START_AHEAD_DAYS = 31;

/** The payment of a sale or a renewal, taken by the caller now. */
function takePayment(
  tx: Executor,
  ctx: AuthedContext,
  kind: 'SELL' | 'RENEW',
  sale: { months: number; method: PassMethod; amount: number; period: { from: string; until: string } },
  of: { shopId: string; memberId: string; numberId: string | null; vehicleType: string },
) {
  return insertPayment(tx, {
    ...of,
    kind,
    months: sale.months,
    amount: sale.amount,
    method: sale.method,
    periodFrom: sale.period.from,
    periodUntil: sale.period.until,
    takenBy: ctx.actor.id,
  });
}

async function receipt(tx: Executor, shop: MemberShop, member: MemberRow, paymentId: string, today: string) {
  const payment = toPayment(await findPayment(tx, paymentId));
  const answer: PassReceipt = {
    shopName: shop.name,
    shopPhone: shop.phone,
    member: toMember(member, today),
    payment,
  };
  return answer;
}

// ---- sell, renew ----------------------------------------------------------------------------

/**
 * A new member on a free card with their first pass (`membership.sell`). The card is locked and
 * checked free under the lock, so of two sales of the last free card exactly one wins.
 */
export async function sellPass(db: Db, ctx: AuthedContext, body: CreateMemberBody): Promise<PassReceipt> {
  const shopId = await resolveShopId(db, ctx, body.shopId);
  return db.transaction(async (tx) => {
    const shop = await shopOfMember(tx, shopId);
    assertMaySell(ctx, shop);
    const today = shopToday(shop);
    const start = body.validFrom ?? today;
    if (start < today)
      throw new AppError(400, 'errors.invalidInput', { today }, { validFrom: 'validation.passStartInPast' });
    if (daysBetween(today, start) > MAX_START_AHEAD_DAYS)
      throw new AppError(
        400,
        'errors.invalidInput',
        { days: MAX_START_AHEAD_DAYS },
        { validFrom: 'validation.passStartTooFar' },
      );
    const { amount, listPrice } = await amountOf(
      tx,
      ctx,
      shop.id,
      body.vehicleType,
      body.months,
      body.amount,
    );
    const period = passPeriod(null, start, body.months);
    const plateKeys = await claimPlates(tx, shop.id, body.plates, null);
    const card = await lockNumber(tx, body.numberId, shop.id);
    if (!card) throw fieldError(404, 'errors.numberNotFound', 'numberId');
    if (card.status !== 'AVAILABLE')
      throw fieldError(409, 'errors.numberNotAvailable', 'numberId', { number: card.number });
    const memberId = await insertMember(tx, {
      shopId: shop.id,
      numberId: card.id,
      number: card.number,
      fullName: body.fullName,
      phone: body.phone ?? null,
      plates: body.plates,
      plateKeys,
      vehicleType: body.vehicleType,
      planMonths: body.months,
      validFrom: period.from,
      validUntil: period.until,
      feePaid: amount,
      status: 'ACTIVE',
      note: body.note ?? null,
      createdBy: ctx.actor.id,
    });
    await assignNumber(tx, card.id, memberId);
    const paymentId = await takePayment(
      tx,
      ctx,
      'SELL',
      { ...body, amount, period },
      {
        shopId: shop.id,
        memberId,
        numberId: card.id,
        vehicleType: body.vehicleType,
      },
    );
    const after = await loaded(tx, memberId);
    const answer = await receipt(tx, shop, after, paymentId, today);
    await auditMember(tx, ctx, 'membership.sell', { after, payment: { ...answer.payment, listPrice } });
    return answer;
  });
}

/**
 * Another pass (`membership.renew`): from the later of today and the day after the current end,
 * so a renewal before the end loses no day; the member is ACTIVE again. A suspended or cancelled
 * member is not renewed (409).
 */
export async function renewPass(db: Db, ctx: AuthedContext, body: RenewMemberBody): Promise<PassReceipt> {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, body.memberId);
    const shop = await shopOfMember(tx, before.shopId);
    assertMaySell(ctx, shop);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    if (before.status === 'SUSPENDED') throw conflict('errors.memberSuspended');
    const vehicleType = before.vehicleType;
    if (!vehicleType) throw badRequest({ vehicleType: 'validation.vehicleTypeRequired' });
    const today = shopToday(shop);
    const { amount, listPrice } = await amountOf(tx, ctx, shop.id, vehicleType, body.months, body.amount);
    const period = passPeriod(before.validUntil, today, body.months);
    // After a gap (the pass had ended), the new pass starts the validity again.
    const validFrom = period.from > addDays(before.validUntil, 1) ? period.from : before.validFrom;
    await updateMember(tx, before.id, {
      validFrom,
      validUntil: period.until,
      status: 'ACTIVE',
      planMonths: body.months,
      feePaid: sql`${members.feePaid} + ${amount}`,
    });
    const paymentId = await takePayment(
      tx,
      ctx,
      'RENEW',
      { ...body, amount, period },
      {
        shopId: shop.id,
        memberId: before.id,
        numberId: before.numberId,
        vehicleType,
      },
    );
    const after = await loaded(tx, before.id);
    const answer = await receipt(tx, shop, after, paymentId, today);
    await auditMember(tx, ctx, 'membership.renew', {
      before,
      after,
      payment: { ...answer.payment, listPrice },
    });
    return answer;
  });
}

// ---- managers' changes ----------------------------------------------------------------------

/**
 * A manager's change (`membership.update`): only the fields sent. The period keeps its end on or
 * after its start (with the stored other bound); the status goes ACTIVE ↔ SUSPENDED, and a pass
 * made ACTIVE, or whose dates move, is ACTIVE or EXPIRED by its end against the shop's today.
 */
export async function updateMemberDetails(
  db: Db,
  ctx: AuthedContext,
  body: UpdateMemberBody,
): Promise<Member> {
  const { id, ...fields } = body;
  if (Object.values(fields).every((v) => v === undefined))
    throw badRequest({ id: 'validation.nothingToChange' });
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, id);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    const today = shopToday(before);
    const validFrom = body.validFrom ?? before.validFrom;
    const validUntil = body.validUntil ?? before.validUntil;
    if (validUntil < validFrom)
      throw badRequest({ [body.validUntil ? 'validUntil' : 'validFrom']: 'validation.passEndBeforeStart' });
    const datesMoved = body.validFrom !== undefined || body.validUntil !== undefined;
    let status = (body.status ?? before.status) as MemberStatus;
    if ((body.status !== undefined || datesMoved) && (status === 'ACTIVE' || status === 'EXPIRED'))
      status = validUntil < today ? 'EXPIRED' : 'ACTIVE';
    const plateKeys = body.plates ? await claimPlates(tx, before.shopId, body.plates, before.id) : undefined;
    await updateMember(tx, before.id, {
      fullName: body.fullName,
      phone: body.phone,
      plates: body.plates,
      plateKeys,
      vehicleType: body.vehicleType,
      validFrom,
      validUntil,
      status,
      note: body.note,
    });
    const after = await loaded(tx, before.id);
    await auditMember(tx, ctx, 'membership.update', { before, after });
    return toMember(after, today);
  });
}

/**
 * A lost or broken card (`membership.replace_card`): the member moves to a free card of the shop
 * (locked and checked free), the old one becomes LOST.
 */
export async function replaceCard(db: Db, ctx: AuthedContext, body: ReplaceCardBody): Promise<Member> {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, body.memberId);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    const card = await lockNumber(tx, body.numberId, before.shopId);
    if (!card) throw fieldError(404, 'errors.numberNotFound', 'numberId');
    if (card.status !== 'AVAILABLE')
      throw fieldError(409, 'errors.numberNotAvailable', 'numberId', { number: card.number });
    if (before.numberId) await releaseNumber(tx, before.numberId, before.id, 'LOST');
    await assignNumber(tx, card.id, before.id);
    await updateMember(tx, before.id, { numberId: card.id, number: card.number });
    const after = await loaded(tx, before.id);
    await auditMember(tx, ctx, 'membership.replace_card', { before, after });
    return toMember(after);
  });
}

/** Cancels a member (`membership.cancel`): kept, never deleted; their card is free again. */
export async function cancelMember(db: Db, ctx: AuthedContext, id: string): Promise<Member> {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, id);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    await updateMember(tx, before.id, { status: 'CANCELLED' });
    if (before.numberId) await releaseNumber(tx, before.numberId, before.id, 'AVAILABLE');
    const after = await loaded(tx, before.id);
    await auditMember(tx, ctx, 'membership.cancel', { before, after });
    return toMember(after);
  });
}

// ---- reads ----------------------------------------------------------------------------------

export async function listMembers(db: Db, ctx: AuthedContext, query: ListMembersQuery) {
  const { page, pageSize } = query;
  const own = ctx.actor.role === 'SHOP' ? ctx.actor.shopId : null;
  const shopId = query.shopId || own ? await resolveShopId(db, ctx, query.shopId ?? own) : null;
  const shop = shopId ? await findMemberShop(db, shopId) : null;
  if (shopId && !shop) throw notFound('errors.shopNotFound');
  const { rows, total, capped } = await pageOfMembers(
    db,
    {
      shop: shop ? { id: shop.id, today: shopToday(shop) } : null,
      scope: (column) => shopScope(ctx.actor, column),
      search: query.search,
      status: query.status,
      expiringWithin: query.expiringWithin,
      few: !!shop || ctx.actor.role === 'MANAGER',
    },
    pageSize,
    pageOffset({ page, pageSize }),
  );
  const now = new Date();
  return {
    data: rows.map((r) => toMember(r, shopToday(r, now))),
    meta: { ...pageMeta({ page, pageSize }, total), totalCapped: capped },
  };
}

/** A member, their payments (newest first), their last 20 visits and the cards they held before. */
export async function memberDetail(db: Db, ctx: AuthedContext, id: string): Promise<MemberDetail> {
  const row = await findMember(db, id, memberScope(ctx));
  if (!row) throw notFound('errors.memberIdNotFound');
  const [payments, visits, replaced] = await Promise.all([
    paymentsOf(db, id),
    lastVisits(db, id),
    replacedNumbers(db, id),
  ]);
  const held = [...replaced, ...[...payments].reverse().map((p) => p.number)];
  const previousNumbers = [...new Set(held)].filter((n): n is string => !!n && n !== row.number);
  return {
    member: toMember(row),
    payments: payments.map(toPayment),
    visits: visits.map((v) => ({
      billId: String(v.billId),
      number: v.number,
      plate: v.plate,
      checkInAt: iso(v.checkInAt),
      checkOutAt: v.checkOutAt ? iso(v.checkOutAt) : null,
    })),
    previousNumbers,
  };
}
