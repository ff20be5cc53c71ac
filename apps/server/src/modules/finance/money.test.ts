import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { translate } from '@parking-hub/contracts/messages';
import { commissionOf } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asSuperuser,
  call,
  createTestApp,
  expectError,
  insertShop,
  insertUser,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { financeCheck } from './finance.check.ts';
import {
  FINANCE_REPORT_DIRECT_SQL,
  FINANCE_REPORT_SQL,
  financeReport,
  foldFinance,
  monthsBetween,
} from './finance.report.ts';
import { moneyHelpers } from './money.test-support.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
});
afterAll(() => t.close());

const lo = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
  translate('lo', key, params);
const post = <T = Record<string, unknown>>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const get = <T = Record<string, unknown>>(path: string, token: string) =>
  call<T>(t.app, 'GET', path, { token });

async function invoiceRow(id: string) {
  const { rows } = await t.db.execute<{ status: string; paid: string; total: string }>(
    sql`select status, paid, total from rent_invoices where id = ${id}`,
  );
  return { status: rows[0]?.status, paid: Number(rows[0]?.paid), total: Number(rows[0]?.total) };
}
const { snapshot, balanceOf, key, topUp, invoice } = moneyHelpers(
  () => t,
  () => admin.token,
);

type PayResult = {
  payment: { id: string; amount: number; method: string; reversesId: string | null };
  invoice: { status: string; paid: number; due: number; number: string };
  walletBalance: number;
  commission: { amount: number; agentId: string } | null;
};

