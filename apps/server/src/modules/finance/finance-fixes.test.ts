import { randomBytes } from 'node:crypto';
import type { FinanceReport } from '@parking-hub/contracts/finance';
import { translate } from '@parking-hub/contracts/messages';
import { invoiceNumber } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthedContext } from '../../lib/context.ts';
import {
  call,
  createTestApp,
  expectError,
  insertShop,
  insertUser,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { payInvoice, reversePayment } from '../rent/payments.service.ts';
import { financeCheck } from './finance.check.ts';
import { moneyHelpers } from './money.test-support.ts';

/**
 * Issue 15 review fixes: a payout settles every pending month up to its own, a payment's
 * idempotency key, a top-up booked under the agent of its day, promotions = PROMOTION lines only,
 * and a payment date not before the invoiced month.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const lo = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
  translate('lo', key, params);
const post = <T = Record<string, unknown>>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });

let seq = 0;
type Line = { kind: string; amount: number };
/** An invoice straight in the database with its lines (subtotal/discount/total from them). */
async function invoice(
  shopId: string,
  lines: Line[],
  opts: { agentId?: string | null; month?: string; dueDate?: string } = {},
) {
  seq += 1;
  const month = opts.month ?? '2026-09';
  const subtotal = lines.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0);
  const discount = Math.min(subtotal, -lines.filter((l) => l.amount < 0).reduce((s, l) => s + l.amount, 0));
  const { rows } = await t.db.execute<{ id: string }>(sql`
    insert into rent_invoices (number, year, seq, shop_id, month, agent_id, subtotal, discount, total, due_date, public_token)
    values (${invoiceNumber(2026, seq)}, 2026, ${seq}, ${shopId}, ${`${month}-01`}, ${opts.agentId ?? null},
            ${subtotal}, ${discount}, ${subtotal - discount}, ${opts.dueDate ?? '2026-10-10'},
            ${randomBytes(24).toString('base64url')})
    returning id`);
  const id = rows[0]?.id ?? '';
  let position = 0;
  for (const l of lines) {
    position += 1;
    await t.db.execute(sql`
      insert into rent_invoice_lines (invoice_id, position, kind, description_lo, description_en, quantity, unit_price, amount)
      values (${id}, ${position}, ${l.kind}, ${l.kind}, ${l.kind}, 1, ${l.amount}, ${l.amount})`);
  }
  return id;
}
const packageInvoice = (shopId: string, total: number, opts: Parameters<typeof invoice>[2] = {}) =>
  invoice(shopId, [{ kind: 'PACKAGE', amount: total }], opts);

const { count, snapshot, balanceOf, key, topUp } = moneyHelpers(
  () => t,
  () => admin.token,
);
const adminCtx = (): AuthedContext => ({
  actor: {
    id: admin.id,
    username: admin.username,
    fullName: `Test ${admin.username}`,
    role: 'ADMIN',
    shopId: null,
    sessionId: admin.sessionId,
  },
  ip: '127.0.0.1',
  userAgent: null,
  requestId: unique('req-'),
  lang: 'lo',
});
/** Run a service call with the wall clock at `at` (the payment's and the reversal's "now"). */
async function at<T>(when: string, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(when));
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

type PayResult = {
  payment: { id: string; amount: number; method: string };
  invoice: { status: string; paid: number; due: number };
  walletBalance: number;
  commission: { id: string; amount: number } | null;
};

