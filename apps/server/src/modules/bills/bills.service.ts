import { randomBytes } from 'node:crypto';
import type {
  Bill,
  BillLocator,
  BillWithFee,
  CheckInResult,
  CheckoutBody,
  CreateBillBody,
  PrintBillBody,
} from '@parking-hub/contracts/bills';
import { businessDate } from '@parking-hub/contracts/business-day';
import { encodeShopKey, formatReference, secretFromBytes } from '@parking-hub/contracts/reference';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { conflict } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { byId, byRequest, locateBill, resolveShopId, scanBill } from './bills.locate.ts';
import { feeAt, hoursOf, paymentMethodFor, plateKey, toBill } from './bills.mapping.ts';
import {
  type BillRow,
  closeParkedBill,
  findBill,
  findCheckInShop,
  insertBill,
  type NewBill,
  recordPrint,
} from './bills.repository.ts';
import { memberAtGate } from './gate-member.ts';
import type { ScanCache } from './scan-cache.ts';

export function newReference(shopSeq: number): string {
  return formatReference(encodeShopKey(shopSeq), secretFromBytes(randomBytes(12)));
}

async function billById(db: Executor, ctx: AuthedContext, id: number): Promise<BillRow> {
  const row = await findBill(db, byId(ctx, id));
  if (!row) throw new Error(`bill ${id} vanished`);
  return row;
}

/**
 * Check-in (`bill/create`). Not written to the audit chain: the bill row itself records who
 * checked the vehicle in and when (docs/decisions/009); later changes to it are audited. A
 * `requestId` the shop has already seen answers the bill it made (a retried tap), never a second.
 */
export async function checkIn(db: Db, ctx: AuthedContext, body: CreateBillBody): Promise<CheckInResult> {
  const shopId = await resolveShopId(db, ctx, body.shopId);
  const shop = await findCheckInShop(db, shopId);
  if (!shop) throw conflict('errors.shopNotFound');
  if (shop.status !== 'ACTIVE') throw conflict('errors.shopNotActive');
  const now = new Date();
  const bizDate = businessDate(now, shop);
  // A valid member's pass makes the stay free; an expired, suspended or future one is only told.
  const { member, memberId, memberNumber } = await memberAtGate(db, shopId, body, bizDate);
  const values = {
    shopId,
    vehicleType: body.vehicleType,
    plate: body.plate ?? null,
    plateKey: plateKey(body.plate),
    memberId,
    memberNumber,
    businessDate: bizDate,
    checkInAt: now,
    checkInBy: ctx.actor.id,
    requestId: body.requestId ?? null,
  };
  // 60 random bits: a collision is all but impossible, but one must not lose a check-in.
  for (let attempt = 1; ; attempt++) {
    const reference = newReference(shop.seq);
    try {
      const made = await insertBill(db, { ...values, reference });
      // No price rule for the type (never had one, or deleted meanwhile): the shop does not take it.
      if (!made) throw conflict('errors.vehicleTypeNotTaken', { vehicleType: 'errors.vehicleTypeNotTaken' });
      return { ...newBill({ ...values, ...made, reference, shopName: shop.name }, ctx), member };
    } catch (err) {
      const broken = uniqueViolation(err);
      if (broken === 'bills_shop_request_key' && body.requestId)
        return { ...(await replay(db, ctx, shopId, body.requestId)), member };
      if (attempt >= 3 || broken !== 'bills_reference_key') throw err;
    }
  }
}

/**
 * The bill an earlier check-in with this request id made, as it is now. The insert that found it
 * waited for that check-in to commit, so it is there; another user's request id is refused rather
 * than showing them a bill that is not theirs.
 */
async function replay(db: Db, ctx: AuthedContext, shopId: string, requestId: string): Promise<Bill> {
  const row = await findBill(db, byRequest(ctx, shopId, requestId));
  if (!row) throw new Error(`bill of request ${requestId} in shop ${shopId} not found`);
  if (row.checkInById !== ctx.actor.id) throw conflict('errors.requestIdUsed');
  return toBill(row);
}

