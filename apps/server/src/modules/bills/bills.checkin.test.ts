import { randomUUID } from 'node:crypto';
import type { CheckInResult } from '@parking-hub/contracts/bills';
import { businessDate } from '@parking-hub/contracts/business-day';
import { encodeShopKey } from '@parking-hub/contracts/reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { billPrints, bills } from '../../db/schema/bills.ts';
import { shops } from '../../db/schema/shops.ts';
import { auditEventsOf, createTestApp, insertShop, signedIn, type TestApp } from '../../test/harness.ts';
import {
  backdate,
  billApi,
  billRow,
  expectError,
  insertMember,
  setTimedRule,
  shopWithStaff,
} from './bills.test-support.ts';

let t: TestApp;
let api: ReturnType<typeof billApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = billApi(t);
});
afterAll(() => t.close());

const M = {
  vehicleType: 'ກະລຸນາເລືອກປະເພດລົດ',
  shopRequired: 'ກະລຸນາເລືອກຮ້ານ',
  outOfScope: 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້',
  notTaken: 'ຮ້ານນີ້ບໍ່ຮັບຝາກລົດປະເພດນີ້',
  notActive: 'ຮ້ານນີ້ບໍ່ໄດ້ເປີດໃຊ້ງານ',
  member: 'ບໍ່ພົບບັດສະມາຊິກເລກນີ້ໃນຮ້ານນີ້',
  billNotFound: 'ບໍ່ພົບບິນນີ້',
  notParked: 'ບິນນີ້ອອກແລ້ວ ຫຼື ຖືກຍົກເລີກແລ້ວ',
  cancelled: 'ບິນນີ້ຖືກຍົກເລີກແລ້ວ',
  referenceFormat: 'ເລກອ້າງອີງບິນບໍ່ຖືກຕ້ອງ',
  referenceRequired: 'ກະລຸນາປ້ອນ ຫຼື ສະແກນເລກບິນ',
  numberFormat: 'ເລກບິນບໍ່ຖືກຕ້ອງ',
};

