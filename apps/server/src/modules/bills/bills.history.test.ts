import type { Bill, BillTimeline } from '@parking-hub/contracts/bills';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { bills } from '../../db/schema/bills.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import { backdate, billApi, billRow, expectError, shopWithStaff } from './bills.test-support.ts';

let t: TestApp;
let api: ReturnType<typeof billApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = billApi(t);
});
afterAll(() => t.close());

type Meta = {
  page: number;
  total: number;
  totalPages: number;
  totalCapped: boolean;
  nextCursor: string | null;
};
const history = (token: string, body: Record<string, unknown>) =>
  api.post<Bill[]>('bills-in-shop', token, body) as Promise<
    Awaited<ReturnType<typeof api.post<Bill[]>>> & { body: { meta?: Meta } }
  >;
const numbers = (res: { body: { data?: Bill[] } }) => (res.body.data ?? []).map((b) => b.number);

async function setCheckIn(id: string, iso: string) {
  await t.db
    .update(bills)
    .set({ checkInAt: new Date(iso) })
    .where(eq(bills.id, Number(id)));
}

describe('POST /v1/bills-in-shop', () => {
  it('lists a shop’s bills newest first; shop staff see only their shop, admins every shop', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const other = await shopWithStaff(t);
    for (let i = 0; i < 3; i++) await api.checkIn(staff.token);
    await api.checkIn(other.staff.token);
    const mine = await history(staff.token, {});
    expect(numbers(mine)).toEqual([3, 2, 1]);
    expect(mine.body.meta).toMatchObject({
      page: 1,
      total: 3,
      totalPages: 1,
      totalCapped: false,
      nextCursor: null,
    });
    // Naming another shop gives nothing of it.
    expect(numbers(await history(staff.token, { shopId: other.shop.id }))).toEqual([]);
    const admin = await signedIn(t, 'ADMIN');
    const all = await history(admin.token, { shopId: shop.id });
    expect(numbers(all)).toEqual([3, 2, 1]);
    const agent = await signedIn(t, 'AGENT');
    expect(numbers(await history(agent.token, {}))).toEqual([]);
  });

  it('filters by dates (the shop’s calendar day), status, vehicle type, staff and plate', async () => {
    const { shop, staff, manager } = await shopWithStaff(t);
    const a = (await api.checkIn(staff.token, { vehicleType: 'CAR', plate: 'ກຂ 1234' })).body.data;
    const b = (await api.checkIn(manager.token, { vehicleType: 'MOTORBIKE', plate: 'AB-9876' })).body.data;
    const c = (await api.checkIn(staff.token, { vehicleType: 'MOTORBIKE' })).body.data;
    await setCheckIn(a?.id ?? '', '2026-11-20T23:30:00+07:00');
    await setCheckIn(b?.id ?? '', '2026-11-21T00:10:00+07:00');
    await setCheckIn(c?.id ?? '', '2026-11-21T23:59:00+07:00');
    await api.checkout(manager.token, { id: c?.id });
    const q = (body: Record<string, unknown>) =>
      history(staff.token, { shopId: shop.id, ...body }).then(numbers);
    expect(await q({ from: '2026-11-21', to: '2026-11-21' })).toEqual([3, 2]);
    expect(await q({ from: '2026-11-20', to: '2026-11-20' })).toEqual([1]);
    expect(await q({ to: '2026-11-20' })).toEqual([1]);
    expect(await q({ status: 'CLOSED' })).toEqual([3]);
    expect(await q({ vehicleType: 'MOTORBIKE' })).toEqual([3, 2]);
    expect(await q({ staffId: manager.id })).toEqual([3, 2]);
    expect(await q({ plate: '1234' })).toEqual([1]);
    expect(await q({ plate: 'ab 98' })).toEqual([2]);
    // Only letters and digits are compared: a plate filter of punctuation filters nothing.
    expect(await q({ plate: '%_' })).toEqual([3, 2, 1]);
    const bad = await history(staff.token, { from: '2026-11-22', to: '2026-11-21', status: 'GONE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.messages).toMatchObject({ status: expect.any(String) });
    const backwards = await history(staff.token, { from: '2026-11-22', to: '2026-11-21' });
    expectError(backwards, 400, { to: 'ວັນທີເລີ່ມຕ້ອງບໍ່ຫຼັງວັນທີສິ້ນສຸດ' });
    // A year like 0001 is a typo, refused before any time-zone arithmetic.
    expectError(await history(staff.token, { from: '0001-01-01' }), 400, { from: 'ວັນທີບໍ່ຖືກຕ້ອງ' });
  });

  it('the staff filter takes bills checked in or out by them, once each, newest first, by page and by cursor', async () => {
    const { shop, staff, manager } = await shopWithStaff(t);
    const ids: string[] = [];
    // 1–4 in by staff, 5–8 in by the manager; the manager checks out 2, 4 (staff's), 6 (own).
    for (let i = 0; i < 4; i++) ids.push((await api.checkIn(staff.token)).body.data?.id ?? '');
    for (let i = 0; i < 4; i++) ids.push((await api.checkIn(manager.token)).body.data?.id ?? '');
    for (const n of [2, 4, 6]) await api.checkout(manager.token, { id: ids[n - 1] });
    // A bill whose check-in user is unknown (an imported one) still counts for whoever closed it.
    await t.db
      .update(bills)
      .set({ checkInBy: null })
      .where(eq(bills.id, Number(ids[3])));
    // Equal check-in times across the two sides: the id breaks the tie.
    await setCheckIn(ids[1] ?? '', '2026-11-01T10:00:00+07:00');
    await setCheckIn(ids[6] ?? '', '2026-11-01T10:00:00+07:00');
    const expected = [8, 6, 5, 4, 7, 2];
    const q = (body: Record<string, unknown>) => history(manager.token, { shopId: shop.id, ...body });
    const all = await q({ staffId: manager.id });
    expect(numbers(all)).toEqual(expected);
    expect(all.body.meta?.total).toBe(6);
    expect(numbers(await q({ staffId: staff.id }))).toEqual([3, 1, 2]);
    const byPage: number[] = [];
    for (let page = 1; page <= 3; page++)
      byPage.push(...numbers(await q({ staffId: manager.id, pageSize: 2, page })));
    expect(byPage).toEqual(expected);
    const byCursor: number[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await q({ staffId: manager.id, pageSize: 4, ...(cursor ? { cursor } : {}) });
      byCursor.push(...numbers(res));
      cursor = res.body.meta?.nextCursor;
    } while (cursor);
    expect(byCursor).toEqual(expected);
    // With other filters on top.
    expect(numbers(await q({ staffId: manager.id, status: 'CLOSED' }))).toEqual([6, 4, 2]);
    expect((await q({ staffId: manager.id, status: 'CLOSED' })).body.meta?.total).toBe(3);
  });

  it('finds part of a Lao plate by its letters, ຣ and ລ alike, ໜ and ຫນ alike, Latin letters apart', async () => {
    const { shop, staff } = await shopWithStaff(t);
    for (const plate of ['ຣບ 5501', 'ໜກ 5502', 'ກຂ 5503', 'AB 5504', 'ab5505 ກ']) {
      expect((await api.checkIn(staff.token, { vehicleType: 'MOTORBIKE', plate })).statusCode).toBe(201);
    }
    const q = (plate: string) => history(staff.token, { shopId: shop.id, plate }).then(numbers);
    expect(await q('ລບ 55')).toEqual([1]);
    expect(await q('ຣບ55')).toEqual([1]);
    expect(await q('ຫນກ')).toEqual([2]);
    expect(await q('ໜກ 55')).toEqual([2]);
    expect(await q('ກຂ')).toEqual([3]);
    expect(await q('ຂ 5503')).toEqual([3]);
    // A Latin letter is never a Lao one: "AB" is not ກຂ, whatever the case typed.
    expect(await q('ab')).toEqual([5, 4]);
    expect(await q('5505ກ')).toEqual([5]);
    expect(await q('550')).toEqual([5, 4, 3, 2, 1]);
    // One or two characters (under a trigram; migration 0021), ligatures spelt out as two.
    expect(await q('ກ')).toEqual([5, 3, 2]);
    expect(await q('ນ')).toEqual([2]);
    expect(await q('ໜ')).toEqual([2]);
    expect(await q('b')).toEqual([5, 4]);
    expect(await q('04')).toEqual([4]);
    expect(await q('5ກ')).toEqual([5]);
    expect(await q('Bກ')).toEqual([]);
  });

  it('finds every fragment of one to four characters exactly as a plain substring search does', async () => {
    const { shop, staff } = await shopWithStaff(t);
    // 400 plates over a small alphabet (so that short fragments match many), some with ໜ and ຣ,
    // one every eleven hours up to now: pages filled within the last 7 or 90 days and pages that
    // are not (the windows a plate search tries first), by cursor and by page number.
    await t.db.execute(sql`
      insert into bills (shop_id, reference, number, vehicle_type, plate, plate_key, business_date,
                         check_in_at, check_in_by)
      select ${shop.id}, 'frag-' || ${shop.id}::text || '-' || n, n, 'MOTORBIKE', p, p, '2026-10-01',
             now() - (400 - n) * interval '11 hours', ${staff.id}
      from (
        select n, (array['ກຂ', 'ໜກ', 'ຣບ', 'AB', 'ລບ'])[1 + (n * 7) % 5]
                  || ((n * 7919) % 9000 + 1000)::text || (case when n % 9 = 0 then 'ກ' else '' end) as p
        from generate_series(1, 400) n
      ) g`);
    const fragments = [
      '1',
      '9',
      'ກ',
      'ນ',
      'A',
      '12',
      '90',
      'ກຂ',
      'ໜ',
      'ລບ',
      'Bກ',
      '0ກ',
      '123',
      'ຂ1',
      '5ກ',
      'ຫນກ',
      'B12',
      '1234',
      'ກຂ12',
      'ZZ',
    ];
    for (const fragment of fragments) {
      const expected = await t.db.execute<{ number: number }>(sql`
        select number from bills
        where shop_id = ${shop.id} and strpos(plate_trgm_key(plate_key), plate_trgm_key(upper(${fragment}))) > 0
        order by check_in_at desc, id desc`);
      const want = expected.rows.map((r) => Number(r.number));
      const got: number[] = [];
      let cursor: string | null = null;
      do {
        const res = await history(staff.token, {
          shopId: shop.id,
          plate: fragment,
          pageSize: 10,
          ...(cursor ? { cursor } : {}),
        });
        expect(res.body.meta?.total, fragment).toBe(want.length);
        got.push(...numbers(res));
        cursor = res.body.meta?.nextCursor ?? null;
      } while (cursor);
      expect(got, fragment).toEqual(want);
      const third = await history(staff.token, { shopId: shop.id, plate: fragment, pageSize: 10, page: 3 });
      expect(numbers(third), fragment).toEqual(want.slice(20, 30));
    }
  });

  it('counts a plate search up to 1,000 ("1,000+"), other lists up to 10,000', async () => {
    const { shop, staff } = await shopWithStaff(t);
    // 1,001 past bills of one plate and 5 of another, written as the demo writes history.
    await t.db.execute(sql`
      insert into bills (shop_id, reference, number, vehicle_type, plate, plate_key, business_date,
                         check_in_at, check_in_by)
      select ${shop.id}, 'count-cap-' || ${shop.id}::text || '-' || n, n, 'MOTORBIKE',
             case when n <= 1001 then 'ZQ 7001' else 'ZQ 7002' end,
             case when n <= 1001 then 'ZQ7001' else 'ZQ7002' end,
             '2026-10-01', timestamptz '2026-10-01 08:00+07' + n * interval '1 minute', ${staff.id}
      from generate_series(1, 1006) n`);
    const q = (body: Record<string, unknown>) =>
      history(staff.token, { shopId: shop.id, pageSize: 5, ...body });
    const common = await q({ plate: 'q700' });
    expect(common.body.meta).toMatchObject({ total: 1000, totalCapped: true });
    expect(numbers(common)).toEqual([1006, 1005, 1004, 1003, 1002]);
    expect((await q({ plate: 'ZQ7001' })).body.meta).toMatchObject({ total: 1000, totalCapped: true });
    expect((await q({ plate: 'zq 7002' })).body.meta).toMatchObject({ total: 5, totalCapped: false });
    expect((await q({})).body.meta).toMatchObject({ total: 1006, totalCapped: false });
    expect((await q({ staffId: staff.id })).body.meta).toMatchObject({ total: 1006, totalCapped: false });
  });

  it('pages by cursor exactly as by page number, also for equal check-in times', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await api.checkIn(staff.token)).body.data?.id ?? '');
    // Two bills at the same instant: the id breaks the tie.
    await setCheckIn(ids[3] ?? '', '2026-11-01T10:00:00+07:00');
    await setCheckIn(ids[4] ?? '', '2026-11-01T10:00:00+07:00');
    const byPage: number[] = [];
    for (let page = 1; page <= 4; page++) {
      byPage.push(...numbers(await history(staff.token, { shopId: shop.id, pageSize: 2, page })));
    }
    const byCursor: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const res = await history(staff.token, { shopId: shop.id, pageSize: 2, ...(cursor ? { cursor } : {}) });
      byCursor.push(...numbers(res));
      cursor = res.body.meta?.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(byCursor).toEqual(byPage);
    expect(byCursor).toEqual([7, 6, 3, 2, 1, 5, 4]);
    const res = await history(staff.token, { cursor: 'not-a-cursor' });
    expectError(res, 400, { cursor: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    // A page number goes as deep as the count (10,000 rows); deeper only the cursor goes.
    expect((await history(staff.token, { pageSize: 100, page: 100 })).statusCode).toBe(200);
    expectError(await history(staff.token, { pageSize: 100, page: 101 }), 400, {
      page: 'ໜ້ານີ້ໄກເກີນ 10,000 ລາຍການທຳອິດ: ໃຊ້ nextCursor ຫຼື ເລືອກຕົວກອງເພີ່ມ',
    });
    // The specification's ?page=N is held to the same depth.
    const byQuery = await call(t.app, 'POST', 'bills-in-shop?page=101', {
      token: staff.token,
      body: { pageSize: 100 },
    });
    expectError(byQuery, 400, {
      page: 'ໜ້ານີ້ໄກເກີນ 10,000 ລາຍການທຳອິດ: ໃຊ້ nextCursor ຫຼື ເລືອກຕົວກອງເພີ່ມ',
    });
  });
});

