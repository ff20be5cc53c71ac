import { randomUUID } from 'node:crypto';
import type { InvoicePaymentResult } from '@parking-hub/contracts/finance';
import {
  commissionOf,
  type InvoiceStatus,
  type PayInvoiceBody,
  type RentPaymentMethod,
  type ReversePaymentBody,
} from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import {
  isAdmin,
  isOverdraw,
  kip,
  lockWallet,
  mainShopScope,
  pgError,
  walletBalance,
} from '../finance/money.shared.ts';
import { readFinanceSettings } from '../finance/settings.ts';

type LockedInvoice = {
  id: string;
  number: string;
  shop_id: string;
  agent_id: string | null;
  status: InvoiceStatus;
  total: string;
  paid: string;
  /** The invoiced month's first instant in the platform's zone (lockInvoice only). */
  month_start?: Date;
};

/** The invoice, locked for the payment's transaction (FOR UPDATE), if the actor may pay it. */
async function lockInvoice(tx: Executor, ctx: AuthedContext, invoiceId: string, timezone = 'UTC') {
  const { rows } = await tx.execute<LockedInvoice>(sql`
    select id, number, shop_id, agent_id, status, total, paid,
           (month::timestamp at time zone ${timezone}) as month_start
    from rent_invoices
    where id = ${invoiceId} and ${mainShopScope(ctx.actor, sql`shop_id`)}
    for update`);
  const row = rows[0];
  if (!row) throw notFound('errors.invoiceNotFound');
  return row;
}

type PaymentRow = {
  id: string;
  invoice_id: string;
  amount: string;
  method: RentPaymentMethod;
  reference: string | null;
  note: string | null;
  reverses_id: string | null;
  reversed_by: string | null;
  recorded_by: string | null;
  recorded_by_name: string | null;
  paid_at: Date;
  wallet_entry_id: string | null;
  idempotency_key: string | null;
};

async function paymentWhere(db: Executor, where: ReturnType<typeof sql>) {
  const { rows } = await db.execute<PaymentRow>(sql`
    select p.id, p.invoice_id, p.amount, p.method, p.reference, p.note, p.reverses_id,
           (select r.id from rent_payments r where r.reverses_id = p.id) as reversed_by,
           p.recorded_by, u.full_name as recorded_by_name, p.paid_at, p.wallet_entry_id, p.idempotency_key
    from rent_payments p left join users u on u.id = p.recorded_by
    where ${where}`);
  return rows[0];
}
const paymentById = (db: Executor, id: string) => paymentWhere(db, sql`p.id = ${id}`);

/**
 * The payment an idempotency key already made, answered as it was made (200, nothing written),
 * or null when the key is new. The same key with another invoice, amount or method → 409. An
 * amount left out matches (it meant "what was due" when the key was first used).
 */
async function earlierPayment(db: Executor, body: PayInvoiceBody): Promise<InvoicePaymentResult | null> {
  if (!body.idempotencyKey) return null;
  const earlier = await paymentWhere(db, sql`p.idempotency_key = ${body.idempotencyKey}`);
  if (!earlier) return null;
  if (
    earlier.invoice_id !== body.invoiceId ||
    earlier.method !== body.method ||
    (body.amount !== undefined && Number(earlier.amount) !== body.amount)
  )
    throw new AppError(
      409,
      'errors.idempotencyKeyReused',
      {},
      { idempotencyKey: 'errors.idempotencyKeyReused' },
    );
  const { rows } = await db.execute<{ id: string; agent_id: string; amount: string }>(
    sql`select id, agent_id, amount from agent_commissions where payment_id = ${earlier.id}`,
  );
  const c = rows[0];
  return resultOf(db, earlier.id, c ? { id: c.id, agentId: c.agent_id, amount: Number(c.amount) } : null);
}

const paymentView = (p: PaymentRow) => ({
  id: p.id,
  amount: Number(p.amount),
  method: p.method,
  reference: p.reference,
  note: p.note,
  reversesId: p.reverses_id,
  reversedBy: p.reversed_by,
  recordedBy: p.recorded_by,
  recordedByName: p.recorded_by_name,
  paidAt: iso(new Date(p.paid_at)),
});

async function resultOf(
  tx: Executor,
  paymentId: string,
  commission: InvoicePaymentResult['commission'],
): Promise<InvoicePaymentResult> {
  const payment = await paymentById(tx, paymentId);
  if (!payment) throw new Error('payment vanished');
  const { rows } = await tx.execute<LockedInvoice>(
    sql`select id, number, shop_id, agent_id, status, total, paid from rent_invoices where id = ${payment.invoice_id}`,
  );
  const inv = rows[0];
  if (!inv) throw new Error('invoice vanished');
  const total = Number(inv.total);
  const paid = Number(inv.paid);
  return {
    payment: paymentView(payment),
    invoice: {
      id: inv.id,
      number: inv.number,
      shopId: inv.shop_id,
      status: inv.status,
      total,
      paid,
      due: total - paid,
    },
    walletBalance: await walletBalance(tx, inv.shop_id),
    commission,
  };
}