describe('POST /v1/bill/create (check-in)', () => {
  it('numbers a shop’s bills 1, 2, 3 and gives each a reference that names the shop', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const first = await api.checkIn(staff.token, { vehicleType: 'MOTORBIKE', plate: ' ກຂ  1234 ' });
    expect(first.statusCode).toBe(201);
    expect(first.body.message).toBe('ບັນທຶກລົດເຂົ້າສຳເລັດ');
    const bill = first.body.data;
    expect(bill).toMatchObject({
      number: 1,
      shopId: shop.id,
      shopName: shop.name,
      vehicleType: 'MOTORBIKE',
      plate: 'ກຂ 1234',
      status: 'PARKED',
      fee: null,
      printCount: 0,
      checkInById: staff.id,
      checkInByName: `Test ${staff.username}`,
    });
    expect(bill?.reference).toMatch(new RegExp(`^${encodeShopKey(shop.seq)}-[0-9A-HJKMNP-TV-Z]{12}$`));
    const second = await api.checkIn(staff.token, { vehicleType: 'CAR' });
    const third = await api.checkIn(staff.token, { vehicleType: 'MOTORBIKE' });
    expect([second.body.data?.number, third.body.data?.number]).toEqual([2, 3]);
    expect(new Set([bill?.reference, second.body.data?.reference, third.body.data?.reference]).size).toBe(3);
    // Another shop starts at 1 again.
    const other = await shopWithStaff(t);
    expect((await api.checkIn(other.staff.token)).body.data?.number).toBe(1);
    // Check-ins are not written to the audit chain (decision 009): the bill row is the record.
    expect(await auditEventsOf(t.db, bill?.id ?? '')).toHaveLength(0);
  });

  it('stores the business date of the shop’s day (a night shop’s 01:00 is the day before)', async () => {
    const { shop, staff } = await shopWithStaff(t, { openShop: '18:00', closeShop: '02:00' });
    const res = await api.checkIn(staff.token);
    const row = await billRow(t, res.body.data?.id ?? '');
    expect(row?.businessDate).toBe(businessDate(row?.checkInAt ?? new Date(), { ...shop }));
    expect(res.body.data?.businessDate).toBe(row?.businessDate);
  });

  it('refuses bad input with Lao field messages and writes nothing', async () => {
    const { staff } = await shopWithStaff(t);
    const before = await t.db.$count(bills);
    expectError(await api.checkIn(staff.token, {}), 400, { vehicleType: M.vehicleType });
    expectError(await api.checkIn(staff.token, { vehicleType: 'TANK' }), 400, { vehicleType: M.vehicleType });
    const long = await api.checkIn(staff.token, { vehicleType: 'CAR', plate: 'X'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.body.messages ?? {})).toEqual(['plate']);
    // Not a plate: no digit, or signs that are neither letters nor digits.
    for (const plate of ['ກຂ', '!!!', 'AB 12!', '-12'])
      expectError(await api.checkIn(staff.token, { vehicleType: 'CAR', plate }), 400, {
        plate: 'ທະບຽນລົດບໍ່ຖືກຮູບແບບ: ຕົວອັກສອນ ແລະ ຕົວເລກ (ເຊັ່ນ ກຂ 1234)',
      });
    const badMember = await api.checkIn(staff.token, { vehicleType: 'CAR', memberNumber: 'no spaces!' });
    expect(Object.keys(badMember.body.messages ?? {})).toEqual(['memberNumber']);
    const english = await api.post('bill/create', staff.token, {}, { 'accept-language': 'en' });
    expect(english.body.messages).toEqual({ vehicleType: 'Please choose a vehicle type' });
    expect(await t.db.$count(bills)).toBe(before);
  });

  it('takes only the vehicle types the shop prices, and only while the shop is active', async () => {
    const { shop, staff } = await shopWithStaff(t);
    expectError(await api.checkIn(staff.token, { vehicleType: 'TRUCK' }), 409, M.notTaken);
    await setTimedRule(t, shop.id, 'TRUCK', { firstPeriodFee: 20_000, nextPeriodFee: 10_000 });
    expect((await api.checkIn(staff.token, { vehicleType: 'TRUCK' })).statusCode).toBe(201);
    await t.db.update(shops).set({ status: 'SUSPENDED' }).where(eq(shops.id, shop.id));
    expectError(await api.checkIn(staff.token), 409, M.notActive);
  });

  it('checks in only for shops in the caller’s scope', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const other = await shopWithStaff(t);
    const before = await t.db.$count(bills);
    expectError(
      await api.checkIn(staff.token, { vehicleType: 'CAR', shopId: other.shop.id }),
      403,
      M.outOfScope,
    );
    const admin = await signedIn(t, 'ADMIN');
    expectError(await api.checkIn(admin.token, { vehicleType: 'CAR' }), 400, { shopId: M.shopRequired });
    const agent = await signedIn(t, 'AGENT');
    const agentShop = await insertShop(t.db, { agentId: agent.id });
    expectError(await api.checkIn(agent.token, { vehicleType: 'CAR', shopId: shop.id }), 403, M.outOfScope);
    expect(await t.db.$count(bills)).toBe(before);
    expect((await api.checkIn(agent.token, { vehicleType: 'CAR', shopId: agentShop.id })).statusCode).toBe(
      201,
    );
    expect((await api.checkIn(admin.token, { vehicleType: 'CAR', shopId: shop.id })).statusCode).toBe(201);
    // A manager's default is their shop; a branch of it can be named.
    const manager = await signedIn(t, 'MANAGER', { shopId: shop.id });
    const branch = await insertShop(t.db, { parentId: shop.id });
    expect((await api.checkIn(manager.token)).body.data?.shopId).toBe(shop.id);
    expect(
      (await api.checkIn(manager.token, { vehicleType: 'CAR', shopId: branch.id })).body.data?.shopId,
    ).toBe(branch.id);
  });
});

