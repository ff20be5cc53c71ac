import type {
  Bill,
  BillEvent,
  BillTimeline,
  ListBillsBody,
  UpdateBillBody,
} from '@parking-hub/contracts/bills';
import { businessDate, DEFAULT_TIMEZONE } from '@parking-hub/contracts/business-day';
import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import { roleRank } from '@parking-hub/contracts/roles';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { cursorPageMeta, decodeCursor, encodeCursor, pageOffset } from '../../lib/paging.ts';
import { addDays, iso, startOfDayIn } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { billScope, locateBill } from './bills.locate.ts';
import { hoursOf, plateKey, toBill } from './bills.mapping.ts';
import { holdPriceRule, listPrints, updateBillIfStatus } from './bills.repository.ts';
import {
  countCap,
  countHistory,
  findShopTimezone,
  type HistoryCursor,
  listCorrections,
  listHistory,
} from './bills-history.repository.ts';

export function encodeHistoryCursor(c: HistoryCursor): string {
  return encodeCursor([c.checkInAt.toISOString(), String(c.id)]);
}

export function decodeHistoryCursor(text: string): HistoryCursor {
  const [at = '', id = ''] = decodeCursor(text, [/^\d{4}-\d\d-\d\dT[\d:.]+Z$/, /^\d{1,18}$/]);
  const checkInAt = new Date(at);
  if (Number.isNaN(checkInAt.getTime())) throw badRequest({ cursor: 'validation.invalid' });
  return { checkInAt, id: Number(id) };
}

/** `bills-in-shop`: the history, newest first; dates are the check-in's calendar day at the shop. */
export async function listBills(db: Db, ctx: AuthedContext, body: ListBillsBody) {
  // Dates are the shop's calendar days: its zone is looked up only when a date is asked for.
  const dated = body.from !== undefined || body.to !== undefined;
  const timezone = (dated && body.shopId && (await findShopTimezone(db, body.shopId))) || DEFAULT_TIMEZONE;
  const filter = {
    shopId: body.shopId,
    fromAt: body.from ? startOfDayIn(body.from, timezone) : undefined,
    toAt: body.to ? addDays(startOfDayIn(body.to, timezone), 1) : undefined,
    status: body.status,
    vehicleType: body.vehicleType,
    staffId: body.staffId,
    plateKey: plateKey(body.plate) ?? undefined,
  };
  const cursor = body.cursor ? decodeHistoryCursor(body.cursor) : null;
  const scope = billScope(ctx);
  const [rows, total] = await Promise.all([
    listHistory(db, filter, scope, { limit: body.pageSize + 1, offset: pageOffset(body), cursor }),
    countHistory(db, filter, scope),
  ]);
  return {
    data: rows.slice(0, body.pageSize).map(toBill),
    meta: cursorPageMeta(body, rows, total, countCap(filter), (last) =>
      encodeHistoryCursor({ checkInAt: last.checkInAt, id: last.id }),
    ),
  };
}

const isManagerOrAbove = (ctx: AuthedContext) => roleRank(ctx.actor.role) >= roleRank('MANAGER');

/**
 * `bills/update`: cancel (with a reason) or correct the plate or vehicle type. Nothing is
 * deleted; a closed or lost bill only by a MANAGER or above; every change audited.
 */
