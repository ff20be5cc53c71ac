import { defaultFeeRule } from '@parking-hub/contracts/prices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { bills } from '../../db/schema/bills.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import { findRuleByType } from './prices.repository.ts';

type Rule = { id: string; shopId: string; vehicleType: string; mode: string } & Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = Rule>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const counts = async () => ({ rules: await t.db.$count(priceRules), audit: await t.db.$count(auditEvents) });
const shopRow = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0];
const ruleRow = async (id: string) => (await t.db.select().from(priceRules).where(eq(priceRules.id, id)))[0];

const flat = defaultFeeRule;
const timed = {
  ...flat(0),
  mode: 'TIMED',
  firstPeriodFee: 4000,
  nextPeriodFee: 2000,
  dailyCap: 20000,
  overnightFee: 5000,
};

/** A main shop of an agent, its branch, their manager and cashier, and a shop of someone else. */
async function scene() {
  const agent = await signedIn(t, 'AGENT');
  const main = await insertShop(t.db, { agentId: agent.id, priceMotorbike: 2000, priceCar: 5000 });
  const branch = await insertShop(t.db, { agentId: agent.id, parentId: main.id });
  const foreign = await insertShop(t.db);
  const mgr = await signedIn(t, 'MANAGER', { shopId: main.id });
  const cashier = await signedIn(t, 'SHOP', { shopId: main.id });
  const rules = async (shopId: string) =>
    (await post<Rule[]>('prices', mgr.token, { shopId })).body.data ?? [];
  const ruleOf = (shopId: string, type: string) => findRuleByType(t.db, shopId, type);
  return { agent, main, branch, foreign, mgr, cashier, rules, ruleOf };
}

const M = {
  shopNotFound: 'ບໍ່ພົບຮ້ານນີ້',
  ruleNotFound: 'ບໍ່ພົບລາຄານີ້',
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  exists: 'ຮ້ານນີ້ມີລາຄາຂອງລົດປະເພດນີ້ແລ້ວ',
};