/** A wallet payment's ledger entry (or its refund), under the wallet's lock; its id. */
async function walletMove(
  tx: Executor,
  ctx: AuthedContext,
  inv: LockedInvoice,
  move: { kind: 'INVOICE_PAYMENT' | 'REFUND'; amount: number; note: string | null; paymentId: string },
): Promise<string | null> {
  await lockWallet(tx, inv.shop_id);
  const entry = await tx.execute<{ id: string }>(sql`
    insert into wallet_entries (shop_id, kind, amount, method, reference, note, invoice_id, payment_id, created_by)
    values (${inv.shop_id}, ${move.kind}, ${move.amount}, 'WALLET', ${inv.number}, ${move.note},
            ${inv.id}, ${move.paymentId}, ${ctx.actor.id})
    returning id`);
  return entry.rows[0]?.id ?? null;
}

/** The month (first day) an instant falls in, in the platform's time zone. */
async function monthOf(tx: Executor, at: Date, timezone: string): Promise<string> {
  const { rows } = await tx.execute<{ month: string }>(
    sql`select to_char(date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${timezone}), 'YYYY-MM-DD') as month`,
  );
  return rows[0]?.month ?? '';
}

/** The agent's commission on a payment (its own rate, else the platform's default). */
async function insertCommission(
  tx: Executor,
  inv: LockedInvoice,
  payment: { id: string; amount: number; paidAt: Date },
  timezone: string,
) {
  if (!inv.agent_id) return null;
  const { rows } = await tx.execute<{ rate: number | null }>(
    sql`select commission_rate_bp as rate from users where id = ${inv.agent_id}`,
  );
  const rate = rows[0]?.rate ?? (await readFinanceSettings(tx)).defaultCommissionBp;
  const amount = commissionOf(payment.amount, rate);
  const month = await monthOf(tx, payment.paidAt, timezone);
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into agent_commissions (agent_id, payment_id, invoice_id, shop_id, month, base, rate_bp, amount)
    values (${inv.agent_id}, ${payment.id}, ${inv.id}, ${inv.shop_id}, ${month}, ${payment.amount}, ${rate}, ${amount})
    returning id`);
  return { id: inserted.rows[0]?.id ?? '', agentId: inv.agent_id, amount };
}

/**
 * `POST /v1/invoice/paid`: admins record any method; a shop's manager pays their own shop's
 * invoice from its wallet. One transaction: the invoice locked, the wallet entry (WALLET), the
 * payment (its trigger moves the invoice's paid and status), the agent's commission, the audit.
 */
export async function payInvoice(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: PayInvoiceBody,
): Promise<InvoicePaymentResult> {
  const result = await recordPayment(db, ctx, timezone, body);
  // The agent's earnings are the platform's business, not the paying shop's (kept in the audit).
  return isAdmin(ctx.actor) ? result : { ...result, commission: null };
}

async function recordPayment(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: PayInvoiceBody,
): Promise<InvoicePaymentResult> {
  if (!isAdmin(ctx.actor) && body.method !== 'WALLET') throw forbidden('errors.forbidden');
  const paidAt = body.paidAt && isAdmin(ctx.actor) ? new Date(body.paidAt) : new Date();
  if (paidAt.getTime() > Date.now() + 60_000) throw badRequest({ paidAt: 'validation.paidAtFuture' });
  let asked = { amount: 0, shopId: '' };
  try {
    return await db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, ctx, body.invoiceId, timezone);
      // Under the invoice's lock: a retry of the same key (even one sent at the same time) sees
      // the first payment once it is committed, and answers it instead of paying again.
      const earlier = await earlierPayment(tx, body);
      if (earlier) return earlier;
      if (inv.month_start && paidAt.getTime() < new Date(inv.month_start).getTime())
        throw badRequest({ paidAt: 'validation.paidAtBeforeMonth' });
      if (inv.status === 'VOID') throw new AppError(409, 'errors.invoiceVoid', { number: inv.number });
      if (inv.status === 'PAID') throw new AppError(409, 'errors.invoicePaid', { number: inv.number });
      const due = Number(inv.total) - Number(inv.paid);
      const amount = body.amount ?? due;
      if (amount > due)
        throw new AppError(
          409,
          'errors.amountOverDue',
          { due: kip(due) },
          { amount: 'errors.amountOverDue' },
        );
      asked = { amount, shopId: inv.shop_id };
      const paymentId = randomUUID();
      const walletEntryId =
        body.method === 'WALLET'
          ? await walletMove(tx, ctx, inv, {
              kind: 'INVOICE_PAYMENT',
              amount: -amount,
              note: body.note ?? null,
              paymentId,
            })
          : null;
      await tx.execute(sql`
        insert into rent_payments (id, invoice_id, shop_id, amount, method, reference, note, wallet_entry_id, recorded_by,
                                   paid_at, idempotency_key)
        values (${paymentId}, ${inv.id}, ${inv.shop_id}, ${amount}, ${body.method}, ${body.reference ?? null},
                ${body.note ?? null}, ${walletEntryId}, ${ctx.actor.id}, ${paidAt.toISOString()},
                ${body.idempotencyKey ?? null})`);
      const commission = await insertCommission(tx, inv, { id: paymentId, amount, paidAt }, timezone);
      const result = await resultOf(tx, paymentId, commission);
      await audit(tx, ctx, {
        action: 'invoice.pay',
        entity: 'invoice',
        entityId: inv.id,
        shopId: inv.shop_id,
        before: { status: inv.status, paid: Number(inv.paid) },
        after: {
          status: result.invoice.status,
          paid: result.invoice.paid,
          payment: result.payment,
          commission,
        },
      });
      return result;
    });
  } catch (err) {
    // The same key on another invoice at the same moment (no shared lock): the unique index lets
    // one through; the other answers it, or 409 when it asked for something else.
    if (pgError(err)?.constraint === 'rent_payments_idempotency_key') {
      const earlier = await earlierPayment(db, body);
      if (earlier) return earlier;
    }
    if (isOverdraw(err)) {
      const balance = await walletBalance(db, asked.shopId);
      throw new AppError(
        409,
        'errors.walletInsufficient',
        { balance: kip(balance), amount: kip(asked.amount) },
        { method: 'errors.walletInsufficient' },
      );
    }
    throw err;
  }
}

/**
 * `POST /v1/invoice/payment/reverse` (admins): a negative payment row that points at the one it
 * undoes; a wallet payment's money goes back as a REFUND entry; the commission gets a negative row
 * in the reversal's month.
 */
export async function reversePayment(
  db: Db,
  ctx: AuthedContext,
  timezone: string,
  body: ReversePaymentBody,
): Promise<InvoicePaymentResult> {
  try {
    return await db.transaction(async (tx) => {
      const original = await paymentById(tx, body.paymentId);
      if (!original) throw notFound('errors.paymentNotFound');
      const inv = await lockInvoice(tx, ctx, original.invoice_id);
      if (original.reverses_id || original.reversed_by) throw new AppError(409, 'errors.paymentReversed');
      const amount = Number(original.amount);
      const reversalId = randomUUID();
      const now = new Date();
      const walletEntryId =
        original.method === 'WALLET'
          ? await walletMove(tx, ctx, inv, {
              kind: 'REFUND',
              amount,
              note: body.reason,
              paymentId: reversalId,
            })
          : null;
      await tx.execute(sql`
        insert into rent_payments (id, invoice_id, shop_id, amount, method, reference, note, reverses_id, wallet_entry_id, recorded_by, paid_at)
        values (${reversalId}, ${inv.id}, ${inv.shop_id}, ${-amount}, ${original.method}, ${original.reference},
                ${body.reason}, ${original.id}, ${walletEntryId}, ${ctx.actor.id}, ${now.toISOString()})`);
      let commission: InvoicePaymentResult['commission'] = null;
      const { rows } = await tx.execute<{ agent_id: string; base: string; rate_bp: number; amount: string }>(
        sql`select agent_id, base, rate_bp, amount from agent_commissions where payment_id = ${original.id}`,
      );
      const earned = rows[0];
      if (earned) {
        const month = await monthOf(tx, now, timezone);
        const inserted = await tx.execute<{ id: string }>(sql`
          insert into agent_commissions (agent_id, payment_id, invoice_id, shop_id, month, base, rate_bp, amount)
          values (${earned.agent_id}, ${reversalId}, ${inv.id}, ${inv.shop_id}, ${month}, ${-Number(earned.base)},
                  ${earned.rate_bp}, ${-Number(earned.amount)})
          returning id`);
        commission = {
          id: inserted.rows[0]?.id ?? '',
          agentId: earned.agent_id,
          amount: -Number(earned.amount),
        };
      }
      const result = await resultOf(tx, reversalId, commission);
      await audit(tx, ctx, {
        action: 'invoice.payment_reverse',
        entity: 'rent_payment',
        entityId: original.id,
        shopId: inv.shop_id,
        before: { status: inv.status, paid: Number(inv.paid), payment: paymentView(original) },
        after: {
          status: result.invoice.status,
          paid: result.invoice.paid,
          reversal: result.payment,
          commission,
        },
      });
      return result;
    });
  } catch (err) {
    // Two reversals of one payment at once: the unique index on reverses_id lets one through.
    if (pgError(err)?.constraint === 'rent_payments_reverses_key')
      throw new AppError(409, 'errors.paymentReversed');
    throw err;
  }
}
