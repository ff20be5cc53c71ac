import { randomBytes } from 'node:crypto';
import { invoiceNumber } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { call, type TestApp, unique } from '../../test/harness.ts';

/**
 * Helpers the money tests share: row counts ("nothing written"), a wallet's balance, fresh
 * idempotency keys, an admin's top-up and an invoice straight in the database. `app()` and `adminToken()` are read when called (the
 * test file sets them in beforeAll).
 */
export function moneyHelpers(app: () => TestApp, adminToken: () => string) {
  async function count(table: string): Promise<number> {
    const { rows } = await app().db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)}`,
    );
    return rows[0]?.n ?? 0;
  }
  /** Every money table's row count (and the audit trail's): what "nothing written" is checked against. */
  async function snapshot() {
    const tables = [
      'rent_payments',
      'wallet_entries',
      'agent_commissions',
      'commission_payouts',
      'audit_events',
    ];
    return Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await count(n)])));
  }
  async function balanceOf(shopId: string) {
    const { rows } = await app().db.execute<{ balance: string }>(
      sql`select balance from wallets where shop_id = ${shopId}`,
    );
    return Number(rows[0]?.balance ?? 0);
  }
  const key = () => unique('key-').replace(/[^A-Za-z0-9._:-]/g, '');
  async function topUp(shopId: string, amount: number) {
    const res = await call(app().app, 'POST', 'wallet/top-up', {
      token: adminToken(),
      body: { shopId, amount, method: 'CASH', idempotencyKey: key() },
    });
    expect(res.statusCode).toBe(201);
  }
  let seq = 0;
  /** An invoice straight in the database (one package line of `total`), as the invoices helper makes them. */
  async function invoice(
    shopId: string,
    total: number,
    opts: { agentId?: string | null; month?: string; dueDate?: string } = {},
  ) {
    seq += 1;
    const month = opts.month ?? '2026-09';
    const { rows } = await app().db.execute<{ id: string }>(sql`
      insert into rent_invoices (number, year, seq, shop_id, month, agent_id, subtotal, discount, total, due_date, public_token)
      values (${invoiceNumber(2026, seq)}, 2026, ${seq}, ${shopId}, ${`${month}-01`}, ${opts.agentId ?? null},
              ${total}, 0, ${total}, ${opts.dueDate ?? '2026-10-10'}, ${randomBytes(24).toString('base64url')})
      returning id`);
    const id = rows[0]?.id ?? '';
    await app().db.execute(sql`
      insert into rent_invoice_lines (invoice_id, position, kind, description_lo, description_en, quantity, unit_price, amount)
      values (${id}, 1, 'PACKAGE', 'ແພັກເກັດ', 'Package', 1, ${total}, ${total})`);
    return id;
  }
  return { count, snapshot, balanceOf, key, topUp, invoice };
}