describe('POST /v1/prices', () => {
  it('lists a shop’s rules, motorbike first, to everyone who sees the shop', async () => {
    const s = await scene();
    await t.db.insert(priceRules).values([
      { shopId: s.main.id, vehicleType: 'TRUCK', flatFee: 9000 },
      { shopId: s.main.id, vehicleType: 'MINIBUS', flatFee: 7000 },
    ]);
    for (const token of [s.agent.token, s.mgr.token, s.cashier.token]) {
      const res = await post<Rule[]>('prices', token, { shopId: s.main.id });
      expect(res.statusCode).toBe(200);
      expect(res.body.data?.map((r) => [r.vehicleType, r.flatFee])).toEqual([
        ['MOTORBIKE', 2000],
        ['CAR', 5000],
        ['MINIBUS', 7000],
        ['TRUCK', 9000],
      ]);
    }
    expect((await post<Rule[]>('prices', s.mgr.token, { shopId: s.branch.id })).body.data).toHaveLength(2);
    expectError(await post('prices', s.cashier.token, { shopId: s.branch.id }), 404, M.shopNotFound);
    expectError(await post('prices', s.agent.token, { shopId: s.foreign.id }), 404, M.shopNotFound);
    expectError(await post('prices', s.agent.token, { shopId: 'abc' }), 400, { shopId: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expect((await call(t.app, 'POST', 'prices', { body: { shopId: s.main.id } })).statusCode).toBe(401);
  });
});

describe('POST /v1/prices/create', () => {
  it('adds a vehicle type once, audited with its shop', async () => {
    const s = await scene();
    const res = await post('prices/create', s.mgr.token, {
      shopId: s.main.id,
      vehicleType: 'BICYCLE',
      ...timed,
    });
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    expect(res.body.data).toMatchObject({ shopId: s.main.id, vehicleType: 'BICYCLE', ...timed });
    const id = res.body.data?.id ?? '';
    const [event] = await auditEventsOf(t.db, id);
    expect(event).toMatchObject({ action: 'price.create', entity: 'price_rule', shopId: s.main.id });
    expect(event?.after).toMatchObject({ vehicleType: 'BICYCLE', dailyCap: 20000 });
    const before = await counts();
    for (const vehicleType of ['BICYCLE', 'MOTORBIKE']) {
      const again = await post('prices/create', s.agent.token, {
        shopId: s.main.id,
        vehicleType,
        ...flat(1),
      });
      expectError(again, 409, { vehicleType: M.exists });
      expect(again.body.message).toBe(M.exists);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with Lao messages per field and writes nothing', async () => {
    const s = await scene();
    const before = await counts();
    const bad = {
      shopId: s.main.id,
      vehicleType: 'BOAT',
      ...timed,
      mode: 'DAILY',
      flatFee: -5,
      firstPeriodMinutes: 'ten',
      lostTicketFee: 1.5,
    };
    expectError(await post('prices/create', s.mgr.token, bad), 400, {
      vehicleType: 'ກະລຸນາເລືອກປະເພດລົດ',
      mode: 'ຄ່າບໍ່ຖືກຕ້ອງ',
      flatFee: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
      firstPeriodMinutes: 'ຈຳນວນນາທີຕ້ອງເປັນຈຳນວນເຕັມ',
      lostTicketFee: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
    });
    const capped = { shopId: s.main.id, vehicleType: 'TRUCK', ...timed, dailyCap: 3000 };
    expectError(await post('prices/create', s.mgr.token, capped), 400, {
      dailyCap: 'ເພດານຕໍ່ມື້ຕ້ອງບໍ່ໜ້ອຍກວ່າລາຄາຊ່ວງທຳອິດ',
    });
    expectError(await post('prices/create', s.mgr.token, { shopId: s.main.id }), 400, {
      vehicleType: 'ກະລຸນາເລືອກປະເພດລົດ',
      mode: 'ຄ່າບໍ່ຖືກຕ້ອງ',
      flatFee: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
      graceMinutes: 'ຈຳນວນນາທີຕ້ອງເປັນຈຳນວນເຕັມ',
      firstPeriodMinutes: 'ຈຳນວນນາທີຕ້ອງເປັນຈຳນວນເຕັມ',
      firstPeriodFee: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
      nextPeriodMinutes: 'ຈຳນວນນາທີຕ້ອງເປັນຈຳນວນເຕັມ',
      nextPeriodFee: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
      lostTicketFee: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
    });
    expect(await counts()).toEqual(before);
  });

  it('is for the shop’s editors in scope only', async () => {
    const s = await scene();
    const before = await counts();
    const create = (token: string, shopId: string) =>
      post('prices/create', token, { shopId, vehicleType: 'TRUCK', ...flat(9000) });
    expectError(await create(s.cashier.token, s.main.id), 403, M.forbidden);
    expectError(await create(s.mgr.token, s.foreign.id), 404, M.shopNotFound);
    expectError(await create(s.agent.token, s.foreign.id), 404, M.shopNotFound);
    expect(await counts()).toEqual(before);
    expect((await s.rules(s.foreign.id)).length).toBe(0);
    expect((await create(s.agent.token, s.branch.id)).statusCode).toBe(201);
    expect((await create(s.mgr.token, s.main.id)).statusCode).toBe(201);
  });
});

describe('POST /v1/prices/update', () => {
  it('replaces a rule; a core rule sets the shop’s price, which the staff session shows', async () => {
    const s = await scene();
    const motorbike = await s.ruleOf(s.main.id, 'MOTORBIKE');
    const before = await shopRow(s.main.id);
    const res = await post('prices/update', s.mgr.token, { id: motorbike?.id, ...timed });
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    expect(res.body.data).toMatchObject({ vehicleType: 'MOTORBIKE', ...timed });
    const after = await shopRow(s.main.id);
    expect([after?.priceMotorbike, after?.priceCar]).toEqual([4000, 5000]);
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? 0);
    const me = await call<{ user: { priceMotorbike: number } }>(t.app, 'POST', 'me', {
      token: s.cashier.token,
      body: {},
    });
    expect(me.body.data?.user.priceMotorbike).toBe(4000);
    const car = await s.ruleOf(s.main.id, 'CAR');
    await post('prices/update', s.agent.token, { id: car?.id, ...flat(6000) });
    expect((await shopRow(s.main.id))?.priceCar).toBe(6000);
    const [event] = await auditEventsOf(t.db, motorbike?.id ?? '');
    expect(event).toMatchObject({
      action: 'price.update',
      shopId: s.main.id,
      before: { mode: 'FLAT', flatFee: 2000 },
      after: { mode: 'TIMED', firstPeriodFee: 4000 },
    });
  });

  it('leaves the shop alone for other types and refuses rules out of scope', async () => {
    const s = await scene();
    const [truck] = await t.db
      .insert(priceRules)
      .values({ shopId: s.main.id, vehicleType: 'TRUCK', flatFee: 9000 })
      .returning();
    const res = await post('prices/update', s.mgr.token, { id: truck?.id, ...flat(12000) });
    expect(res.body.data).toMatchObject({ vehicleType: 'TRUCK', flatFee: 12000 });
    expect(await shopRow(s.main.id)).toMatchObject({ priceMotorbike: 2000, priceCar: 5000 });
    const foreignRule = await s.ruleOf(s.foreign.id, 'MOTORBIKE');
    const before = await counts();
    const guess = (token: string) => post('prices/update', token, { id: foreignRule?.id, ...flat(1) });
    expectError(await guess(s.mgr.token), 404, M.ruleNotFound);
    expectError(await guess(s.agent.token), 404, M.ruleNotFound);
    expectError(await guess(s.cashier.token), 403, M.forbidden);
    expectError(
      await post('prices/update', s.mgr.token, { id: crypto.randomUUID(), ...flat(1) }),
      404,
      M.ruleNotFound,
    );
    expectError(await post('prices/update', s.mgr.token, { id: truck?.id, ...timed, dailyCap: 1 }), 400, {
      dailyCap: 'ເພດານຕໍ່ມື້ຕ້ອງບໍ່ໜ້ອຍກວ່າລາຄາຊ່ວງທຳອິດ',
    });
    expect(await counts()).toEqual(before);
    expect(await ruleRow(foreignRule?.id ?? '')).toMatchObject({
      flatFee: foreignRule?.flatFee,
      mode: 'FLAT',
    });
    expect(await auditEventsOf(t.db, foreignRule?.id ?? '')).toEqual([]);
  });
  it('keeps the shop and its rule in step when both change at once', async () => {
    const s = await scene();
    const admin = await signedIn(t, 'ADMIN');
    const rule = await s.ruleOf(s.main.id, 'MOTORBIKE');
    for (let i = 1; i <= 8; i++) {
      const replies = await Promise.all([
        post('shop/update', admin.token, { id: s.main.id, priceMotorbike: 1000 + i }),
        post('prices/update', s.mgr.token, { id: rule?.id, ...flat(2000 + i) }),
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      const [shop, after] = [await shopRow(s.main.id), await s.ruleOf(s.main.id, 'MOTORBIKE')];
      expect(shop?.priceMotorbike).toBe(after?.flatFee);
    }
  });
});

describe('pass prices on a price rule (issue 14)', () => {
  const AMOUNT = 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ';

  it('are set with a rule, cleared with an empty box, kept when left out, audited', async () => {
    const s = await scene();
    const made = await post('prices/create', s.mgr.token, {
      shopId: s.main.id,
      vehicleType: 'BICYCLE',
      ...flat(500),
      pass1m: '20000',
      pass12m: 200000,
    });
    expect(made.statusCode).toBe(201);
    expect(made.body.data).toMatchObject({ pass1m: 20000, pass3m: null, pass6m: null, pass12m: 200000 });
    const id = made.body.data?.id ?? '';
    // The tariff editor sends no pass prices: they stay.
    const tariff = await post('prices/update', s.mgr.token, { id, ...flat(700) });
    expect(tariff.body.data).toMatchObject({ flatFee: 700, pass1m: 20000, pass12m: 200000 });
    const changed = await post('prices/update', s.agent.token, {
      id,
      ...flat(700),
      pass1m: '',
      pass3m: 55000,
    });
    expect(changed.body.data).toMatchObject({ pass1m: null, pass3m: 55000, pass12m: 200000 });
    expect(await ruleRow(id)).toMatchObject({ pass1m: null, pass3m: 55000, pass6m: null, pass12m: 200000 });
    const events = await auditEventsOf(t.db, id);
    expect(events.at(-1)).toMatchObject({
      action: 'price.update',
      before: { pass1m: 20000, pass3m: null },
      after: { pass1m: null, pass3m: 55000 },
    });
    const listed = (await s.rules(s.main.id)).find((r) => r.id === id);
    expect(listed).toMatchObject({ pass3m: 55000, pass12m: 200000 });
  });

  it('below 0 or not whole kip: 400 per field, nothing written', async () => {
    const s = await scene();
    const motorbike = await s.ruleOf(s.main.id, 'MOTORBIKE');
    const before = await counts();
    const rowBefore = await ruleRow(motorbike?.id ?? '');
    expectError(
      await post('prices/update', s.mgr.token, { id: motorbike?.id, ...flat(9000), pass1m: -1, pass6m: 1.5 }),
      400,
      { pass1m: AMOUNT, pass6m: AMOUNT },
    );
    expectError(
      await post('prices/create', s.mgr.token, {
        shopId: s.main.id,
        vehicleType: 'TRUCK',
        ...flat(9000),
        pass3m: -50000,
      }),
      400,
      { pass3m: AMOUNT },
    );
    expect(await counts()).toEqual(before);
    expect(await ruleRow(motorbike?.id ?? '')).toEqual(rowBefore);
  });
});

describe('POST /v1/prices/delete', () => {
  it('deletes other types, never motorbike or car, never out of scope', async () => {
    const s = await scene();
    const [bicycle] = await t.db
      .insert(priceRules)
      .values({ shopId: s.main.id, vehicleType: 'BICYCLE', flatFee: 500 })
      .returning();
    const [foreignTruck] = await t.db
      .insert(priceRules)
      .values({ shopId: s.foreign.id, vehicleType: 'TRUCK', flatFee: 500 })
      .returning();
    const del = (token: string, id: string | undefined) => post('prices/delete', token, { id });
    const before = await counts();
    expectError(
      await del(s.mgr.token, (await s.ruleOf(s.main.id, 'CAR'))?.id),
      409,
      'ລາຄາລົດຈັກ ແລະ ລົດໃຫຍ່ລຶບບໍ່ໄດ້, ແກ້ໄຂແທນ',
    );
    expectError(await del(s.mgr.token, foreignTruck?.id), 404, M.ruleNotFound);
    expectError(await del(s.cashier.token, bicycle?.id), 403, M.forbidden);
    expectError(await del(s.mgr.token, 'bicycle'), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    // A bicycle is parked: its tariff stays until it has left.
    await t.db.insert(bills).values({
      shopId: s.main.id,
      reference: `${s.main.seq}-PARKEDBICYCL`,
      number: 999,
      vehicleType: 'BICYCLE',
      businessDate: '2026-11-23',
    });
    expectError(await del(s.mgr.token, bicycle?.id), 409, 'ຍັງມີລົດປະເພດນີ້ຈອດຢູ່, ລຶບລາຄານີ້ບໍ່ໄດ້ຈົນກວ່າລົດຈະອອກໝົດ');
    expect(await counts()).toEqual(before);
    await t.db
      .update(bills)
      .set({
        status: 'CANCELLED',
        cancelledAt: new Date(),
        cancelReason: 'test',
        cancelBusinessDate: '2026-01-01',
      })
      .where(eq(bills.number, 999));
    const res = await del(s.agent.token, bicycle?.id);
    expect([res.statusCode, res.body]).toEqual([200, { status: 'success', message: 'ລຶບສຳເລັດ' }]);
    expect(await ruleRow(bicycle?.id ?? '')).toBeUndefined();
    expect(await ruleRow(foreignTruck?.id ?? '')).toBeDefined();
    const [event] = await auditEventsOf(t.db, bicycle?.id ?? '');
    expect(event).toMatchObject({ action: 'price.delete', before: { vehicleType: 'BICYCLE', flatFee: 500 } });
    expectError(await del(s.agent.token, bicycle?.id), 404, M.ruleNotFound);
  });
});
