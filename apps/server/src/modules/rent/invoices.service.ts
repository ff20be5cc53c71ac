import { calendarDate } from '@parking-hub/contracts/business-day';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import {
  type GenerateInvoicesBody,
  type GenerateInvoicesResult,
  type Invoice,
  type InvoiceDetail,
  type InvoiceLineKind,
  type InvoiceStatus,
  invoiceTotals,
  type RentPaymentMethod,
  type RentReportBody,
  type RentTotals,
  type UpdateInvoiceBody,
} from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { generateMonth } from './generation.ts';
import {
  findInvoice,
  type InvoiceRow,
  invoiceLinesOf,
  invoicePaymentsOf,
  invoiceTotalsOf,
  type LineRow,
  listInvoices,
  lockInvoice,
  replaceLines,
  voidInvoiceRow,
  walletBalanceOf,
} from './rent.repository.ts';

const today = (timezone: string) => calendarDate(new Date(), timezone);
const isoOf = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? new Date(d).toISOString() : iso(d);

function present(r: InvoiceRow): Invoice {
  const total = Number(r.total);
  const paid = Number(r.paid);
  return {
    id: r.id,
    number: r.number,
    month: r.month,
    shopId: r.shopId,
    shopName: r.shopName,
    shopCode: r.shopCode,
    agentId: r.agentId,
    agentName: r.agentName,
    packageName: r.packageName,
    status: r.status as InvoiceStatus,
    tickets: r.tickets,
    ticketsIncluded: r.ticketsIncluded,
    subtotal: Number(r.subtotal),
    discount: Number(r.discount),
    total,
    paid,
    due: r.status === 'VOID' ? 0 : total - paid,
    dueDate: r.dueDate,
    overdue: r.overdue,
    sentAt: isoOf(r.sentAt),
    sendCount: r.sendCount,
    messageStatus: r.messageStatus,
    createdAt: isoOf(r.createdAt) ?? '',
  };
}

const presentLine = (l: LineRow) => ({
  id: l.id,
  position: l.position,
  kind: l.kind as InvoiceLineKind,
  descriptionLo: l.descriptionLo,
  descriptionEn: l.descriptionEn,
  quantity: l.quantity,
  unitPrice: Number(l.unitPrice),
  amount: Number(l.amount),
  refId: l.refId,
});

/** `POST manual-summary-rent`: the month's invoices now, for the chosen shops or all. */
export function generateInvoices(
  db: Db,
  ctx: AuthedContext,
  body: GenerateInvoicesBody,
  timezone: string,
): Promise<GenerateInvoicesResult> {
  return generateMonth(db, {
    month: body.month,
    shopIds: body.shopIds,
    timezone,
    ctx,
    lockWaitMs: 30_000,
  });
}

export async function rentReport(
  db: Db,
  ctx: AuthedContext,
  body: RentReportBody,
  timezone: string,
): Promise<{ data: Invoice[]; meta: PageMeta & { totals: RentTotals } }> {
  const day = today(timezone);
  const [rows, totals] = await Promise.all([
    listInvoices(db, ctx.actor, body, day),
    invoiceTotalsOf(db, ctx.actor, body, day),
  ]);
  return { data: rows.map(present), meta: { ...pageMeta(body, totals.count), totals } };
}

export async function invoiceDetail(
  db: Db,
  ctx: AuthedContext,
  id: string,
  timezone: string,
): Promise<InvoiceDetail> {
  const row = await findInvoice(db, ctx.actor, id, today(timezone));
  if (!row) throw notFound('errors.invoiceNotFound');
  const [lines, payments, walletBalance] = await Promise.all([
    invoiceLinesOf(db, id),
    invoicePaymentsOf(db, id),
    walletBalanceOf(db, row.shopId),
  ]);
  return {
    ...present(row),
    lines: lines.map(presentLine),
    payments: payments.map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      method: p.method as RentPaymentMethod,
      reference: p.reference,
      note: p.note,
      reversesId: p.reversesId,
      reversedBy: p.reversedBy,
      recordedBy: p.recordedBy,
      recordedByName: p.recordedByName,
      paidAt: isoOf(p.paidAt) ?? '',
    })),
    adjustReason: row.adjustReason,
    adjustedAt: isoOf(row.adjustedAt),
    voidReason: row.voidReason,
    voidedAt: isoOf(row.voidedAt),
    publicPath: `/invoice/${row.publicToken}`,
    walletBalance,
  };
}

/**
 * What a line's `refId` may name: only what the invoice's own stored line of that kind named (its
 * package, its charge, its promotion), once. A FEE line naming another shop's or invoice's charge
 * would leave that charge to be billed again; a PROMOTION line is the invoice's promotion or none
 * (an admin's own discount is an ADJUSTMENT line), so "promotions given" and the promotion's uses
 * stay true.
 */