describe('POST /v1/bills/update', () => {
  it('cancels a parked bill with a reason, keeps it, audits it, and refuses to cancel twice', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const bill = (await api.checkIn(staff.token)).body.data;
    expectError(await api.post('bills/update', staff.token, { action: 'CANCEL', id: bill?.id }), 400, {
      reason: 'ກະລຸນາປ້ອນເຫດຜົນ (ຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ)',
    });
    expectError(
      await api.post('bills/update', staff.token, { action: 'CANCEL', id: bill?.id, reason: ' x ' }),
      400,
      {
        reason: 'ກະລຸນາປ້ອນເຫດຜົນ (ຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ)',
      },
    );
    const res = await api.post<Bill>('bills/update', staff.token, {
      action: 'CANCEL',
      id: bill?.id,
      reason: 'ລູກຄ້າປ່ຽນໃຈ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('ຍົກເລີກບິນສຳເລັດ');
    expect(res.body.data).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'ລູກຄ້າປ່ຽນໃຈ',
      cancelledByName: `Test ${staff.username}`,
    });
    const events = await auditEventsOf(t.db, bill?.id ?? '');
    expect(events.map((e) => [e.action, e.shopId, e.before, e.after])).toEqual([
      [
        'bill.cancel',
        shop.id,
        expect.objectContaining({ status: 'PARKED', cancelReason: null }),
        expect.objectContaining({ status: 'CANCELLED', cancelReason: 'ລູກຄ້າປ່ຽນໃຈ' }),
      ],
    ]);
    expectError(
      await api.post('bills/update', staff.token, { action: 'CANCEL', id: bill?.id, reason: 'again' }),
      409,
      'ບິນນີ້ຖືກຍົກເລີກແລ້ວ',
    );
    expect(await t.db.$count(bills, eq(bills.id, Number(bill?.id)))).toBe(1);
  });

  it('a closed bill is changed only by a manager or above', async () => {
    const { staff, manager } = await shopWithStaff(t);
    const bill = (await api.checkIn(staff.token)).body.data;
    await api.checkout(staff.token, { id: bill?.id });
    const auditBefore = await t.db.$count(auditEvents);
    const refused = 'ບິນທີ່ປິດແລ້ວ ແກ້ໄຂ ຫຼື ຍົກເລີກໄດ້ສະເພາະຜູ້ຈັດການຂຶ້ນໄປ';
    for (const body of [
      { action: 'CANCEL', id: bill?.id, reason: 'wrong bill' },
      { action: 'CORRECT', id: bill?.id, plate: 'XY 1' },
    ]) {
      expectError(await api.post('bills/update', staff.token, body), 403, refused);
    }
    expect(await t.db.$count(auditEvents)).toBe(auditBefore);
    expect((await billRow(t, bill?.id ?? ''))?.status).toBe('CLOSED');
    const ok = await api.post<Bill>('bills/update', manager.token, {
      action: 'CANCEL',
      id: bill?.id,
      reason: 'ພະນັກງານກົດຜິດ',
    });
    expect(ok.body.data).toMatchObject({ status: 'CANCELLED', fee: 3000 });
  });

  it('corrects the plate or the vehicle type, audits before and after, and refuses what is wrong', async () => {
    const { staff } = await shopWithStaff(t);
    const bill = (await api.checkIn(staff.token, { vehicleType: 'MOTORBIKE', plate: 'AB 12' })).body.data;
    const res = await api.post<Bill>('bills/update', staff.token, {
      action: 'CORRECT',
      id: bill?.id,
      plate: 'ab 123',
      vehicleType: 'CAR',
      reason: 'typo',
    });
    expect(res.body.data).toMatchObject({ plate: 'AB 123', vehicleType: 'CAR' });
    expect((await billRow(t, bill?.id ?? ''))?.plateKey).toBe('AB123');
    const [event] = await auditEventsOf(t.db, bill?.id ?? '');
    expect(event).toMatchObject({
      action: 'bill.correct',
      before: { plate: 'AB 12', vehicleType: 'MOTORBIKE' },
      after: { plate: 'AB 123', vehicleType: 'CAR', reason: 'typo' },
    });
    expectError(
      await api.post('bills/update', staff.token, { action: 'CORRECT', id: bill?.id, vehicleType: 'TRUCK' }),
      409,
      'ຮ້ານນີ້ບໍ່ຮັບຝາກລົດປະເພດນີ້',
    );
    expectError(await api.post('bills/update', staff.token, { action: 'CORRECT', id: bill?.id }), 400, {
      plate: 'ບໍ່ມີຫຍັງປ່ຽນແປງ',
    });
    expect((await api.post('bills/update', staff.token, { action: 'DELETE', id: bill?.id })).statusCode).toBe(
      400,
    );
  });

  it('cannot reach another shop’s bill', async () => {
    const { staff } = await shopWithStaff(t);
    const other = await shopWithStaff(t);
    const theirs = (await api.checkIn(other.staff.token)).body.data;
    const agent = await signedIn(t, 'AGENT');
    await insertShop(t.db, { agentId: agent.id });
    for (const token of [staff.token, agent.token]) {
      expectError(
        await api.post('bills/update', token, { action: 'CANCEL', id: theirs?.id, reason: 'not mine' }),
        404,
        'ບໍ່ພົບບິນນີ້',
      );
    }
    expect((await billRow(t, theirs?.id ?? ''))?.status).toBe('PARKED');
  });
});

