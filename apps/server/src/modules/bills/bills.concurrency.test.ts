import type { Bill } from '@parking-hub/contracts/bills';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../../db/schema/bills.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import { backdate, billApi, setTimedRule, shopWithStaff } from './bills.test-support.ts';

let t: TestApp;
let api: ReturnType<typeof billApi>;
beforeAll(async () => {
  // Enough connections for the calls to really overlap in the database.
  t = await createTestApp();
  t.database.pool.options.max = 20;
  api = billApi(t);
});
afterAll(() => t.close());

describe('bills under concurrency', () => {
  it('numbers stay 1…N without gaps or repeats when several staff check in at once', async () => {
    const { shop, staff, manager } = await shopWithStaff(t);
    const more = await Promise.all([1, 2].map(() => signedIn(t, 'SHOP', { shopId: shop.id })));
    const tokens = [staff.token, manager.token, ...more.map((u) => u.token)];
    const N = 60;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        api.checkIn(tokens[i % tokens.length] ?? '', { vehicleType: i % 3 ? 'MOTORBIKE' : 'CAR' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(201));
    const numbers = results.map((r) => r.body.data?.number ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    const rows = await t.db
      .select({ number: bills.number })
      .from(bills)
      .where(eq(bills.shopId, shop.id))
      .orderBy(asc(bills.number));
    expect(rows.map((r) => r.number)).toEqual(numbers);
  });

  it('a failed check-in does not use up a number', async () => {
    const { staff } = await shopWithStaff(t);
    await api.checkIn(staff.token);
    await api.checkIn(staff.token, { vehicleType: 'TRUCK' }); // refused: the shop does not take trucks
    await api.checkIn(staff.token, { vehicleType: 'CAR', memberNumber: 'NOPE' }); // refused
    expect((await api.checkIn(staff.token)).body.data?.number).toBe(2);
  });

  it('a check-in racing the delete of its price rule writes nothing once the rule is gone', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await setTimedRule(t, shop.id, 'TRUCK', {});
    expect((await api.checkIn(staff.token, { vehicleType: 'TRUCK' })).statusCode).toBe(201);
    await api.checkout(staff.token, { number: 1 });
    // The delete holds the rule (as POST /v1/prices/delete does) while a truck checks in.
    const deleter = await t.database.pool.connect();
    try {
      await deleter.query('begin');
      await deleter.query(
        `select id from price_rules where shop_id = $1 and vehicle_type = 'TRUCK' for update`,
        [shop.id],
      );
      const racing = api.checkIn(staff.token, { vehicleType: 'TRUCK' });
      await new Promise((r) => setTimeout(r, 300)); // the check-in is now waiting on the rule
      await deleter.query(`delete from price_rules where shop_id = $1 and vehicle_type = 'TRUCK'`, [shop.id]);
      await deleter.query('commit');
      const res = await racing;
      expect(res.statusCode).toBe(409);
    } finally {
      deleter.release();
    }
    const rows = await t.db.select({ number: bills.number }).from(bills).where(eq(bills.shopId, shop.id));
    expect(rows.map((r) => r.number)).toEqual([1]); // no truck left without a tariff, no number used
    expect((await api.checkIn(staff.token)).body.data?.number).toBe(2);
  });

  it('the same bill checked out by several staff at the same moment: exactly one succeeds', async () => {
    const { shop, staff, manager } = await shopWithStaff(t);
    const other = await signedIn(t, 'SHOP', { shopId: shop.id });
    const bill = (await api.checkIn(staff.token, { vehicleType: 'CAR' })).body.data;
    await backdate(t, bill?.id ?? '', 30);
    const tokens = [staff.token, manager.token, other.token];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? api.checkout(tokens[i % 3] ?? '', { reference: bill?.reference, paymentMethod: 'QR' })
          : api.post<Bill>('bill/lost', tokens[i % 3] ?? '', { id: bill?.id }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const winner = results.find((r) => r.statusCode === 200)?.body.data as Bill;
    const [row] = await t.db
      .select()
      .from(bills)
      .where(eq(bills.id, Number(bill?.id)));
    expect(row).toMatchObject({ status: winner.status, fee: winner.fee, checkOutBy: winner.checkOutById });
  });
});