function lineRefErrors(
  lines: ReadonlyArray<{ kind: InvoiceLineKind; refId: string | null }>,
  stored: ReadonlyArray<{ kind: InvoiceLineKind; refId: string | null }>,
  promotionId: string | null,
): Record<string, 'validation.lineRef'> {
  const known = new Set(stored.filter((l) => l.refId).map((l) => `${l.kind}:${l.refId}`));
  const seen = new Set<string>();
  const errors: Record<string, 'validation.lineRef'> = {};
  lines.forEach((l, i) => {
    const key = `${l.kind}:${l.refId}`;
    const bad =
      (l.kind === 'PROMOTION' && (!promotionId || l.refId !== promotionId)) ||
      (l.refId !== null && (!known.has(key) || seen.has(key)));
    if (bad) errors[`lines.${i}.refId`] = 'validation.lineRef';
    if (l.refId) seen.add(key);
  });
  return errors;
}

const notUnpaid = (number: string) =>
  new AppError(409, 'errors.invoiceNotUnpaid', { number }, { invoiceId: 'errors.invoiceNotUnpaid' });

/**
 * `POST invoice/update` (admins, UNPAID only): the lines as they should be, with the reason. A
 * discount (negative unit price) only on PROMOTION or ADJUSTMENT lines; the total stays above 0 (a
 * month with nothing to pay is voided instead). Charges whose line is gone go back to pending; a
 * promotion whose line is gone gets its use back.
 */
export async function updateInvoice(
  db: Db,
  ctx: AuthedContext,
  body: UpdateInvoiceBody,
  timezone: string,
): Promise<InvoiceDetail> {
  const lines = body.lines.map((l) => ({
    kind: l.kind,
    descriptionLo: l.descriptionLo,
    descriptionEn: l.descriptionEn || l.descriptionLo,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.quantity * l.unitPrice,
    refId: l.refId ?? null,
  }));
  const fieldErrors: Record<string, 'validation.lineAmountSign'> = {};
  lines.forEach((l, i) => {
    if (l.unitPrice < 0 && l.kind !== 'PROMOTION' && l.kind !== 'ADJUSTMENT')
      fieldErrors[`lines.${i}.unitPrice`] = 'validation.lineAmountSign';
  });
  if (Object.keys(fieldErrors).length) throw badRequest(fieldErrors);
  const totals = invoiceTotals(lines);
  if (totals.total <= 0) throw badRequest({ lines: 'validation.invoiceTotalZero' });
  await db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, body.invoiceId);
    if (!inv) throw notFound('errors.invoiceNotFound');
    if (inv.status !== 'UNPAID') throw notUnpaid(inv.number);
    const stored = (await invoiceLinesOf(tx, inv.id)).map(presentLine);
    const refErrors = lineRefErrors(lines, stored, inv.promotionId);
    if (Object.keys(refErrors).length) throw badRequest(refErrors);
    const before = {
      lines: stored.map(({ id: _id, ...l }) => l),
      subtotal: Number(inv.subtotal),
      discount: Number(inv.discount),
      total: Number(inv.total),
      dueDate: inv.dueDate,
    };
    const dueDate = body.dueDate ?? inv.dueDate;
    await replaceLines(tx, inv.id, lines, { ...totals, reason: body.reason, by: ctx.actor.id, dueDate });
    const feeIds = lines.filter((l) => l.kind === 'FEE' && l.refId).map((l) => l.refId as string);
    await tx.execute(sql`
      update rent_charges set invoice_id = null
      where invoice_id = ${inv.id} and not (id = any(${sql.param(feeIds)}::uuid[]))`);
    if (inv.promotionId && !lines.some((l) => l.kind === 'PROMOTION' && l.refId === inv.promotionId)) {
      await tx.execute(sql`update rent_invoices set promotion_id = null where id = ${inv.id}`);
      await tx.execute(
        sql`update promotions set uses = greatest(uses - 1, 0), updated_at = now() where id = ${inv.promotionId}`,
      );
    }
    await audit(tx, ctx, {
      action: 'invoice.update',
      entity: 'invoice',
      entityId: inv.id,
      shopId: inv.shopId,
      before,
      after: { lines, ...totals, dueDate, reason: body.reason },
    });
  });
  return invoiceDetail(db, ctx, body.invoiceId, timezone);
}

/** `DELETE invoice/{id}` (admins, UNPAID only, or a total-0 invoice): VOID, kept; its charges and promotion use given back. */
export async function voidInvoice(
  db: Db,
  ctx: AuthedContext,
  id: string,
  reason: string | null,
): Promise<{ number: string }> {
  return db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, id);
    if (!inv) throw notFound('errors.invoiceNotFound');
    // UNPAID, or a month with nothing to pay (total 0, made PAID with nothing paid).
    const free = inv.status === 'PAID' && Number(inv.total) === 0 && Number(inv.paid) === 0;
    if (inv.status !== 'UNPAID' && !free) throw notUnpaid(inv.number);
    const { chargesReleased } = await voidInvoiceRow(tx, inv, reason, ctx.actor.id);
    await audit(tx, ctx, {
      action: 'invoice.void',
      entity: 'invoice',
      entityId: inv.id,
      shopId: inv.shopId,
      before: { status: inv.status, number: inv.number, total: Number(inv.total) },
      after: { status: 'VOID', reason, chargesReleased, promotionReleased: inv.promotionId },
    });
    return { number: inv.number };
  });
}