export async function updateBill(db: Db, ctx: AuthedContext, body: UpdateBillBody) {
  const row = await locateBill(db, ctx, { id: body.id });
  const before = toBill(row);
  if (row.status === 'CANCELLED') throw conflict('errors.billCancelled');
  if (row.status !== 'PARKED' && !isManagerOrAbove(ctx)) throw forbidden('errors.billClosedManagerOnly');

  let values: Parameters<typeof updateBillIfStatus>[3];
  let action: string;
  if (body.action === 'CANCEL') {
    action = 'bill.cancel';
    const at = new Date();
    values = {
      status: 'CANCELLED',
      cancelReason: body.reason,
      cancelledAt: at,
      cancelBusinessDate: businessDate(at, hoursOf(row)),
      cancelledBy: ctx.actor.id,
    };
  } else {
    action = 'bill.correct';
    values = {
      ...(body.vehicleType ? { vehicleType: body.vehicleType } : {}),
      ...(body.plate !== undefined ? { plate: body.plate ?? null, plateKey: plateKey(body.plate) } : {}),
    };
  }
  // A parked vehicle moved to another type needs that type's tariff to leave with (held, as at check-in).
  const newType =
    body.action === 'CORRECT' && body.vehicleType !== row.vehicleType ? body.vehicleType : undefined;
  return db.transaction(async (tx) => {
    if (newType && row.status === 'PARKED' && !(await holdPriceRule(tx, row.shopId, newType)))
      throw conflict('errors.vehicleTypeNotTaken', { vehicleType: 'errors.vehicleTypeNotTaken' });
    if (!(await updateBillIfStatus(tx, row.id, row.status, values))) throw conflict('errors.conflict');
    const after = toBill(await locateBill(tx, ctx, { id: body.id }));
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => canonicalJson(after[k]) !== canonicalJson(before[k]), // fee parts are arrays
    );
    await audit(tx, ctx, {
      action,
      entity: 'bill',
      entityId: after.id,
      shopId: after.shopId,
      before: Object.fromEntries(changed.map((k) => [k, before[k]])),
      after: {
        ...Object.fromEntries(changed.map((k) => [k, after[k]])),
        ...(body.action === 'CORRECT' && body.reason ? { reason: body.reason } : {}),
      },
    });
    return after;
  });
}

/** The vehicle and plate as they were at check-in: a field's first correction kept its old value. */
function asCheckedIn(bill: Bill, corrections: Array<{ before: unknown }>) {
  const original: Record<'vehicleType' | 'plate', unknown> = {
    vehicleType: bill.vehicleType,
    plate: bill.plate,
  };
  for (const c of [...corrections].reverse()) {
    const before = (c.before ?? {}) as Record<string, unknown>;
    for (const field of ['vehicleType', 'plate'] as const)
      if (field in before) original[field] = before[field];
  }
  return original;
}

/** `bill/timeline`: check-in, prints, corrections, check-out or lost, cancellation, oldest first. */
export async function billTimeline(db: Db, ctx: AuthedContext, id: string): Promise<BillTimeline> {
  const row = await locateBill(db, ctx, { id });
  const bill = toBill(row);
  const [prints, changes] = await Promise.all([listPrints(db, row.id), listCorrections(db, bill.id)]);
  const events: BillEvent[] = [
    {
      kind: 'CHECK_IN',
      at: bill.checkInAt,
      byName: bill.checkInByName,
      detail: asCheckedIn(bill, changes),
    },
    ...prints.map((p) => ({
      kind: p.kind as 'PRINT' | 'REPRINT',
      at: iso(p.printedAt),
      byName: p.printedByName,
      detail: { paper: p.paper },
    })),
    ...changes.map((c) => ({
      kind: 'CORRECT' as const,
      at: iso(c.at),
      byName: c.by,
      detail: { before: c.before, after: c.after },
    })),
  ];
  if (bill.checkOutAt) {
    events.push({
      kind: bill.status === 'LOST' || row.feeParts?.some((p) => p.kind === 'LOST') ? 'LOST' : 'CHECK_OUT',
      at: bill.checkOutAt,
      byName: bill.checkOutByName,
      detail: { fee: bill.fee, paymentMethod: bill.paymentMethod, parts: bill.feeParts },
    });
  }
  if (bill.cancelledAt) {
    events.push({
      kind: 'CANCEL',
      at: bill.cancelledAt,
      byName: bill.cancelledByName,
      detail: { reason: bill.cancelReason },
    });
  }
  events.sort((a, b) => a.at.localeCompare(b.at));
  return { bill, events };
}