describe('POST /v1/bill/create: members at the gate (issue 14)', () => {
  const today = () =>
    businessDate(new Date(), { timezone: 'Asia/Vientiane', openShop: null, closeShop: null });
  const shown = (date: string) => date.split('-').reverse().join('/');
  const memberIn = async (staff: string, body: Record<string, unknown>) => {
    const res = await api.post<CheckInResult>('bill/create', staff, { vehicleType: 'CAR', ...body });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
    return { res, bill: res.body.data as CheckInResult };
  };
  const checkOut = async (staff: string, bill: CheckInResult) => {
    await backdate(t, bill.id, 600);
    return (await api.checkout(staff, { reference: bill.reference })).body.data;
  };

  it('a valid member’s card number makes the stay free and is paid as MEMBER', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const m = await insertMember(t, shop.id, 'M-001', 30, { fullName: 'ສົມພອນ ໃຈດີ' });
    const { res, bill } = await memberIn(staff.token, { memberNumber: 'm-001' });
    expect(res.body.message).toBe(
      `ບັນທຶກລົດເຂົ້າສຳເລັດ: ສະມາຊິກ ສົມພອນ ໃຈດີ, ໝົດອາຍຸວັນທີ ${shown(m.validUntil)}, ບໍ່ເສຍຄ່າຈອດ`,
    );
    expect(bill).toMatchObject({
      memberNumber: 'M-001',
      member: {
        number: 'M-001',
        fullName: 'ສົມພອນ ໃຈດີ',
        validFrom: m.validFrom,
        validUntil: m.validUntil,
        state: 'VALID',
        matchedBy: 'NUMBER',
      },
    });
    expect((await billRow(t, bill.id))?.memberId).toBe(m.id);
    // The bill as found (scan, history) is the plain bill: the member's number, no notice.
    expect((await api.find(staff.token, { id: bill.id })).body.data?.bill.memberNumber).toBe('M-001');
    expect(await checkOut(staff.token, bill)).toMatchObject({
      fee: 0,
      paymentMethod: 'MEMBER',
      feeParts: [{ kind: 'MEMBER', amount: 0 }],
    });
  });

  it('a plate on a valid member makes the stay free, the bill carrying the member and their number', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const m = await insertMember(t, shop.id, 'M-7', 10, { plates: ['ກຂ-1234', 'AB 99'] });
    const { res, bill } = await memberIn(staff.token, { plate: 'ກຂ 1234' });
    expect(res.body.message).toContain('ສະມາຊິກ Member M-7');
    expect(bill).toMatchObject({
      plate: 'ກຂ 1234',
      memberNumber: 'M-7',
      member: { number: 'M-7', state: 'VALID', matchedBy: 'PLATE' },
    });
    const row = await billRow(t, bill.id);
    expect([row?.memberId, row?.memberNumber]).toEqual([m.id, 'M-7']);
    expect(await checkOut(staff.token, bill)).toMatchObject({ fee: 0, paymentMethod: 'MEMBER' });
    // The second plate too, written another way; a plate on no member is an ordinary customer.
    expect((await memberIn(staff.token, { plate: 'ab99' })).bill.member?.number).toBe('M-7');
    const plain = await memberIn(staff.token, { plate: 'ກຂ 1235' });
    expect(plain.res.body.message).toBe('ບັນທຶກລົດເຂົ້າສຳເລັດ');
    expect(plain.bill).toMatchObject({ memberNumber: null, member: null });
    expect(await checkOut(staff.token, plain.bill)).toMatchObject({ fee: 10_000, paymentMethod: 'CASH' });
  });

  it('an expired pass (past its last day, or marked EXPIRED) gives a normal bill and says so', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const old = await insertMember(t, shop.id, 'M-OLD', -1, { plates: ['ນວ 5555'] });
    await insertMember(t, shop.id, 'M-MARKED', 5, { status: 'EXPIRED' });
    for (const body of [{ memberNumber: 'M-OLD' }, { plate: 'ນວ 5555' }]) {
      const { res, bill } = await memberIn(staff.token, body);
      expect(res.body.message).toBe(
        `ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ M-OLD (Member M-OLD) ໝົດອາຍຸແລ້ວ ວັນທີ ${shown(old.validUntil)}, ກະລຸນາຕໍ່ອາຍຸ`,
      );
      expect(bill).toMatchObject({ memberNumber: null, member: { number: 'M-OLD', state: 'EXPIRED' } });
      expect((await billRow(t, bill.id))?.memberId).toBeNull();
      expect(await checkOut(staff.token, bill)).toMatchObject({ fee: 10_000, paymentMethod: 'CASH' });
    }
    const marked = await memberIn(staff.token, { memberNumber: 'M-MARKED' });
    expect(marked.bill).toMatchObject({ memberNumber: null, member: { state: 'EXPIRED' } });
    const english = await api.post<CheckInResult>(
      'bill/create',
      staff.token,
      { vehicleType: 'CAR', memberNumber: 'M-OLD' },
      { 'accept-language': 'en' },
    );
    expect(english.body.message).toBe(
      `Vehicle checked in at the normal fee: membership card M-OLD (Member M-OLD) expired on ${shown(old.validUntil)}; please renew`,
    );
  });

  it('a suspended pass, or one not started yet, gives a normal bill and says so', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await insertMember(t, shop.id, 'M-SUS', 20, { status: 'SUSPENDED', plates: ['SS 1'] });
    const later = await insertMember(t, shop.id, 'M-NEXT', 40, { fromDays: 2 });
    const suspended = await memberIn(staff.token, { plate: 'SS1' });
    expect(suspended.res.body.message).toBe(
      'ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ M-SUS (Member M-SUS) ຖືກລະງັບ',
    );
    expect(suspended.bill).toMatchObject({ memberNumber: null, member: { state: 'SUSPENDED' } });
    expect(await checkOut(staff.token, suspended.bill)).toMatchObject({ fee: 10_000, paymentMethod: 'CASH' });
    const early = await memberIn(staff.token, { memberNumber: 'M-NEXT' });
    expect(early.res.body.message).toBe(
      `ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ M-NEXT (Member M-NEXT) ເລີ່ມໃຊ້ໄດ້ວັນທີ ${shown(later.validFrom)}`,
    );
    expect(early.bill).toMatchObject({ memberNumber: null, member: { state: 'NOT_STARTED' } });
    expect(await checkOut(staff.token, early.bill)).toMatchObject({ fee: 10_000, paymentMethod: 'CASH' });
  });

  it('a pass is for its vehicle type: another type pays the normal fee and is told why', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await insertMember(t, shop.id, 'M-MOTO', 20, { plates: ['MO 12'], vehicleType: 'MOTORBIKE' });
    const car = await memberIn(staff.token, { plate: 'MO 12' });
    expect(car.res.body.message).toBe(
      'ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ M-MOTO (Member M-MOTO) ໃຊ້ກັບລົດປະເພດອື່ນ',
    );
    expect(car.bill).toMatchObject({
      memberNumber: null,
      member: { state: 'OTHER_VEHICLE', vehicleType: 'MOTORBIKE' },
    });
    expect(await checkOut(staff.token, car.bill)).toMatchObject({ fee: 10_000, paymentMethod: 'CASH' });
    const moto = await memberIn(staff.token, { memberNumber: 'M-MOTO', vehicleType: 'MOTORBIKE' });
    expect(moto.bill).toMatchObject({ memberNumber: 'M-MOTO', member: { state: 'VALID' } });
    expect(await checkOut(staff.token, moto.bill)).toMatchObject({ fee: 0, paymentMethod: 'MEMBER' });
  });

  it('the last valid day is still free; the pass valid today wins over an old one of the same plate', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await insertMember(t, shop.id, 'M-LAST', 0, { plates: ['LD 1'] });
    expect((await memberIn(staff.token, { plate: 'LD 1' })).bill.member).toMatchObject({
      state: 'VALID',
      validUntil: today(),
    });
    await insertMember(t, shop.id, 'M-A', -10, { plates: ['KK 77'], status: 'EXPIRED', fromDays: -40 });
    await insertMember(t, shop.id, 'M-B', 60, { plates: ['KK 77'] });
    expect((await memberIn(staff.token, { plate: 'KK 77' })).bill).toMatchObject({
      memberNumber: 'M-B',
      member: { state: 'VALID' },
    });
    // A card number names its member, whatever the plate says.
    expect((await memberIn(staff.token, { memberNumber: 'M-A', plate: 'KK 77' })).bill).toMatchObject({
      memberNumber: null,
      member: { number: 'M-A', state: 'EXPIRED', matchedBy: 'NUMBER' },
    });
  });

  it('an unknown card number is refused (a typo), as are another shop’s and a cancelled member’s', async () => {
    const { shop, staff } = await shopWithStaff(t);
    const other = await shopWithStaff(t);
    await insertMember(t, other.shop.id, 'M-002', 30, { plates: ['XX 42'] });
    await insertMember(t, shop.id, 'M-GONE', 30, { plates: ['GG 8'], status: 'CANCELLED' });
    const before = await t.db.$count(bills);
    for (const memberNumber of ['M-404', 'M-002', 'M-GONE'])
      expectError(await api.checkIn(staff.token, { vehicleType: 'CAR', memberNumber }), 400, {
        memberNumber: M.member,
      });
    expect(await t.db.$count(bills)).toBe(before);
    // Their plates are ordinary plates here.
    for (const plate of ['XX 42', 'GG 8']) {
      const { res, bill } = await memberIn(staff.token, { plate });
      expect(res.body.message).toBe('ບັນທຶກລົດເຂົ້າສຳເລັດ');
      expect(bill).toMatchObject({ memberNumber: null, member: null });
    }
    // In the other shop the plate is its member's.
    expect((await memberIn(other.staff.token, { plate: 'XX 42' })).bill.memberNumber).toBe('M-002');
  });

  it('a retried check-in answers the same bill with the same member', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await insertMember(t, shop.id, 'M-R', 30, { plates: ['RR 1'] });
    const body = { plate: 'RR 1', requestId: randomUUID() };
    const first = await memberIn(staff.token, body);
    const again = await memberIn(staff.token, body);
    expect(again.bill.id).toBe(first.bill.id);
    expect(again.bill).toMatchObject({ memberNumber: 'M-R', member: { number: 'M-R', state: 'VALID' } });
  });
});