describe('paying an invoice', () => {
  it('in parts: UNPAID → PARTLY_PAID → PAID, each payment with its commission pro rata, audited', async () => {
    const agent = await insertUser(t.db, 'AGENT', { commissionRateBp: 1250 });
    const shop = await insertShop(t.db, { agentId: agent.id });
    const id = await invoice(shop.id, 1_000_001, { agentId: agent.id });
    const first = await post<PayResult>('invoice/paid', admin.token, {
      invoiceId: id,
      amount: 333_333,
      method: 'CASH',
      reference: 'R-1',
    });
    expect(first.statusCode).toBe(200);
    expect(first.body.message).toBe(
      lo('success.invoicePaid', { amount: '333,333', number: first.body.data?.invoice.number ?? '' }),
    );
    expect(first.body.data?.invoice).toMatchObject({ status: 'PARTLY_PAID', paid: 333_333, due: 666_668 });
    expect(first.body.data?.commission).toEqual(
      expect.objectContaining({ agentId: agent.id, amount: commissionOf(333_333, 1250) }),
    );
    // Left out: the rest.
    const rest = await post<PayResult>('invoice/paid', admin.token, { invoiceId: id, method: 'TRANSFER' });
    expect(rest.body.data?.invoice).toMatchObject({ status: 'PAID', paid: 1_000_001, due: 0 });
    expect(rest.body.data?.payment.amount).toBe(666_668);
    const { rows } = await t.db.execute<{
      amount: string;
      base: string;
      rate_bp: number;
      month: string;
      status: string;
    }>(
      sql`select amount, base, rate_bp, to_char(month, 'YYYY-MM-DD') as month, status from agent_commissions where invoice_id = ${id} order by base`,
    );
    expect(rows.map((r) => [Number(r.base), Number(r.amount), r.rate_bp, r.status])).toEqual([
      [333_333, commissionOf(333_333, 1250), 1250, 'PENDING'],
      [666_668, commissionOf(666_668, 1250), 1250, 'PENDING'],
    ]);
    const audits = await t.db.execute<{ action: string }>(
      sql`select action from audit_events where entity_id = ${id} order by id`,
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['invoice.pay', 'invoice.pay']);
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });

  it('refuses a paid or void invoice, an amount over what is due or not whole kip, writing nothing', async () => {
    const shop = await insertShop(t.db);
    const paid = await invoice(shop.id, 50_000);
    await post('invoice/paid', admin.token, { invoiceId: paid, method: 'CASH' });
    const voided = await invoice(shop.id, 70_000, { month: '2026-08' });
    await t.db.execute(sql`update rent_invoices set status = 'VOID', voided_at = now() where id = ${voided}`);
    const open = await invoice(shop.id, 80_000, { month: '2026-07' });
    const before = await snapshot();
    const { rows } = await t.db.execute<{ id: string; number: string }>(
      sql`select id, number from rent_invoices where id in (${paid}, ${voided})`,
    );
    const num = (id: string) => rows.find((r) => r.id === id)?.number ?? '';
    expectError(
      await post('invoice/paid', admin.token, { invoiceId: paid, method: 'CASH' }),
      409,
      lo('errors.invoicePaid', { number: num(paid) }),
    );
    expectError(
      await post('invoice/paid', admin.token, { invoiceId: voided, method: 'QR' }),
      409,
      lo('errors.invoiceVoid', { number: num(voided) }),
    );
    const over = await post('invoice/paid', admin.token, { invoiceId: open, amount: 80_001, method: 'CASH' });
    expectError(over, 409, { amount: lo('errors.amountOverDue', { due: '80,000' }) });
    expectError(
      await post('invoice/paid', admin.token, { invoiceId: open, amount: 10.5, method: 'CASH' }),
      400,
      { amount: lo('validation.rentAmount') },
    );
    expectError(
      await post('invoice/paid', admin.token, { invoiceId: open, amount: 0, method: 'CASH' }),
      400,
      { amount: lo('validation.rentAmount') },
    );
    expectError(await post('invoice/paid', admin.token, { invoiceId: open, method: 'CHEQUE' }), 400, {
      method: lo('validation.rentMethod'),
    });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expectError(
      await post('invoice/paid', admin.token, { invoiceId: open, method: 'CASH', paidAt: future }),
      400,
      { paidAt: lo('validation.paidAtFuture') },
    );
    expect(await snapshot()).toEqual(before);
    expect(await invoiceRow(open)).toEqual({ status: 'UNPAID', paid: 0, total: 80_000 });
  });

  it('from the wallet: one transaction with the entry; beyond the balance → 409, nothing written', async () => {
    const shop = await insertShop(t.db);
    const id = await invoice(shop.id, 120_000);
    await topUp(shop.id, 100_000);
    const before = await snapshot();
    const res = await post('invoice/paid', admin.token, { invoiceId: id, method: 'WALLET' });
    expectError(res, 409, {
      method: lo('errors.walletInsufficient', { balance: '100,000', amount: '120,000' }),
    });
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(shop.id)).toBe(100_000);
    const part = await post<PayResult>('invoice/paid', admin.token, {
      invoiceId: id,
      amount: 100_000,
      method: 'WALLET',
    });
    expect(part.statusCode).toBe(200);
    expect(part.body.data?.walletBalance).toBe(0);
    expect(part.body.data?.invoice).toMatchObject({ status: 'PARTLY_PAID', paid: 100_000 });
    const { rows } = await t.db.execute<{
      kind: string;
      amount: string;
      balance_after: string;
      payment_id: string;
    }>(
      sql`select kind, amount, balance_after, payment_id from wallet_entries where shop_id = ${shop.id} order by seq`,
    );
    expect(rows.map((r) => [r.kind, Number(r.amount), Number(r.balance_after)])).toEqual([
      ['TOP_UP', 100_000, 100_000],
      ['INVOICE_PAYMENT', -100_000, 0],
    ]);
    expect(rows[1]?.payment_id).toBe(part.body.data?.payment.id);
  });

  it('a manager pays their own shop’s invoice from the wallet only; another shop’s is not found', async () => {
    const main = await insertShop(t.db);
    const branch = await insertShop(t.db, { parentId: main.id });
    const other = await insertShop(t.db);
    const manager = await signedIn(t, 'MANAGER', { shopId: branch.id });
    const agentOfShop = await insertUser(t.db, 'AGENT');
    const own = await invoice(main.id, 40_000, { agentId: agentOfShop.id });
    const theirs = await invoice(other.id, 40_000);
    await topUp(main.id, 100_000);
    await topUp(other.id, 100_000);
    const before = await snapshot();
    expectError(
      await post('invoice/paid', manager.token, { invoiceId: own, method: 'CASH' }),
      403,
      lo('errors.forbidden'),
    );
    expectError(
      await post('invoice/paid', manager.token, { invoiceId: theirs, method: 'WALLET' }),
      404,
      lo('errors.invoiceNotFound'),
    );
    expect(await snapshot()).toEqual(before);
    const paid = await post<PayResult>('invoice/paid', manager.token, { invoiceId: own, method: 'WALLET' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.data?.invoice.status).toBe('PAID');
    // The agent earned their commission, but what an agent earns is not the shop's to read.
    expect(paid.body.data?.commission).toBeNull();
    const earned = await t.db.execute<{ amount: string }>(
      sql`select amount from agent_commissions where payment_id = ${paid.body.data?.payment.id ?? ''}`,
    );
    expect(earned.rows).toHaveLength(1);
    expect(Number(earned.rows[0]?.amount)).toBeGreaterThan(0);
    expect(await balanceOf(main.id)).toBe(60_000);
    expect(await balanceOf(other.id)).toBe(100_000);
    // Agents and shop staff do not pay.
    const agent = await signedIn(t, 'AGENT');
    const staff = await signedIn(t, 'SHOP', { shopId: main.id });
    const open = await invoice(main.id, 1000, { month: '2026-06' });
    expectError(
      await post('invoice/paid', agent.token, { invoiceId: open, method: 'CASH' }),
      403,
      lo('errors.forbidden'),
    );
    expectError(
      await post('invoice/paid', staff.token, { invoiceId: open, method: 'WALLET' }),
      403,
      lo('errors.forbidden'),
    );
  });

  it('20 wallet payments of 20 invoices at once with money for 10: exactly 10 succeed, the balance ends exact', async () => {
    const shop = await insertShop(t.db);
    const ids = [];
    for (let i = 0; i < 20; i++)
      ids.push(
        await invoice(shop.id, 50_000, {
          month: `20${10 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
        }),
      );
    await topUp(shop.id, 500_000 + 1234);
    const results = await Promise.all(
      ids.map((invoiceId) => post('invoice/paid', admin.token, { invoiceId, method: 'WALLET' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect(await balanceOf(shop.id)).toBe(1234);
    const { rows } = await t.db.execute<{ n: number; paid: string }>(
      sql`select count(*)::int as n, sum(paid) as paid from rent_invoices where shop_id = ${shop.id} and status = 'PAID'`,
    );
    expect(rows[0]).toEqual({ n: 10, paid: '500000' });
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });

  it('a reversal: a negative row, the wallet refunded, the commission reversed in the reversal’s month; only once', async () => {
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const id = await invoice(shop.id, 90_000, { agentId: agent.id });
    await topUp(shop.id, 90_000);
    const paid = await post<PayResult>('invoice/paid', admin.token, { invoiceId: id, method: 'WALLET' });
    // The default rate (10 %).
    expect(paid.body.data?.commission?.amount).toBe(9000);
    const paymentId = paid.body.data?.payment.id ?? '';
    expectError(await post('invoice/payment/reverse', admin.token, { paymentId, reason: 'x' }), 400, {
      reason: lo('validation.reasonRequired'),
    });
    const reversed = await post<PayResult>('invoice/payment/reverse', admin.token, {
      paymentId,
      reason: 'ບັນທຶກຜິດ',
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.body.data?.payment).toMatchObject({
      amount: -90_000,
      method: 'WALLET',
      reversesId: paymentId,
    });
    expect(reversed.body.data?.invoice).toMatchObject({ status: 'UNPAID', paid: 0, due: 90_000 });
    expect(reversed.body.data?.commission?.amount).toBe(-9000);
    expect(await balanceOf(shop.id)).toBe(90_000);
    const before = await snapshot();
    expectError(
      await post('invoice/payment/reverse', admin.token, { paymentId, reason: 'ອີກຄັ້ງ' }),
      409,
      lo('errors.paymentReversed'),
    );
    expect(await snapshot()).toEqual(before);
    const manager = await signedIn(t, 'MANAGER', { shopId: shop.id });
    expectError(
      await post('invoice/payment/reverse', manager.token, { paymentId, reason: 'ບັນທຶກຜິດ' }),
      403,
      lo('errors.forbidden'),
    );
    const { rows } = await t.db.execute<{ kind: string }>(
      sql`select kind from wallet_entries where shop_id = ${shop.id} order by seq`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['TOP_UP', 'INVOICE_PAYMENT', 'REFUND']);
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });
});

type Entry = { id: string; amount: number; balanceAfter: number; kind: string; shopId: string };
describe('wallet', () => {
  it('top-up: 201, then the same key answers the first entry (200, created false); another amount → 409', async () => {
    const main = await insertShop(t.db);
    const branch = await insertShop(t.db, { parentId: main.id });
    const idempotencyKey = key();
    const body = {
      shopId: branch.id,
      amount: 250_000,
      method: 'TRANSFER',
      reference: 'BCEL 1',
      idempotencyKey,
    };
    const first = await post<{ entry: Entry; created: boolean }>('wallet/top-up', admin.token, body);
    expect(first.statusCode).toBe(201);
    // A branch's money goes to its main shop's wallet.
    expect(first.body.data?.entry).toMatchObject({
      shopId: main.id,
      amount: 250_000,
      balanceAfter: 250_000,
      kind: 'TOP_UP',
    });
    expect(first.body.message).toBe(lo('success.topUp', { amount: '250,000', balance: '250,000' }));
    const again = await post<{ entry: Entry; created: boolean }>('wallet/top-up', admin.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toEqual({ entry: first.body.data?.entry, created: false });
    expect(again.body.message).toBe(lo('success.topUpRepeated', { balance: '250,000' }));
    const before = await snapshot();
    expectError(await post('wallet/top-up', admin.token, { ...body, amount: 1 }), 409, {
      idempotencyKey: lo('errors.idempotencyKeyReused'),
    });
    const other = await insertShop(t.db);
    expectError(await post('wallet/top-up', admin.token, { ...body, shopId: other.id }), 409, {
      idempotencyKey: lo('errors.idempotencyKeyReused'),
    });
    expectError(
      await post('wallet/top-up', admin.token, { ...body, amount: 0, idempotencyKey: key() }),
      400,
      { amount: lo('validation.rentAmount') },
    );
    expectError(
      await post('wallet/top-up', admin.token, { ...body, amount: -5, idempotencyKey: key() }),
      400,
      { amount: lo('validation.rentAmount') },
    );
    expectError(
      await post('wallet/top-up', admin.token, { ...body, amount: 99.9, idempotencyKey: key() }),
      400,
      { amount: lo('validation.rentAmount') },
    );
    expectError(await post('wallet/top-up', admin.token, { ...body, idempotencyKey: 'short' }), 400, {
      idempotencyKey: lo('validation.idempotencyKey'),
    });
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(main.id)).toBe(250_000);
  });

  it('10 identical top-ups at once make one entry; each answers it', async () => {
    const shop = await insertShop(t.db);
    const body = { shopId: shop.id, amount: 10_000, method: 'CASH', idempotencyKey: key() };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post<{ entry: Entry; created: boolean }>('wallet/top-up', admin.token, body),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((r) => r.body.data?.entry.id)).size).toBe(1);
    expect(results.filter((r) => r.body.data?.created)).toHaveLength(1);
    expect(await balanceOf(shop.id)).toBe(10_000);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from wallet_entries where shop_id = ${shop.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('entries inserted at once by any code (no lock taken first) keep seq in the order the balance moved', async () => {
    const shop = await insertShop(t.db);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into wallet_entries (shop_id, kind, amount) values (${shop.id}, 'TOP_UP', ${1000 + i})`,
          );
          // Hold the wallet a moment: the other inserts have formed their rows and wait.
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
    );
    const { rows } = await t.db.execute<{ amount: string; balance_after: string }>(
      sql`select amount, balance_after from wallet_entries where shop_id = ${shop.id} order by seq`,
    );
    let running = 0;
    for (const r of rows) {
      running += Number(r.amount);
      expect(Number(r.balance_after)).toBe(running);
    }
    expect(rows).toHaveLength(12);
  });

  it('adjust: a reason is required, never below 0, audited', async () => {
    const shop = await insertShop(t.db);
    await topUp(shop.id, 30_000);
    const before = await snapshot();
    const base = { shopId: shop.id, amount: -10_000, idempotencyKey: key() };
    expectError(await post('wallet/adjust', admin.token, base), 400, {
      reason: lo('validation.reasonRequired'),
    });
    expectError(await post('wallet/adjust', admin.token, { ...base, reason: '  ' }), 400, {
      reason: lo('validation.reasonRequired'),
    });
    expectError(await post('wallet/adjust', admin.token, { ...base, amount: 0, reason: 'ປັບຍອດ' }), 400, {
      amount: lo('validation.rentAmount'),
    });
    expectError(
      await post('wallet/adjust', admin.token, { ...base, amount: -30_001, reason: 'ປັບຍອດ' }),
      409,
      { amount: lo('errors.walletBelowZero', { balance: '30,000' }) },
    );
    expect(await snapshot()).toEqual(before);
    const ok = await post<{ entry: Entry }>('wallet/adjust', admin.token, { ...base, reason: 'ປັບຍອດ' });
    expect(ok.statusCode).toBe(201);
    expect(ok.body.data?.entry).toMatchObject({ kind: 'ADJUSTMENT', amount: -10_000, balanceAfter: 20_000 });
    const audits = await t.db.execute<{ action: string }>(
      sql`select action from audit_events where entity_id = ${shop.id} order by id`,
    );
    expect(audits.rows.map((r) => r.action)).toEqual(['wallet.top_up', 'wallet.adjust']);
  });

  it('GET: admins all; an agent their shops; a manager their main shop; shop staff 403; nobody another’s', async () => {
    const agent = await signedIn(t, 'AGENT');
    const mine = await insertShop(t.db, { agentId: agent.id, name: unique('Mine ') });
    const branch = await insertShop(t.db, { parentId: mine.id, agentId: agent.id });
    const notMine = await insertShop(t.db, { name: unique('Other ') });
    await topUp(mine.id, 70_000);
    await topUp(notMine.id, 5_000);
    await invoice(mine.id, 20_000, { month: '2026-05' });
    const manager = await signedIn(t, 'MANAGER', { shopId: branch.id });
    const staff = await signedIn(t, 'SHOP', { shopId: mine.id });
    type Detail = { wallet: { shopId: string; balance: number; due: number }; entries: Entry[] };
    type List = { wallets: Array<{ shopId: string; balance: number }>; totalBalance: number };
    for (const who of [admin, agent, manager]) {
      const detail = await get<Detail>(`wallet?shopId=${branch.id}`, who.token);
      expect(detail.statusCode).toBe(200);
      expect(detail.body.data?.wallet).toMatchObject({ shopId: mine.id, balance: 70_000, due: 20_000 });
      expect(detail.body.data?.entries.map((e) => e.amount)).toEqual([70_000]);
    }
    for (const who of [agent, manager])
      expectError(await get(`wallet?shopId=${notMine.id}`, who.token), 404, lo('errors.shopNotFound'));
    expectError(await get(`wallet?shopId=${mine.id}`, staff.token), 403, lo('errors.forbidden'));
    const agentList = await get<List>('wallet', agent.token);
    expect(agentList.body.data).toEqual({
      wallets: [expect.objectContaining({ shopId: mine.id, balance: 70_000 })],
      totalBalance: 70_000,
    });
    expect(agentList.body.meta).toMatchObject({ total: 1 });
    const managerList = await get<List>('wallet', manager.token);
    expect(managerList.body.data?.wallets.map((w) => w.shopId)).toEqual([mine.id]);
    const all = await get<List>('wallet?pageSize=100', admin.token);
    const { rows } = await t.db.execute<{ b: string }>(
      sql`select coalesce(sum(balance), 0) as b from wallets`,
    );
    expect(all.body.data?.totalBalance).toBe(Number(rows[0]?.b));
    // Top-ups and adjustments are admins' only.
    for (const who of [agent, manager, staff])
      expectError(
        await post('wallet/top-up', who.token, {
          shopId: mine.id,
          amount: 1,
          method: 'CASH',
          idempotencyKey: key(),
        }),
        403,
        lo('errors.forbidden'),
      );
  });
});

type CompRow = {
  agentId: string;
  month: string;
  base: number;
  amount: number;
  paid: number;
  pending: number;
  status: string;
};
describe('compensation', () => {
  it('per agent and month; an agent sees only their own; admins pay the pending out once; rates', async () => {
    const agentA = await signedIn(t, 'AGENT');
    const agentB = await signedIn(t, 'AGENT');
    const rate = await post<{ rateBp: number; effectiveBp: number }>('compensation/rate', admin.token, {
      agentId: agentA.id,
      ratePercent: 7.5,
    });
    expect(rate.body.data).toMatchObject({ rateBp: 750, effectiveBp: 750 });
    expectError(
      await post('compensation/rate', admin.token, { agentId: agentA.id, ratePercent: 7.555 }),
      400,
      { ratePercent: lo('validation.commissionRate') },
    );
    const shopA = await insertShop(t.db, { agentId: agentA.id });
    const shopB = await insertShop(t.db, { agentId: agentB.id });
    const invA = await invoice(shopA.id, 200_000, { agentId: agentA.id });
    const invB = await invoice(shopB.id, 100_000, { agentId: agentB.id });
    const paidAt = '2026-10-15T10:00:00+07:00';
    await post('invoice/paid', admin.token, { invoiceId: invA, amount: 123_457, method: 'CASH', paidAt });
    await post('invoice/paid', admin.token, { invoiceId: invB, method: 'QR', paidAt });
    const mineA = await post<CompRow[]>('compensation', agentA.token, { month: '2026-10' });
    expect(mineA.body.data).toEqual([
      expect.objectContaining({
        agentId: agentA.id,
        month: '2026-10',
        base: 123_457,
        amount: commissionOf(123_457, 750),
        pending: commissionOf(123_457, 750),
        status: 'PENDING',
      }),
    ]);
    expectError(
      await post('compensation', agentA.token, { agentId: agentB.id }),
      403,
      lo('errors.forbidden'),
    );
    expectError(
      await post('compensation/detail', agentA.token, { agentId: agentB.id, month: '2026-10' }),
      403,
      lo('errors.forbidden'),
    );
    const detail = await post<Array<{ amount: number; invoiceId: string }>>(
      'compensation/detail',
      agentA.token,
      { agentId: agentA.id, month: '2026-10' },
    );
    expect(detail.body.data).toEqual([
      expect.objectContaining({ invoiceId: invA, amount: commissionOf(123_457, 750) }),
    ]);
    const all = await post<CompRow[]>('compensation?page=1', admin.token, { month: '2026-10' });
    expect(all.body.data?.map((r) => r.agentId).sort()).toEqual([agentA.id, agentB.id].sort());
    // Pay A's month out.
    for (const who of [agentA])
      expectError(
        await post('compensation/paid', who.token, {
          agentId: agentA.id,
          month: '2026-10',
          reference: 'T-1',
        }),
        403,
        lo('errors.forbidden'),
      );
    expectError(
      await post('compensation/paid', admin.token, { agentId: agentA.id, month: '2026-10', reference: ' ' }),
      400,
      { reference: lo('validation.payoutReference') },
    );
    const payout = await post<{ amount: number; commissions: number }>('compensation/paid', admin.token, {
      agentId: agentA.id,
      month: '2026-10',
      reference: 'BCEL-77',
    });
    expect(payout.statusCode).toBe(200);
    expect(payout.body.data).toMatchObject({ amount: commissionOf(123_457, 750), commissions: 1 });
    const before = await snapshot();
    expectError(
      await post('compensation/paid', admin.token, {
        agentId: agentA.id,
        month: '2026-10',
        reference: 'BCEL-78',
      }),
      409,
      lo('errors.noCommissionPending'),
    );
    expect(await snapshot()).toEqual(before);
    const after = await post<CompRow[]>('compensation', agentA.token, { month: '2026-10' });
    expect(after.body.data?.[0]).toMatchObject({
      paid: commissionOf(123_457, 750),
      pending: 0,
      status: 'PAID',
    });
    const rates = await get<Array<{ agentId: string; rateBp: number | null; effectiveBp: number }>>(
      'compensation/rates',
      admin.token,
    );
    expect(rates.body.data?.find((r) => r.agentId === agentB.id)).toMatchObject({
      rateBp: null,
      effectiveBp: 1000,
    });
    expectError(await get('compensation/rates', agentA.token), 403, lo('errors.forbidden'));
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });
});

describe('finance settings', () => {
  it('admins read and save them (audited); bad values refused', async () => {
    const read = await get<{ dueDay: number; defaultCommissionBp: number }>('finance/settings', admin.token);
    expect(read.body.data).toEqual({ dueDay: 10, defaultCommissionBp: 1000 });
    expectError(await post('finance/settings', admin.token, { dueDay: 29, defaultCommissionBp: 1000 }), 400, {
      dueDay: lo('validation.dueDay'),
    });
    const saved = await post('finance/settings', admin.token, { dueDay: 15, defaultCommissionBp: 1000 });
    expect(saved.body.message).toBe(lo('success.financeSettingsSaved'));
    expect((await get('finance/settings', admin.token)).body.data).toEqual({
      dueDay: 15,
      defaultCommissionBp: 1000,
    });
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'finance.settings'`,
    );
    expect(rows[0]?.n).toBe(1);
    await post('finance/settings', admin.token, { dueDay: 10, defaultCommissionBp: 1000 });
    const agent = await signedIn(t, 'AGENT');
    expectError(await get('finance/settings', agent.token), 403, lo('errors.forbidden'));
  });
});

type Figures = Record<string, number>;
type Report = {
  months: Array<Figures & { month: string }>;
  agents: Array<Figures & { agentId: string | null }>;
  totals: Figures;
  walletBalance: number;
};

/** The month ('YYYY-MM') an instant falls in, in the platform's zone. */
const monthIn = (d: Date, tz: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(d).slice(0, 7);

describe('finance report', () => {
  it('per month, per agent and in total equals a brute-force sum over the rows', async () => {
    const tz = t.config.platformTimezone;
    const agents = [
      await insertUser(t.db, 'AGENT', { commissionRateBp: 500 }),
      await insertUser(t.db, 'AGENT'),
    ];
    let rnd = 42;
    const next = (n: number) => {
      rnd = (rnd * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(rnd / 65_536) % n;
    };
    const methods = ['CASH', 'TRANSFER', 'QR', 'WALLET'] as const;
    for (let s = 0; s < 8; s++) {
      const agentId = s < 6 ? (agents[s % 2]?.id ?? null) : null;
      const shop = await insertShop(t.db, { agentId });
      await topUp(shop.id, 5_000_000);
      for (let m = 1; m <= 9; m++) {
        if (next(4) === 0) continue;
        const month = `2025-${String(m).padStart(2, '0')}`;
        const total = 10_000 + next(500) * 1000;
        const id = await invoice(shop.id, total, {
          agentId,
          month,
          dueDate: `2025-${String(m + 1).padStart(2, '0')}-10`,
        });
        if (next(5) === 0) {
          await t.db.execute(sql`update rent_invoices set status = 'VOID' where id = ${id}`);
          continue;
        }
        const parts = next(3);
        for (let p = 0; p < parts; p++) {
          const day = 1 + next(27);
          // Around the month's edge in Vientiane: the 1st at 00:30 local is still the month before in UTC.
          const paidAt = `2025-${String(m + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:30:00+07:00`;
          const amount = p === parts - 1 ? undefined : 1 + next(total / 2);
          const res = await post<PayResult>('invoice/paid', admin.token, {
            invoiceId: id,
            amount,
            method: methods[next(4)],
            paidAt,
          });
          if (res.statusCode !== 200) throw new Error(JSON.stringify(res.body));
          if (next(6) === 0)
            await post('invoice/payment/reverse', admin.token, {
              paymentId: res.body.data?.payment.id,
              reason: 'ທົດລອງກັບຄືນ',
            });
        }
      }
    }
    const from = '2025-01';
    const to = '2026-12';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
    const inRange = (m: string) => m >= from && m <= to;
    const expected = new Map<string, Figures>();
    const bump = (month: string, agent: string | null, field: string, v: number) => {
      for (const k of [`m:${month}`, `a:${agent ?? ''}`, 'total']) {
        const f = expected.get(k) ?? {};
        f[field] = (f[field] ?? 0) + v;
        expected.set(k, f);
      }
    };
    const inv = await t.db.execute<{
      m: string;
      a: string | null;
      status: string;
      total: string;
      paid: string;
      discount: string;
      due: string;
    }>(
      sql`select to_char(month, 'YYYY-MM') as m, agent_id as a, status, total, paid, discount, due_date::text as due from rent_invoices`,
    );
    for (const r of inv.rows) {
      if (r.status === 'VOID' || !inRange(r.m)) continue;
      bump(r.m, r.a, 'invoiced', Number(r.total));
      bump(r.m, r.a, 'invoices', 1);
      bump(r.m, r.a, 'promotions', Number(r.discount));
      bump(r.m, r.a, 'outstanding', Number(r.total) - Number(r.paid));
      if (r.due < today) bump(r.m, r.a, 'overdue', Number(r.total) - Number(r.paid));
    }
    const pays = await t.db.execute<{ at: Date; a: string | null; method: string; amount: string }>(
      sql`select p.paid_at as at, i.agent_id as a, p.method, p.amount from rent_payments p join rent_invoices i on i.id = p.invoice_id`,
    );
    const field = {
      CASH: 'paidCash',
      TRANSFER: 'paidTransfer',
      QR: 'paidQr',
      WALLET: 'paidWallet',
    } as Record<string, string>;
    for (const r of pays.rows) {
      const m = monthIn(new Date(r.at), tz);
      if (!inRange(m)) continue;
      bump(m, r.a, field[r.method] ?? '', Number(r.amount));
      bump(m, r.a, 'paid', Number(r.amount));
    }
    const tops = await t.db.execute<{ at: Date; a: string | null; amount: string }>(
      sql`select e.created_at as at, s.agent_id as a, e.amount from wallet_entries e join shops s on s.id = e.shop_id where e.kind = 'TOP_UP'`,
    );
    for (const r of tops.rows) {
      const m = monthIn(new Date(r.at), tz);
      if (inRange(m)) bump(m, r.a, 'topUps', Number(r.amount));
    }
    const coms = await t.db.execute<{ m: string; a: string; amount: string; status: string }>(
      sql`select to_char(month, 'YYYY-MM') as m, agent_id as a, amount, status from agent_commissions`,
    );
    for (const r of coms.rows) {
      if (!inRange(r.m)) continue;
      bump(r.m, r.a, 'commissions', Number(r.amount));
      if (r.status === 'PAID') bump(r.m, r.a, 'commissionsPaid', Number(r.amount));
    }
    const res = await post<Report>('reports/finance', admin.token, { from, to });
    expect(res.statusCode).toBe(200);
    const report = res.body.data as Report;
    const nonZero = (f: Figures) =>
      Object.fromEntries(
        Object.entries(f).filter(
          ([k, v]) => v !== 0 && k !== 'month' && k !== 'agentId' && k !== 'agentName',
        ),
      );
    expect(report.months).toHaveLength(24);
    expect(report.totals.invoices).toBeGreaterThan(20);
    expect(report.totals.paidWallet).toBeGreaterThan(0);
    for (const m of report.months) expect(nonZero(m)).toEqual(nonZero(expected.get(`m:${m.month}`) ?? {}));
    for (const a of report.agents)
      expect(nonZero(a)).toEqual(nonZero(expected.get(`a:${a.agentId ?? ''}`) ?? {}));
    expect(nonZero(report.totals)).toEqual(nonZero(expected.get('total') ?? {}));
    const wallets = await t.db.execute<{ b: string }>(
      sql`select coalesce(sum(balance), 0) as b from wallets`,
    );
    expect(report.walletBalance).toBe(Number(wallets.rows[0]?.b));
    // The rollup was read (its zone is the platform's); the same report made from the rows agrees.
    const zone = await t.db.execute<{ tz: string }>(sql`select finance_rollup_tz() as tz`);
    expect(zone.rows[0]?.tz).toBe(tz);
    const params = [`${from}-01`, `${to}-01`, null, today];
    const viaRollup = await t.database.pool.query({ text: FINANCE_REPORT_SQL, values: params });
    const direct = await t.database.pool.query({ text: FINANCE_REPORT_DIRECT_SQL, values: [...params, tz] });
    const months = monthsBetween(from, to);
    expect(foldFinance(direct.rows, months, report.walletBalance)).toEqual(
      foldFinance(viaRollup.rows, months, report.walletBalance),
    );
    expect(foldFinance(viaRollup.rows, months, report.walletBalance)).toEqual(report);
    // A platform zone that is not the rollup's: the report is made from the rows in that zone
    // (Asia/Bangkok keeps Vientiane's offset, so the figures are the same).
    expect(await financeReport(t.db, 'Asia/Bangkok', today, { from, to })).toEqual(report);
    // One agent: their figures only, and their shops' wallets.
    const one = await post<Report>('reports/finance', admin.token, { from, to, agentId: agents[0]?.id });
    expect(one.body.data?.agents.map((a) => a.agentId)).toEqual([agents[0]?.id]);
    expect(nonZero(one.body.data?.totals ?? {})).toEqual(nonZero(expected.get(`a:${agents[0]?.id}`) ?? {}));
    const theirs = await t.db.execute<{ b: string }>(
      sql`select coalesce(sum(w.balance), 0) as b from wallets w join shops s on s.id = w.shop_id where s.agent_id = ${agents[0]?.id ?? ''}`,
    );
    expect(one.body.data?.walletBalance).toBe(Number(theirs.rows[0]?.b));
    // At most 36 months; admins only.
    expectError(await post('reports/finance', admin.token, { from: '2023-01', to: '2026-01' }), 400, {
      to: lo('validation.monthRangeTooLong', { months: 36 }),
    });
    expectError(await post('reports/finance', admin.token, { from: '2026-02', to: '2026-01' }), 400, {
      to: lo('validation.monthRange'),
    });
    const agent = await signedIn(t, 'AGENT');
    expectError(await post('reports/finance', agent.token, { from, to }), 403, lo('errors.forbidden'));
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });
});

describe('finance:check', () => {
  it('passes on a clean database and finds each deliberately broken row', async () => {
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/scripts/finance-check.ts'],
          { cwd: repoRoot, env: { ...process.env, DATABASE_URL: t.url } },
          (err, stdout) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout }),
        );
      });
    const clean = await run();
    expect(clean.out).toMatch(/^finance OK: /);
    expect(clean.code).toBe(0);
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    await topUp(shop.id, 10_000);
    const id = await invoice(shop.id, 8000, { agentId: agent.id });
    await post('invoice/paid', admin.token, { invoiceId: id, amount: 3000, method: 'CASH' });
    expect(await financeCheck(t.database.pool)).toEqual([]);
    // As the superuser with the triggers off: a wallet that no longer matches its ledger, a payment
    // the invoice never counted (and with no commission), a line that no longer adds up.
    await asSuperuser(
      t,
      `set session_replication_role = replica;
       update wallets set balance = balance + 1 where shop_id = '${shop.id}';
       insert into rent_payments (invoice_id, shop_id, amount, method) values ('${id}', '${shop.id}', 500, 'CASH');
       update rent_invoice_lines set unit_price = 8001, amount = 8001 where invoice_id = '${id}';`,
    );
    const found = await financeCheck(t.database.pool);
    expect(found.map((f) => f.check).sort()).toEqual(
      [
        'invoice paid = sum of its payments, status from it',
        'invoice subtotal/discount/total = its lines',
        'finance report rollup = the money rows (finance_monthly)',
        'payment on an agent’s invoice has exactly one commission of the right amount',
        'wallet balance = sum of its entries',
      ].sort(),
    );
    expect(found.find((f) => f.check.startsWith('wallet balance'))).toMatchObject({
      id: shop.id,
      expected: '10000',
      actual: '10001',
    });
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain('finance check FOUND 5 mismatches');
  });
});
