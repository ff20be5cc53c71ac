import type {
  CreateMemberBody,
  PassMethod,
  PassReceipt,
  RenewMemberBody,
} from '@parking-hub/contracts/members';
import { addDays, daysBetween, passPeriod } from '@parking-hub/contracts/members';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { resolveShopId } from '../bills/bills.locate.ts';
import {
  assignNumber,
  findPayment,
  insertMember,
  insertPayment,
  lockNumber,
  type MemberRow,
  type MemberShop,
  passPrice,
  updateMember,
} from './members.repository.ts';

import {
  assertMaySell,
  auditMember,
  claimPlates,
  fieldError,
  loaded,
  lockedMember,
  shopOfMember,
  shopToday,
  toMember,
  toPayment,
} from './members.shared.ts';

/**
 * Selling and renewing passes (decision 019): a card and its plates claimed under their locks, the
 * amount (the shop's price, or a manager's), the payment and its receipt.
 */

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