describe('POST /v1/bill/find', () => {
  it('finds by reference as typed or scanned, by id, or by number and shop, with the fee now', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await setTimedRule(t, shop.id, 'CAR', {
      graceMinutes: 10,
      firstPeriodMinutes: 60,
      firstPeriodFee: 5000,
      nextPeriodMinutes: 60,
      nextPeriodFee: 2000,
      lostTicketFee: 30000,
    });
    const bill = (await api.checkIn(staff.token, { vehicleType: 'CAR' })).body.data;
    const ref = bill?.reference ?? '';
    await backdate(t, bill?.id ?? '', 125);
    const typed = ref.toLowerCase().replaceAll('0', 'o').replace('-', ' ');
    for (const body of [
      { reference: ref },
      { reference: typed },
      { reference: `https://parking.example/bill/${ref}` },
      { id: bill?.id },
      { number: bill?.number, shopId: shop.id },
      { number: bill?.number },
    ]) {
      const res = await api.find(staff.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.body.data?.bill.id).toBe(bill?.id);
      expect(res.body.data?.feeNow).toEqual({
        total: 9000,
        minutes: 125,
        nights: expect.any(Number),
        parts: [
          { kind: 'FIRST_PERIOD', amount: 5000 },
          { kind: 'NEXT_PERIODS', amount: 4000, count: 2 },
        ],
      });
      // What the lost-ticket dialog shows before anyone confirms: the stay plus the lost fee.
      expect(res.body.data?.feeIfLost?.total).toBe(39000);
      expect(res.body.data?.feeIfLost?.parts.at(-1)).toEqual({ kind: 'LOST', amount: 30000 });
    }
  });

  it('gives nothing of another shop’s bill, whatever is guessed', async () => {
    const { staff } = await shopWithStaff(t);
    const other = await shopWithStaff(t);
    const theirs = (await api.checkIn(other.staff.token)).body.data;
    expectError(await api.find(staff.token, { reference: theirs?.reference }), 404, M.billNotFound);
    expectError(await api.find(staff.token, { id: theirs?.id }), 404, M.billNotFound);
    expectError(await api.find(staff.token, { number: 1, shopId: other.shop.id }), 403, M.outOfScope);
    const agent = await signedIn(t, 'AGENT');
    expectError(await api.find(agent.token, { reference: theirs?.reference }), 404, M.billNotFound);
    const admin = await signedIn(t, 'ADMIN');
    expect((await api.find(admin.token, { reference: theirs?.reference })).statusCode).toBe(200);
  });

  it('refuses what cannot be a reference', async () => {
    const { staff } = await shopWithStaff(t);
    expectError(await api.find(staff.token, {}), 400, { reference: M.referenceRequired });
    expectError(await api.find(staff.token, { reference: 'hello world' }), 400, {
      reference: M.referenceFormat,
    });
    expectError(await api.find(staff.token, { reference: 'U-ABCDEFGHJKMN' }), 400, {
      reference: M.referenceFormat,
    });
    expectError(await api.find(staff.token, { reference: '1-ABCDEFGHJKMN' }), 404, M.billNotFound);
    expect((await api.find(staff.token, { id: 'abc' })).statusCode).toBe(400);
    expect((await api.find(staff.token, { number: -3 })).statusCode).toBe(400);
    // Beyond what a bill number can be (a 32-bit column): a message, not a database error.
    expectError(await api.find(staff.token, { number: 3_000_000_000 }), 400, {
      number: M.numberFormat,
    });
  });
});