/** The answer to a check-in, from what was just written (no second read on the busiest call). */
function newBill(
  b: Omit<NewBill, 'plateKey' | 'memberId' | 'checkInBy'> & { id: number; number: number; shopName: string },
  ctx: AuthedContext,
): Bill {
  return {
    id: String(b.id),
    reference: b.reference,
    number: b.number,
    shopId: b.shopId,
    shopName: b.shopName,
    vehicleType: b.vehicleType as Bill['vehicleType'],
    plate: b.plate,
    memberNumber: b.memberNumber,
    status: 'PARKED',
    businessDate: b.businessDate,
    checkInAt: iso(b.checkInAt),
    checkInById: ctx.actor.id,
    checkInByName: ctx.actor.fullName,
    checkOutAt: null,
    checkOutById: null,
    checkOutByName: null,
    fee: null,
    feeParts: null,
    paymentMethod: null,
    printCount: 0,
    cancelReason: null,
    cancelledAt: null,
    cancelledByName: null,
  };
}

/**
 * `bill/find`: the bill, and for a parked vehicle what it would cost to leave now. The scan path:
 * shop, rule and names from the cache (decision 015). The check-out that follows reads them all
 * from the database again, and refuses if the fee shown is no longer the fee.
 */
export async function findWithFee(
  db: Db,
  cache: ScanCache,
  ctx: AuthedContext,
  locator: BillLocator,
): Promise<BillWithFee> {
  const row = await scanBill(db, cache, ctx, locator);
  if (row.status !== 'PARKED') return { bill: toBill(row), feeNow: null, feeIfLost: null };
  const now = new Date();
  return { bill: toBill(row), feeNow: feeAt(row, now), feeIfLost: feeAt(row, now, true) };
}

/**
 * Check-out, or a lost ticket: the fee is computed here, never taken from the client. Two staff
 * closing the same bill at once: the conditional update lets exactly one through, the other 409.
 */
export async function checkOut(db: Db, ctx: AuthedContext, body: CheckoutBody, lost = false): Promise<Bill> {
  const row = await locateBill(db, ctx, body);
  if (row.status !== 'PARKED') throw conflict('errors.billNotParked');
  const at = new Date();
  const fee = feeAt(row, at, lost);
  if (body.expectedTotal !== undefined && body.expectedTotal !== fee.total)
    throw conflict('errors.feeChanged');
  const out = {
    status: lost ? ('LOST' as const) : ('CLOSED' as const),
    fee: fee.total,
    feeParts: fee.parts,
    paymentMethod: paymentMethodFor(fee.total, row.memberId !== null, body.paymentMethod),
    at,
    businessDate: businessDate(at, hoursOf(row)),
    by: ctx.actor.id,
  };
  // The answer is the row read above with what was just written (no second read, as at check-in).
  const closed = toBill({
    ...row,
    status: out.status,
    fee: out.fee,
    feeParts: out.feeParts,
    paymentMethod: out.paymentMethod,
    checkOutAt: at,
    checkOutById: ctx.actor.id,
    checkOutByName: ctx.actor.fullName,
  });
  if (!lost) {
    if (!(await closeParkedBill(db, row.id, out))) throw conflict('errors.billNotParked');
    return closed;
  }
  return db.transaction(async (tx) => {
    if (!(await closeParkedBill(tx, row.id, out))) throw conflict('errors.billNotParked');
    const after = closed;
    await audit(tx, ctx, {
      action: 'bill.lost',
      entity: 'bill',
      entityId: after.id,
      shopId: after.shopId,
      before: { status: row.status },
      after: { status: after.status, fee: after.fee, paymentMethod: after.paymentMethod },
    });
    return after;
  });
}

/** Record a print (the first) or a reprint; cancelled bills are not printed. */
export async function printBill(db: Db, ctx: AuthedContext, body: PrintBillBody) {
  const row = await locateBill(db, ctx, body);
  if (row.status === 'CANCELLED') throw conflict('errors.billCancelled');
  return db.transaction(async (tx) => {
    const print = await recordPrint(tx, row, body.paper ?? null, ctx.actor.id, body.rollSerial ?? null);
    const bill = toBill(await billById(tx, ctx, row.id));
    return {
      bill,
      print: {
        id: String(print.id),
        kind: print.kind as 'PRINT' | 'REPRINT',
        paper: (print.paper as '58' | '80' | null) ?? null,
        printedAt: iso(print.printedAt),
        printedByName: ctx.actor.fullName,
      },
    };
  });
}