describe('compensation payout', () => {
  it('settles every pending month up to the one paid: a reversal that takes a month below 0 is carried into a later payout', async () => {
    const tz = t.config.platformTimezone;
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const aug = await packageInvoice(shop.id, 100_000, { agentId: agent.id, month: '2025-07' });
    const nov = await packageInvoice(shop.id, 50_000, { agentId: agent.id, month: '2025-10' });
    const dec = await packageInvoice(shop.id, 200_000, { agentId: agent.id, month: '2025-11' });
    // August: a payment earns 10,000 (the default 10 %), paid out.
    const paidAug = await at('2025-08-15T10:00:00+07:00', () =>
      payInvoice(t.db, adminCtx(), tz, { invoiceId: aug, method: 'CASH' }),
    );
    expect(paidAug.commission?.amount).toBe(10_000);
    const augPayout = await post<{ amount: number }>('compensation/paid', admin.token, {
      agentId: agent.id,
      month: '2025-08',
      reference: 'AUG-1',
    });
    expect(augPayout.body.data?.amount).toBe(10_000);
    // November: that payment is reversed (−10,000) and another earns +5,000: the month is −5,000.
    await at('2025-11-10T10:00:00+07:00', async () => {
      const reversed = await reversePayment(t.db, adminCtx(), tz, {
        paymentId: paidAug.payment.id,
        reason: 'ບັນທຶກຜິດ',
      });
      expect(reversed.commission?.amount).toBe(-10_000);
      const paid = await payInvoice(t.db, adminCtx(), tz, { invoiceId: nov, method: 'CASH' });
      expect(paid.commission?.amount).toBe(5000);
    });
    const before = await snapshot();
    expectError(
      await post('compensation/paid', admin.token, {
        agentId: agent.id,
        month: '2025-11',
        reference: 'NOV-1',
      }),
      409,
      lo('errors.noCommissionPending'),
    );
    expect(await snapshot()).toEqual(before);
    // December: +20,000; December's payout pays 20,000 − 5,000 = 15,000 and settles November too.
    await at('2025-12-05T10:00:00+07:00', () =>
      payInvoice(t.db, adminCtx(), tz, { invoiceId: dec, method: 'TRANSFER' }),
    );
    // The list says what each month's payout would pay now: November −5,000 (nothing to pay),
    // December 15,000 (its 20,000 and November's −5,000).
    const listed = await post<Array<{ month: string; pending: number; payable: number }>>(
      'compensation?page=1',
      admin.token,
      { agentId: agent.id },
    );
    expect(
      listed.body.data?.filter((r) => r.month >= '2025-11').map((r) => [r.month, r.pending, r.payable]),
    ).toEqual([
      ['2025-12', 20_000, 15_000],
      ['2025-11', -5000, -5000],
    ]);
    const payout = await post<{ amount: number; commissions: number; month: string }>(
      'compensation/paid',
      admin.token,
      { agentId: agent.id, month: '2025-12', reference: 'DEC-1' },
    );
    expect(payout.statusCode).toBe(200);
    expect(payout.body.data).toMatchObject({ amount: 15_000, commissions: 3, month: '2025-12' });
    const { rows } = await t.db.execute<{ month: string; amount: string; status: string }>(sql`
      select to_char(month, 'YYYY-MM') as month, amount, status from agent_commissions
      where agent_id = ${agent.id} order by created_at, id`);
    expect(rows.map((r) => [r.month, Number(r.amount), r.status])).toEqual([
      ['2025-08', 10_000, 'PAID'],
      ['2025-11', -10_000, 'PAID'],
      ['2025-11', 5000, 'PAID'],
      ['2025-12', 20_000, 'PAID'],
    ]);
    // The list: every month settled; December's row carries the payout (its month is December).
    type Row = { month: string; pending: number; status: string; payouts: Array<{ amount: number }> };
    const list = await post<Row[]>('compensation', admin.token, { agentId: agent.id });
    expect(
      list.body.data?.map((r) => [r.month, r.pending, r.status, r.payouts.map((p) => p.amount)]),
    ).toEqual([
      ['2025-12', 0, 'PAID', [15_000]],
      ['2025-11', 0, 'PAID', []],
      ['2025-08', 0, 'PAID', [10_000]],
    ]);
    expectError(
      await post('compensation/paid', admin.token, {
        agentId: agent.id,
        month: '2025-12',
        reference: 'DEC-2',
      }),
      409,
      lo('errors.noCommissionPending'),
    );
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });
});