describe('POST /v1/bill/checkout and /v1/bill/lost', () => {
  it('computes the fee on the server, closes the bill once, and refuses a second check-out', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await setTimedRule(t, shop.id, 'MOTORBIKE', {
      graceMinutes: 15,
      firstPeriodMinutes: 120,
      firstPeriodFee: 3000,
      nextPeriodMinutes: 60,
      nextPeriodFee: 1000,
      dailyCap: 10_000,
    });
    const bill = (await api.checkIn(staff.token)).body.data;
    await backdate(t, bill?.id ?? '', 5 * 60 + 1);
    // The QR the customer paid asked for 6,000 but a new period has begun: refused, still parked.
    expectError(
      await api.checkout(staff.token, {
        reference: bill?.reference,
        paymentMethod: 'QR',
        expectedTotal: 6000,
      }),
      409,
      'ຄ່າທຳນຽມປ່ຽນແລ້ວ (ເລີ່ມຊ່ວງເວລາໃໝ່): ກວດຍອດໃໝ່ ແລ້ວຢືນຢັນອີກຄັ້ງ',
    );
    expect((await billRow(t, bill?.id ?? ''))?.status).toBe('PARKED');
    const out = await api.checkout(staff.token, {
      reference: bill?.reference,
      paymentMethod: 'QR',
      expectedTotal: 7000,
      fee: 1, // a fee sent by the client is ignored: the server computes it
    });
    expect(out.statusCode).toBe(200);
    expect(out.body.message).toBe('ບັນທຶກລົດອອກສຳເລັດ');
    expect(out.body.data).toMatchObject({
      status: 'CLOSED',
      fee: 7000,
      paymentMethod: 'QR',
      checkOutById: staff.id,
      feeParts: [
        { kind: 'FIRST_PERIOD', amount: 3000 },
        { kind: 'NEXT_PERIODS', amount: 4000, count: 4 },
      ],
    });
    expectError(await api.checkout(staff.token, { reference: bill?.reference }), 409, M.notParked);
    const row = await billRow(t, bill?.id ?? '');
    expect(row?.fee).toBe(7000);
    // The find of a closed bill has no fee now: the fee charged is on the bill.
    const closed = (await api.find(staff.token, { id: bill?.id })).body.data;
    expect(closed?.feeNow).toBeNull();
    expect(closed?.feeIfLost).toBeNull();
  });

  it('within grace the stay is free and the method FREE; cash is the default', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await setTimedRule(t, shop.id, 'MOTORBIKE', { graceMinutes: 15, firstPeriodFee: 3000 });
    const quick = (await api.checkIn(staff.token)).body.data;
    expect((await api.checkout(staff.token, { id: quick?.id })).body.data).toMatchObject({
      fee: 0,
      paymentMethod: 'FREE',
    });
    const car = (await api.checkIn(staff.token, { vehicleType: 'CAR' })).body.data;
    expect((await api.checkout(staff.token, { reference: car?.reference })).body.data).toMatchObject({
      fee: 10_000,
      paymentMethod: 'CASH',
      feeParts: [{ kind: 'FLAT', amount: 10_000 }],
    });
  });

  it('does not touch another shop’s bill', async () => {
    const { staff } = await shopWithStaff(t);
    const other = await shopWithStaff(t);
    const theirs = (await api.checkIn(other.staff.token)).body.data;
    expectError(await api.checkout(staff.token, { reference: theirs?.reference }), 404, M.billNotFound);
    expectError(await api.post('bill/lost', staff.token, { id: theirs?.id }), 404, M.billNotFound);
    expect((await billRow(t, theirs?.id ?? ''))?.status).toBe('PARKED');
  });

  it('a lost ticket adds the lost-ticket fee, is audited, and cannot happen twice', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await setTimedRule(t, shop.id, 'CAR', { mode: 'FLAT', flatFee: 10_000, lostTicketFee: 50_000 });
    const bill = (await api.checkIn(staff.token, { vehicleType: 'CAR', plate: 'AB 1234' })).body.data;
    const lost = await api.post('bill/lost', staff.token, { number: bill?.number });
    expect(lost.statusCode).toBe(200);
    expect(lost.body.message).toBe('ບັນທຶກບິນເສຍສຳເລັດ');
    expect(lost.body.data).toMatchObject({
      status: 'LOST',
      fee: 60_000,
      paymentMethod: 'CASH',
      feeParts: [
        { kind: 'FLAT', amount: 10_000 },
        { kind: 'LOST', amount: 50_000 },
      ],
    });
    const events = await auditEventsOf(t.db, bill?.id ?? '');
    expect(events.map((e) => e.action)).toEqual(['bill.lost']);
    expect(events[0]).toMatchObject({ actorId: staff.id, shopId: shop.id, entity: 'bill' });
    expectError(await api.post('bill/lost', staff.token, { id: bill?.id }), 409, M.notParked);
  });
});

