import { calendarDate } from '@parking-hub/contracts/business-day';
import { translate } from '@parking-hub/contracts/messages';
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
} from '../../test/harness.ts';
import { nextMonth } from '../rent/generation.ts';
import { moneyHelpers } from './money.test-support.ts';

/**
 * Issue 15, second review: amounts that are not numbers, a top-up key reused with another method
 * or reference, a payout of a month not yet begun, a charge recorded once whatever the retries,
 * and what the database itself refuses on the money tables whatever the code does.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
});
afterAll(() => t.close());

const lo = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
  translate('lo', key, params);
const post = <T = Record<string, unknown>>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const { count, snapshot, balanceOf, key, topUp, invoice } = moneyHelpers(
  () => t,
  () => admin.token,
);

/** The database's refusal of a statement run as the superuser (the app's own rules bypassed). */
async function refused(text: string, values: unknown[] = []): Promise<string> {
  try {
    await asSuperuser(t, text, values);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`not refused: ${text}`);
}

describe('amounts are numbers', () => {
  it('a top-up, an adjustment or a payment of true, [5000], hex, an exponent or an empty text is refused in Lao, nothing written', async () => {
    const shop = await insertShop(t.db);
    const id = await invoice(shop.id, 50_000);
    const before = await snapshot();
    for (const amount of [true, [5000], '0x10', '1e4', '', ' ']) {
      expectError(
        await post('wallet/top-up', admin.token, {
          shopId: shop.id,
          amount,
          method: 'CASH',
          idempotencyKey: key(),
        }),
        400,
        { amount: lo('validation.rentAmount') },
      );
      expectError(
        await post('wallet/adjust', admin.token, {
          shopId: shop.id,
          amount,
          reason: 'ນັບຜິດ',
          idempotencyKey: key(),
        }),
        400,
        { amount: lo('validation.rentAmount') },
      );
      expectError(await post('invoice/paid', admin.token, { invoiceId: id, amount, method: 'CASH' }), 400, {
        amount: lo('validation.rentAmount'),
      });
    }
    expect(await snapshot()).toEqual(before);
    // Digits as text are still an amount (what a form sends).
    const ok = await post('wallet/top-up', admin.token, {
      shopId: shop.id,
      amount: '15000',
      method: 'CASH',
      idempotencyKey: key(),
    });
    expect(ok.statusCode).toBe(201);
    expect(await balanceOf(shop.id)).toBe(15_000);
  });
});

describe('a top-up key', () => {
  it('sent again with another method or reference is a 409 in Lao, not the first entry passed off as this one', async () => {
    const shop = await insertShop(t.db);
    const k = key();
    const body = {
      shopId: shop.id,
      amount: 20_000,
      method: 'TRANSFER',
      reference: 'BCEL-1',
      idempotencyKey: k,
    };
    expect((await post('wallet/top-up', admin.token, body)).statusCode).toBe(201);
    const again = await post<{ created: boolean }>('wallet/top-up', admin.token, body);
    expect(again.statusCode).toBe(200);
    const before = await snapshot();
    for (const other of [{ method: 'CASH' }, { reference: 'BCEL-2' }, { reference: undefined }])
      expectError(await post('wallet/top-up', admin.token, { ...body, ...other }), 409, {
        idempotencyKey: lo('errors.idempotencyKeyReused'),
      });
    expect(await snapshot()).toEqual(before);
    expect(await balanceOf(shop.id)).toBe(20_000);
  });
});