describe('POST /v1/bill/timeline', () => {
  it('tells check-in, prints, corrections, check-out and cancellation in order', async () => {
    const { staff, manager } = await shopWithStaff(t);
    const bill = (await api.checkIn(staff.token, { vehicleType: 'MOTORBIKE' })).body.data;
    await backdate(t, bill?.id ?? '', 30);
    await api.post('bill/print', staff.token, { id: bill?.id, paper: '58' });
    await api.post('bill/print', staff.token, { id: bill?.id, paper: '58' });
    await api.post('bills/update', staff.token, { action: 'CORRECT', id: bill?.id, plate: 'KK 1' });
    await api.checkout(staff.token, { id: bill?.id });
    await api.post('bills/update', manager.token, { action: 'CORRECT', id: bill?.id, plate: 'KK 2' });
    await api.post('bills/update', manager.token, { action: 'CANCEL', id: bill?.id, reason: 'test run' });
    const res = await api.post<BillTimeline>('bill/timeline', manager.token, { id: bill?.id });
    expect(res.body.data?.events.map((e) => [e.kind, e.byName])).toEqual([
      ['CHECK_IN', `Test ${staff.username}`],
      ['PRINT', `Test ${staff.username}`],
      ['REPRINT', `Test ${staff.username}`],
      ['CORRECT', `Test ${staff.username}`],
      ['CHECK_OUT', `Test ${staff.username}`],
      ['CORRECT', `Test ${manager.username}`],
      ['CANCEL', `Test ${manager.username}`],
    ]);
    // The check-in shows the vehicle as it came in, not as corrected since.
    expect(res.body.data?.events[0]?.detail).toEqual({ vehicleType: 'MOTORBIKE', plate: null });
    expect(res.body.data?.events[3]?.detail).toEqual({ before: { plate: null }, after: { plate: 'KK 1' } });
    // Correcting a closed bill records the plate only (its fee parts did not change).
    expect(res.body.data?.events[5]?.detail).toEqual({ before: { plate: 'KK 1' }, after: { plate: 'KK 2' } });
    expect(res.body.data?.events[6]?.detail).toEqual({ reason: 'test run' });
    const other = await shopWithStaff(t);
    expectError(await api.post('bill/timeline', other.staff.token, { id: bill?.id }), 404, 'ບໍ່ພົບບິນນີ້');
  });
});