describe('POST /v1/bill/print', () => {
  it('records the first print and every reprint, with who and which paper', async () => {
    const { staff, manager } = await shopWithStaff(t);
    const bill = (await api.checkIn(staff.token)).body.data;
    const first = await api.post<{ bill: { printCount: number }; print: { kind: string; paper: string } }>(
      'bill/print',
      staff.token,
      { reference: bill?.reference, paper: '58' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toMatchObject({ bill: { printCount: 1 }, print: { kind: 'PRINT', paper: '58' } });
    const again = await api.post<{ print: { kind: string; printedByName: string } }>(
      'bill/print',
      manager.token,
      {
        id: bill?.id,
        paper: '80',
      },
    );
    expect(again.body.data?.print).toMatchObject({
      kind: 'REPRINT',
      printedByName: `Test ${manager.username}`,
    });
    const rows = await t.db
      .select()
      .from(billPrints)
      .where(eq(billPrints.billId, Number(bill?.id)));
    expect(rows.map((r) => [r.kind, r.paper, r.printedBy])).toEqual([
      ['PRINT', '58', staff.id],
      ['REPRINT', '80', manager.id],
    ]);
    expect((await api.post('bill/print', staff.token, { id: bill?.id, paper: '57' })).statusCode).toBe(400);
  });

  it('does not print a cancelled bill or another shop’s bill', async () => {
    const { staff } = await shopWithStaff(t);
    const bill = (await api.checkIn(staff.token)).body.data;
    await api.post('bills/update', staff.token, {
      action: 'CANCEL',
      id: bill?.id,
      reason: 'printed by mistake',
    });
    expectError(await api.post('bill/print', staff.token, { id: bill?.id }), 409, M.cancelled);
    const other = await shopWithStaff(t);
    const theirs = (await api.checkIn(other.staff.token)).body.data;
    const auditBefore = await t.db.$count(auditEvents);
    expectError(await api.post('bill/print', staff.token, { id: theirs?.id }), 404, M.billNotFound);
    expect(await t.db.$count(billPrints)).toBeGreaterThanOrEqual(0);
    expect((await billRow(t, theirs?.id ?? ''))?.printCount).toBe(0);
    expect(await t.db.$count(auditEvents)).toBe(auditBefore);
  });
});
