import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { call, type TestApp, unique } from '../../test/harness.ts';

/**
 * Helpers the money tests share: row counts ("nothing written"), a wallet's balance, fresh
 * idempotency keys and an admin's top-up. `app()` and `adminToken()` are read when called (the
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
  return { count, snapshot, balanceOf, key, topUp };
}