describe('a payout', () => {
  it('of a month not yet begun is refused in Lao (it would settle this month’s rows under it); this month is paid', async () => {
    const agent = await insertUser(t.db, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const id = await invoice(shop.id, 100_000, { agentId: agent.id });
    expect((await post('invoice/paid', admin.token, { invoiceId: id, method: 'CASH' })).statusCode).toBe(200);
    const now = calendarDate(new Date(), t.config.platformTimezone).slice(0, 7);
    const before = await snapshot();
    expectError(
      await post('compensation/paid', admin.token, {
        agentId: agent.id,
        month: nextMonth(now),
        reference: 'X-1',
      }),
      400,
      { month: lo('validation.payoutMonthFuture') },
    );
    expect(await snapshot()).toEqual(before);
    const paid = await post<{ amount: number; month: string }>('compensation/paid', admin.token, {
      agentId: agent.id,
      month: now,
      reference: 'X-2',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.data?.month).toBe(now);
  });
});

describe('a charge with its key', () => {
  it('is recorded once: a retry answers the first, two at once make one, the key for another charge is a 409', async () => {
    const shop = await insertShop(t.db);
    const k = key();
    const body = {
      shopId: shop.id,
      descriptionLo: 'ເຄື່ອງພິມ',
      unitPrice: 400_000,
      month: '2026-09',
      idempotencyKey: k,
    };
    const first = await post<{ id: string }>('rent/charge/create', admin.token, body);
    expect(first.statusCode).toBe(201);
    const retry = await post<{ id: string }>('rent/charge/create', admin.token, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.body.data?.id).toBe(first.body.data?.id);
    const k2 = key();
    const both = await Promise.all(
      [1, 2].map(() =>
        post<{ id: string }>('rent/charge/create', admin.token, { ...body, idempotencyKey: k2 }),
      ),
    );
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.body.data?.id).toBe(both[1]?.body.data?.id);
    const rows = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from rent_charges where shop_id = ${shop.id}`,
    );
    expect(Number(rows.rows[0]?.n)).toBe(2);
    const audits = await count('audit_events');
    expectError(await post('rent/charge/create', admin.token, { ...body, unitPrice: 500_000 }), 409, {
      idempotencyKey: lo('errors.idempotencyKeyReused'),
    });
    expect(await count('audit_events')).toBe(audits);
  });
});

describe('the database refuses, whatever the code does', () => {
  it('a wallet born with money, a payout changed or removed, an invoice’s paid or status set by hand, a void made live', async () => {
    const shop = await insertShop(t.db);
    expect(await refused('insert into wallets (shop_id, balance) values ($1, 5000000)', [shop.id])).toMatch(
      /a wallet starts at 0/,
    );
    await topUp(shop.id, 10_000);
    expect(await balanceOf(shop.id)).toBe(10_000);

    const agent = await insertUser(t.db, 'AGENT');
    const agentShop = await insertShop(t.db, { agentId: agent.id });
    const paidId = await invoice(agentShop.id, 100_000, { agentId: agent.id });
    expect((await post('invoice/paid', admin.token, { invoiceId: paidId, method: 'CASH' })).statusCode).toBe(
      200,
    );
    const month = calendarDate(new Date(), t.config.platformTimezone).slice(0, 7);
    expect(
      (await post('compensation/paid', admin.token, { agentId: agent.id, month, reference: 'P-1' }))
        .statusCode,
    ).toBe(200);
    expect(
      await refused('update commission_payouts set amount = amount + 1 where agent_id = $1', [agent.id]),
    ).toMatch(/append-only/);
    expect(await refused('delete from commission_payouts where agent_id = $1', [agent.id])).toMatch(
      /append-only/,
    );

    const open = await invoice(shop.id, 30_000);
    expect(await refused('update rent_invoices set paid = 30000 where id = $1', [open])).toMatch(
      /moves only through rent_payments/,
    );
    expect(await refused(`update rent_invoices set status = 'PAID' where id = $1`, [open])).toMatch(
      /status moves only/,
    );
    expect(await refused('update rent_invoices set total = 1, subtotal = 1 where id = $1', [paidId])).toMatch(
      /only an UNPAID invoice/,
    );
    expect(await refused(`update rent_invoices set status = 'VOID' where id = $1`, [paidId])).toMatch(
      /status moves only/,
    );
    // What the app does stays allowed: an unpaid invoice's totals change, and it is voided.
    await asSuperuser(t, 'update rent_invoices set subtotal = 20000, total = 20000 where id = $1', [open]);
    await asSuperuser(t, `update rent_invoices set status = 'VOID' where id = $1`, [open]);
    expect(await refused(`update rent_invoices set status = 'UNPAID' where id = $1`, [open])).toMatch(
      /a void invoice stays void/,
    );
  });
});