describe('payment idempotency key', () => {
  it('the same key again answers the first payment; another invoice, amount or method → 409; nothing written twice', async () => {
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const other = await insertShop(t.db, { agentId: agent.id });
    const id = await packageInvoice(shop.id, 90_000, { agentId: agent.id });
    const otherId = await packageInvoice(other.id, 90_000, { agentId: agent.id });
    await topUp(shop.id, 100_000);
    const k = key();
    const body = { invoiceId: id, amount: 30_000, method: 'WALLET', idempotencyKey: k };
    const first = await post<PayResult>('invoice/paid', admin.token, body);
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const again = await post<PayResult>('invoice/paid', admin.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.body.data?.payment.id).toBe(first.body.data?.payment.id);
    expect(again.body.data?.commission).toEqual(first.body.data?.commission);
    expect(again.body.data?.invoice).toMatchObject({ paid: 30_000, due: 60_000 });
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(shop.id)).toBe(70_000);
    for (const changed of [
      { ...body, amount: 20_000 },
      { ...body, method: 'CASH' },
      { ...body, invoiceId: otherId },
    ])
      expectError(await post('invoice/paid', admin.token, changed), 409, {
        idempotencyKey: lo('errors.idempotencyKeyReused'),
      });
    expect(await snapshot()).toEqual(before);
    // An amount left out (what was due): the retry finds the invoice paid and still answers the payment.
    const k2 = key();
    const rest = await post<PayResult>('invoice/paid', admin.token, {
      invoiceId: id,
      method: 'CASH',
      idempotencyKey: k2,
    });
    expect(rest.body.data?.invoice).toMatchObject({ status: 'PAID', due: 0 });
    const retry = await post<PayResult>('invoice/paid', admin.token, {
      invoiceId: id,
      method: 'CASH',
      idempotencyKey: k2,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.body.data?.payment).toMatchObject({ id: rest.body.data?.payment.id, amount: 60_000 });
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });

  it('the same key sent 8 times at once makes one payment, one wallet debit and one commission; each answers it', async () => {
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const id = await packageInvoice(shop.id, 50_000, { agentId: agent.id });
    await topUp(shop.id, 500_000);
    const body = { invoiceId: id, amount: 10_000, method: 'WALLET', idempotencyKey: key() };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => post<PayResult>('invoice/paid', admin.token, body)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(replies.map((r) => r.body.data?.payment.id)).size).toBe(1);
    const { rows } = await t.db.execute<{ payments: number; debits: number; commissions: number }>(sql`
      select (select count(*)::int from rent_payments where invoice_id = ${id}) as payments,
             (select count(*)::int from wallet_entries where shop_id = ${shop.id} and kind = 'INVOICE_PAYMENT') as debits,
             (select count(*)::int from agent_commissions where invoice_id = ${id}) as commissions`);
    expect(rows[0]).toEqual({ payments: 1, debits: 1, commissions: 1 });
    expect(await balanceOf(shop.id)).toBe(490_000);
    // One key on two invoices at once: one payment; the other is refused.
    const a = await packageInvoice(shop.id, 20_000, { agentId: agent.id, month: '2026-08' });
    const b = await packageInvoice(shop.id, 20_000, { agentId: agent.id, month: '2026-07' });
    const k = key();
    const both = await Promise.all(
      [a, b].map((invoiceId) =>
        post('invoice/paid', admin.token, { invoiceId, method: 'CASH', idempotencyKey: k }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count(`rent_payments where idempotency_key = '${k}'`)).toBe(1);
    expectError(
      await post('invoice/paid', admin.token, { invoiceId: a, method: 'CASH', idempotencyKey: 'x' }),
      400,
      {
        idempotencyKey: lo('validation.idempotencyKey'),
      },
    );
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });
});

type Figures = { topUps: number; promotions: number; agentId?: string | null };
const currentMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: t.config.platformTimezone, year: 'numeric', month: '2-digit' })
    .format(new Date())
    .slice(0, 7);

