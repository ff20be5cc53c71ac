import type { GenQrResult, PublicBill } from '@parking-hub/contracts/bills';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema/shops.ts';
import { parseEmvco } from '../../lib/emvco.ts';
import { call, createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import { backdate, billApi, expectError, setTimedRule, shopWithStaff } from './bills.test-support.ts';

let t: TestApp;
let api: ReturnType<typeof billApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = billApi(t);
});
afterAll(() => t.close());

const receipt = (reference: string, ip?: string) =>
  call<PublicBill>(t.app, 'GET', `/parking-hub-api/v1/public/bills/${encodeURIComponent(reference)}`, {
    ...(ip ? { ip } : {}),
  });
const genQr = (body: unknown, token?: string) =>
  call<GenQrResult>(t.app, 'POST', '/gen-qr', { body, ...(token ? { token } : {}) });

const RECEIVER = {
  iin: '27710418',
  receiverId: 'SHOP42ACC',
  merchantName: 'Talat Sao Parking',
  merchantCity: 'Vientiane',
  mcc: '7523',
};

async function parkedTimedBill() {
  const s = await shopWithStaff(t, { address: 'ຖະໜົນລ້ານຊ້າງ', conditions: 'ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າ' });
  await setTimedRule(t, s.shop.id, 'MOTORBIKE', {
    graceMinutes: 10,
    firstPeriodMinutes: 60,
    firstPeriodFee: 3000,
    nextPeriodMinutes: 60,
    nextPeriodFee: 1000,
  });
  const bill = (await api.checkIn(s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ກຂ 9999' })).body.data;
  await backdate(t, bill?.id ?? '', 90);
  return { ...s, bill };
}

describe('GET /v1/public/bills/{reference} (the customer’s e-receipt)', () => {
  it('shows the shop, the vehicle, the times and the fee now, and nothing internal', async () => {
    const { shop, staff, bill } = await parkedTimedBill();
    const res = await receipt(bill?.reference.toLowerCase() ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data).toMatchObject({
      reference: bill?.reference,
      number: bill?.number,
      shop: { name: shop.name, address: 'ຖະໜົນລ້ານຊ້າງ', conditions: 'ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າ' },
      vehicleType: 'MOTORBIKE',
      plate: 'ກຂ 9999',
      status: 'PARKED',
      member: false,
      fee: { total: 4000, minutes: 90 },
      rule: { mode: 'TIMED', firstPeriodFee: 3000 },
      canPayByQr: false,
    });
    const text = JSON.stringify(res.body);
    for (const secret of [shop.id, staff.id, staff.username, bill?.id ?? '']) {
      expect(text).not.toContain(`"${secret}"`);
    }
    expect(text).not.toContain('Test ');
  });

  it('shows what a closed bill cost and no tariff; an unknown reference gets a Lao 404', async () => {
    const { staff, bill } = await parkedTimedBill();
    await api.checkout(staff.token, { id: bill?.id });
    const res = await receipt(bill?.reference ?? '');
    expect(res.body.data).toMatchObject({
      status: 'CLOSED',
      fee: { total: 4000, minutes: 90 },
      paymentMethod: 'CASH',
      rule: null,
      canPayByQr: false,
    });
    expectError(await receipt('1-ABCDEFGHJKMN'), 404, 'ບໍ່ພົບບິນນີ້');
    expect((await receipt('bad$reference')).statusCode).toBe(400);
  });

  it('is rate limited per IP (against guessing references)', async () => {
    const limited = await createTestApp({ PUBLIC_RATE_PER_MINUTE: '3' });
    try {
      const get = (ip: string) =>
        call(limited.app, 'GET', '/parking-hub-api/v1/public/bills/1-ABCDEFGHJKMN', { ip });
      for (let i = 0; i < 2; i++) expect((await get('10.0.0.1')).statusCode).toBe(404);
      const viaQr = { ip: '10.0.0.1', body: { reference: '1-ABCDEFGHJKMN' } };
      expect((await call(limited.app, 'POST', '/gen-qr', viaQr)).statusCode).toBe(404);
      const blocked = await get('10.0.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body.message).toBe('ມີການຮ້ອງຂໍຫຼາຍເກີນໄປ, ກະລຸນາລອງໃໝ່ໃນອີກ 1 ນາທີ');
      expect((await get('10.0.0.2')).statusCode).toBe(404);
      expect((await call(limited.app, 'POST', '/gen-qr', viaQr)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /gen-qr', () => {
  it('makes the Lao QR of a parked bill’s fee now, with every tag right and a valid CRC', async () => {
    const { shop, bill } = await parkedTimedBill();
    expectError(await genQr({ reference: bill?.reference }), 409, 'ຮ້ານນີ້ຍັງບໍ່ໄດ້ຕັ້ງຄ່າບັນຊີຮັບເງິນຜ່ານ QR');
    await t.db.update(shops).set({ qrReceiver: RECEIVER }).where(eq(shops.id, shop.id));
    expect((await receipt(bill?.reference ?? '')).body.data?.canPayByQr).toBe(true);
    const res = await genQr({ reference: bill?.reference });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ amount: 4000, merchantName: 'Talat Sao Parking' });
    expect(res.body.data?.image).toMatch(/^data:image\/png;base64,/);
    const { fields, crcValid } = parseEmvco(res.body.data?.payload ?? '');
    expect(crcValid).toBe(true);
    expect(fields).toEqual({
      '00': '01',
      '01': '12',
      '38': expect.any(String),
      '52': '7523',
      '53': '418',
      '54': '4000',
      '58': 'LA',
      '59': 'Talat Sao Parking',
      '60': 'Vientiane',
      '62': `01${String(bill?.number).length.toString().padStart(2, '0')}${bill?.number}`,
      '63': expect.stringMatching(/^[0-9A-F]{4}$/),
    });
    expect(fields['38']).toBe('0016A005266284662577010827710418020300203' + '09SHOP42ACC');
  });

  it('has nothing to pay for a closed bill or a stay within grace', async () => {
    const { shop, staff, bill } = await parkedTimedBill();
    await t.db.update(shops).set({ qrReceiver: RECEIVER }).where(eq(shops.id, shop.id));
    const quick = (await api.checkIn(staff.token)).body.data;
    expectError(await genQr({ reference: quick?.reference }), 409, 'ບໍ່ມີຍອດທີ່ຕ້ອງຊຳລະ');
    await api.checkout(staff.token, { id: bill?.id });
    expectError(await genQr({ reference: bill?.reference }), 409, 'ບໍ່ມີຍອດທີ່ຕ້ອງຊຳລະ');
    expectError(await genQr({ reference: '1-ABCDEFGHJKMN' }), 404, 'ບໍ່ພົບບິນນີ້');
    expect((await genQr({})).statusCode).toBe(400);
  });

  it('an amount for a shop needs a signed-in user of that shop', async () => {
    const { shop, staff } = await shopWithStaff(t);
    await t.db.update(shops).set({ qrReceiver: RECEIVER }).where(eq(shops.id, shop.id));
    expect((await genQr({ shopId: shop.id, amount: 2500 })).statusCode).toBe(401);
    const other = await shopWithStaff(t);
    expectError(await genQr({ shopId: shop.id, amount: 2500 }, other.staff.token), 403, 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້');
    expect((await genQr({ shopId: shop.id, amount: 0 }, staff.token)).statusCode).toBe(400);
    expect((await genQr({ shopId: shop.id, amount: 12.5 }, staff.token)).statusCode).toBe(400);
    const res = await genQr({ shopId: shop.id, amount: 2500 }, staff.token);
    expect(res.statusCode).toBe(200);
    const { fields, crcValid } = parseEmvco(res.body.data?.payload ?? '');
    expect(crcValid).toBe(true);
    expect(fields['54']).toBe('2500');
    expect(fields['62']).toBeUndefined();
    const admin = await signedIn(t, 'ADMIN');
    expect((await genQr({ shopId: shop.id, amount: 2500 }, admin.token)).statusCode).toBe(200);
  });
});
