import { randomUUID } from 'node:crypto';
import type { Bill } from '@parking-hub/contracts/bills';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../../db/schema/bills.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import { billApi, billRow, expectError, shopWithStaff } from './bills.test-support.ts';

let t: TestApp;
let api: ReturnType<typeof billApi>;
beforeAll(async () => {
  // Enough connections for the concurrent replays to really overlap in the database.
  t = await createTestApp();
  t.database.pool.options.max = 20;
  api = billApi(t);
});
afterAll(() => t.close());

const M = {
  checkedIn: 'ບັນທຶກລົດເຂົ້າສຳເລັດ',
  requestIdUsed: 'ລະຫັດຄຳຂໍນີ້ຖືກໃຊ້ໂດຍຜູ້ໃຊ້ອື່ນແລ້ວ',
  requestIdFormat: 'ລະຫັດຄຳຂໍບໍ່ຖືກຕ້ອງ',
};

/** A shop's bills, oldest first: number and request id. */
async function shopBills(shopId: string) {
  return t.db
    .select({ number: bills.number, requestId: bills.requestId })
    .from(bills)
    .where(eq(bills.shopId, shopId))
    .orderBy(asc(bills.number));
}

describe('POST /v1/bill/create with a requestId (idempotent per tap)', () => {
  it('the same requestId twice makes one bill and answers it both times with 201', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const requestId = randomUUID();
    const body = { vehicleType: 'CAR', plate: 'ກຂ 1234', requestId };
    const first = await api.checkIn(staff.token, body);
    expect([first.statusCode, first.body.message]).toEqual([201, M.checkedIn]);
    expect(first.body.data).toMatchObject({ number: 1, checkInById: staff.id, plate: 'ກຂ 1234' });
    expect((await billRow(t, first.body.data?.id ?? ''))?.requestId).toBe(requestId);
    // Printed in between: the replay answers the bill as it is now.
    await api.post('bill/print', staff.token, { id: first.body.data?.id });
    const again = await api.checkIn(staff.token, body);
    expect([again.statusCode, again.body.message]).toEqual([201, M.checkedIn]);
    expect(again.body.data).toEqual({ ...first.body.data, printCount: 1 });
    expect(await shopBills(shop.id)).toEqual([{ number: 1, requestId }]);
    // The replay took no number.
    expect((await api.checkIn(staff.token)).body.data?.number).toBe(2);
  });

  it('the same requestId sent 5 times at once: one bill, every answer that bill, no gap after', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const requestId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.checkIn(staff.token, { vehicleType: 'MOTORBIKE', requestId })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    const answered = new Set(results.map((r) => JSON.stringify(r.body.data)));
    expect(answered.size).toBe(1);
    const bill = results[0]?.body.data as Bill;
    expect(bill.number).toBe(1);
    const made = await t.db
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.shopId, shop.id), eq(bills.requestId, requestId)));
    expect(made).toEqual([{ id: Number(bill.id) }]);
    expect((await api.checkIn(staff.token)).body.data?.number).toBe(2);
    expect((await shopBills(shop.id)).map((b) => b.number)).toEqual([1, 2]);
  });

  it('different requestIds make different bills', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const a = await api.checkIn(staff.token, { vehicleType: 'CAR', requestId: randomUUID() });
    const b = await api.checkIn(staff.token, { vehicleType: 'CAR', requestId: randomUUID() });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.body.data?.number, b.body.data?.number]).toEqual([1, 2]);
    expect(a.body.data?.id).not.toBe(b.body.data?.id);
    expect(await shopBills(shop.id)).toHaveLength(2);
  });

  it('refuses with 409 a requestId another staff member of the shop already used, writing nothing', async () => {
    const { shop, staff, manager } = await shopWithStaff(t);
    const colleague = await signedIn(t, 'SHOP', { shopId: shop.id });
    const requestId = randomUUID();
    const mine = await api.checkIn(staff.token, { vehicleType: 'CAR', requestId });
    expect(mine.statusCode).toBe(201);
    const before = await shopBills(shop.id);
    expectError(await api.checkIn(colleague.token, { vehicleType: 'CAR', requestId }), 409, M.requestIdUsed);
    expectError(await api.checkIn(manager.token, { vehicleType: 'CAR', requestId }), 409, M.requestIdUsed);
    const english = await api.post(
      'bill/create',
      colleague.token,
      { vehicleType: 'CAR', requestId },
      {
        'accept-language': 'en',
      },
    );
    expect(english.body.message).toBe('This request id was already used by another user');
    expect(await shopBills(shop.id)).toEqual(before);
    // Its owner still gets the bill; the refusals took no number.
    expect((await api.checkIn(staff.token, { vehicleType: 'CAR', requestId })).body.data?.id).toBe(
      mine.body.data?.id,
    );
    expect((await api.checkIn(colleague.token)).body.data?.number).toBe(2);
  });

  it('the same requestId in two shops makes a bill in each (unique per shop)', async () => {
    const one = await shopWithStaff(t);
    const two = await shopWithStaff(t);
    const requestId = randomUUID();
    const a = await api.checkIn(one.staff.token, { vehicleType: 'CAR', requestId });
    const b = await api.checkIn(two.staff.token, { vehicleType: 'CAR', requestId });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.body.data?.shopId, b.body.data?.shopId]).toEqual([one.shop.id, two.shop.id]);
    expect(await shopBills(one.shop.id)).toEqual([{ number: 1, requestId }]);
    expect(await shopBills(two.shop.id)).toEqual([{ number: 1, requestId }]);
  });

  it('refuses a malformed requestId with the Lao field message and writes nothing', async () => {
    const { shop, staff } = await shopWithStaff(t);
    for (const requestId of ['not-a-uuid', '', 42, `${randomUUID()}x`]) {
      const res = await api.checkIn(staff.token, { vehicleType: 'CAR', requestId });
      expectError(res, 400, { requestId: M.requestIdFormat });
    }
    const english = await api.post(
      'bill/create',
      staff.token,
      { vehicleType: 'CAR', requestId: 'x' },
      {
        'accept-language': 'en',
      },
    );
    expect(english.body.messages).toEqual({ requestId: 'The request id is not valid' });
    expect(await shopBills(shop.id)).toEqual([]);
  });

  it('without a requestId every check-in is a new bill, as before', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const first = await api.checkIn(staff.token, { vehicleType: 'CAR' });
    const second = await api.checkIn(staff.token, { vehicleType: 'CAR' });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(await shopBills(shop.id)).toEqual([
      { number: 1, requestId: null },
      { number: 2, requestId: null },
    ]);
  });
});