describe('finance rollup and check', () => {
  it('a top-up stays under the agent of its day after the shop moves to another agent (check, report, rebuild)', async () => {
    const agentA = await insertUser(t.db, 'AGENT');
    const agentB = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agentA.id });
    await topUp(shop.id, 70_000);
    await t.db.execute(sql`update shops set agent_id = ${agentB.id} where id = ${shop.id}`);
    expect(await financeCheck(t.database.pool)).toEqual([]);
    await topUp(shop.id, 30_000);
    const month = currentMonth();
    const report = async () => {
      const res = await post<FinanceReport>('reports/finance', admin.token, { from: month, to: month });
      const agents = res.body.data?.agents ?? [];
      return [agentA.id, agentB.id].map((a) => agents.find((x) => x.agentId === a)?.topUps ?? 0);
    };
    expect(await report()).toEqual([70_000, 30_000]);
    expect(await financeCheck(t.database.pool)).toEqual([]);
    await t.db.execute(sql`select finance_rollup_rebuild(finance_rollup_tz())`);
    expect(await report()).toEqual([70_000, 30_000]);
    const { rows } = await t.db.execute<{ agent_id: string }>(
      sql`select agent_id from wallet_entries where shop_id = ${shop.id} order by seq`,
    );
    expect(rows.map((r) => r.agent_id)).toEqual([agentA.id, agentB.id]);
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });

  it('promotions given are the PROMOTION lines only: an admin’s credit line is not a promotion', async () => {
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const month = '2025-03';
    const promotions = async () => {
      const res = await post<FinanceReport>('reports/finance', admin.token, {
        from: month,
        to: month,
        agentId: agent.id,
      });
      return (res.body.data?.totals as Figures | undefined)?.promotions;
    };
    const id = await invoice(
      shop.id,
      [
        { kind: 'PACKAGE', amount: 100_000 },
        { kind: 'PROMOTION', amount: -10_000 },
        { kind: 'ADJUSTMENT', amount: -5000 },
      ],
      { agentId: agent.id, month, dueDate: '2025-04-10' },
    );
    const second = await insertShop(t.db, { agentId: agent.id });
    await invoice(
      second.id,
      [
        { kind: 'PACKAGE', amount: 40_000 },
        { kind: 'ADJUSTMENT', amount: -8000 },
      ],
      { agentId: agent.id, month, dueDate: '2025-04-10' },
    );
    expect(await promotions()).toBe(10_000);
    expect(await financeCheck(t.database.pool)).toEqual([]);
    // An admin replaces the lines: the promotion gone, a credit of 20,000 instead → 0 promotions.
    const res = await post('invoice/update', admin.token, {
      invoiceId: id,
      reason: 'ປັບລາຄາ',
      lines: [
        { kind: 'PACKAGE', descriptionLo: 'ແພັກເກັດ', quantity: 1, unitPrice: 100_000 },
        { descriptionLo: 'ຫຼຸດພິເສດ', quantity: 1, unitPrice: -20_000 },
      ],
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(await promotions()).toBe(0);
    expect(await financeCheck(t.database.pool)).toEqual([]);
    // The check sees a promotion figure that no longer matches the lines.
    await t.db.execute(sql`update rent_invoices set promotion_discount = 1 where id = ${id}`);
    expect((await financeCheck(t.database.pool)).map((f) => f.check)).toContain(
      'invoice promotion_discount = its PROMOTION lines',
    );
    await t.db.execute(sql`update rent_invoices set promotion_discount = 0 where id = ${id}`);
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });
});

describe('payment date', () => {
  it('an admin’s paidAt before the invoiced month’s first day (platform zone) → 400, nothing written', async () => {
    const shop = await insertShop(t.db);
    const id = await packageInvoice(shop.id, 40_000, { month: '2026-09' });
    const before = await snapshot();
    // 2026-08-31 23:30 in Vientiane is still August there.
    expectError(
      await post('invoice/paid', admin.token, {
        invoiceId: id,
        amount: 1000,
        method: 'CASH',
        paidAt: '2026-08-31T23:30:00+07:00',
      }),
      400,
      { paidAt: lo('validation.paidAtBeforeMonth') },
    );
    expect(await snapshot()).toEqual(before);
    // 2026-08-31 17:00 UTC is 2026-09-01 00:00 in Vientiane: the month's first instant.
    const ok = await post<PayResult>('invoice/paid', admin.token, {
      invoiceId: id,
      amount: 1000,
      method: 'CASH',
      paidAt: '2026-08-31T17:00:00Z',
    });
    expect(ok.statusCode, JSON.stringify(ok.body)).toBe(200);
  });
});
