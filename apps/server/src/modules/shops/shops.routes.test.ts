import { businessDate } from '@parking-hub/contracts/business-day';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { bills } from '../../db/schema/bills.ts';
import { packages } from '../../db/schema/packages.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  insertUser,
  type Reply,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { findRuleByType } from '../prices/prices.repository.ts';

type S = { id: string; name: string; code: string; agentId: string | null; branchCount: number } & Record<
  string,
  unknown
>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = S>(path: string, token: string, body: unknown, headers?: Record<string, string>) =>
  call<T>(t.app, 'POST', path, { token, body, ...(headers ? { headers } : {}) });
const shopRow = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0];
const ruleOf = (shopId: string, type: string) => findRuleByType(t.db, shopId, type);
const counts = async () => ({ shops: await t.db.$count(shops), audit: await t.db.$count(auditEvents) });
const actions = async (id: string) => (await auditEventsOf(t.db, id)).map((e) => e.action);
const ids = (res: Reply<S[]>) => (res.body.data ?? []).map((s) => s.id).sort();
const newCode = () => unique('C').toUpperCase();
/** A package (shops.package_id refers to one). */
async function newPackage(): Promise<string> {
  const values = {
    nameLo: unique('ແພັກເກັດ '),
    nameEn: unique('Package '),
    monthlyPrice: 1,
    ticketsIncluded: 1,
    extraTicketPrice: 1,
  };
  const [row] = await t.db.insert(packages).values(values).returning({ id: packages.id });
  return row?.id ?? '';
}

const M = {
  notFound: 'ບໍ່ພົບຮ້ານນີ້',
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  codeTaken: 'ລະຫັດຮ້ານນີ້ມີຢູ່ແລ້ວ',
  agentNotFound: 'ບໍ່ພົບຕົວແທນນີ້',
  invalid: 'ຄ່າບໍ່ຖືກຕ້ອງ',
};
const newShop = (extra: object = {}) => ({
  name: unique('ຮ້ານ '),
  priceMotorbike: 2000,
  priceCar: 5000,
  ...extra,
});

describe('POST /v1/shops', () => {
  it('lists page by page by name, with parent, agent and branch count; filters', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await insertUser(t.db, 'AGENT', { fullName: 'ທ້າວ ຕົວແທນ' });
    const tag = unique('list');
    const pkg = await newPackage();
    const main = await insertShop(t.db, {
      name: `${tag}-1`,
      agentId: agent.id,
      packageId: pkg,
      code: newCode(),
    });
    const branch = await insertShop(t.db, { name: `${tag}-2`, parentId: main.id, agentId: agent.id });
    const closed = await insertShop(t.db, { name: `${tag}-3`, status: 'CLOSED' });
    const first = await post<S[]>('shops', admin.token, { q: tag, pageSize: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(first.body.data?.[0]).toMatchObject({
      id: main.id,
      code: main.code,
      agentName: 'ທ້າວ ຕົວແທນ',
      branchCount: 1,
      parentName: null,
      packageId: pkg,
      timezone: 'Asia/Vientiane',
      createdAt: main.createdAt.toISOString(),
    });
    expect(first.body.data?.[1]).toMatchObject({ id: branch.id, parentName: main.name, branchCount: 0 });
    const second = await post<S[]>(`/parking-hub-api/v1/shops?page=2`, admin.token, { q: tag, pageSize: 2 });
    expect(second.body.data?.map((s) => s.id)).toEqual([closed.id]);
    const list = async (body: object) => ids(await post<S[]>('shops', admin.token, { q: tag, ...body }));
    expect(await list({ q: main.code.toLowerCase() })).toEqual([main.id]);
    expect(await list({ q: `${tag.toUpperCase()}-3` })).toEqual([closed.id]);
    expect(await list({ status: 'CLOSED' })).toEqual([closed.id]);
    expect(await list({ agentId: agent.id })).toEqual([main.id, branch.id].sort());
    expect(await list({ packageId: pkg })).toEqual([main.id]);
    expect(await list({ parentId: main.id })).toEqual([branch.id]);
    expect(await list({ q: '%' })).toEqual([]);
    const bad = await post('shops', admin.token, { pageSize: 500, status: 'OPEN', agentId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.body.messages ?? {}).sort()).toEqual(['agentId', 'pageSize', 'status']);
  });

  it('scopes: agent → their shops, manager → shop and branches, shop staff → own shop', async () => {
    const agent = await signedIn(t, 'AGENT');
    const main = await insertShop(t.db, { agentId: agent.id });
    const branch = await insertShop(t.db, { agentId: agent.id, parentId: main.id });
    const foreign = await insertShop(t.db);
    const mgr = await signedIn(t, 'MANAGER', { shopId: main.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: branch.id });
    const admin = await signedIn(t, 'ADMIN');
    const mine = [main.id, branch.id].sort();
    expect(ids(await post<S[]>('shops', agent.token, {}))).toEqual(mine);
    expect(ids(await post<S[]>('shops', mgr.token, {}))).toEqual(mine);
    expect(ids(await post<S[]>('shops', cashier.token, {}))).toEqual([branch.id]);
    const asked = await post<S[]>('shops', cashier.token, { parentId: foreign.id });
    expect([asked.statusCode, asked.body.data]).toEqual([200, []]);
    const all = ids(await post<S[]>('shops', admin.token, { pageSize: 100 }));
    expect(all).toEqual(expect.arrayContaining([...mine, foreign.id]));
    expect((await call(t.app, 'POST', 'shops', { body: {} })).statusCode).toBe(401);
  });
});

describe('POST /v1/shop/create', () => {
  it('creates a shop with defaults, an automatic code, flat core prices and shop.create', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await insertUser(t.db, 'AGENT');
    const body = newShop({
      agentId: agent.id,
      phone: '020 5555 1234',
      openShop: '07:00',
      closeShop: '22:30',
    });
    const res = await post('shop/create', admin.token, body);
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    const id = res.body.data?.id ?? '';
    const row = await shopRow(id);
    expect(res.body.data).toMatchObject({
      name: body.name,
      code: `S${String(row?.seq).padStart(4, '0')}`,
      agentId: agent.id,
      agentName: `Test ${agent.username}`,
      phone: '02055551234',
      status: 'ACTIVE',
      timezone: 'Asia/Vientiane',
      openShop: '07:00',
      closeShop: '22:30',
      priceMotorbike: 2000,
      priceCar: 5000,
      branchCount: 0,
      logoPath: null,
    });
    expect(await ruleOf(id, 'MOTORBIKE')).toMatchObject({ mode: 'FLAT', flatFee: 2000 });
    expect(await ruleOf(id, 'CAR')).toMatchObject({ mode: 'FLAT', flatFee: 5000 });
    const [event] = await auditEventsOf(t.db, id);
    expect(event).toMatchObject({ action: 'shop.create', entity: 'shop', actorId: admin.id, shopId: id });
    expect(event?.after).toMatchObject({ name: body.name, agentId: agent.id, priceCar: 5000 });
  });

  it('answers 400 with Lao messages per field (English on request) and writes nothing', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const before = await counts();
    const bad = {
      name: ' ',
      code: 'a b',
      phone: 'abc',
      openShop: '25:00',
      closeShop: '7pm',
      priceMotorbike: -1,
      priceCar: 1.5,
      timezone: 'Mars/Base',
      status: 'OPEN',
      agentId: 'nobody',
    };
    const res = await post('shop/create', admin.token, bad);
    expect(res.body.message).toBe('ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ');
    expectError(res, 400, {
      name: 'ກະລຸນາປ້ອນຊື່ຮ້ານ',
      code: 'ລະຫັດຮ້ານມີ 2–12 ຕົວ: A–Z, 0–9 ແລະ - ເທົ່ານັ້ນ',
      phone: 'ເບີໂທບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
      openShop: 'ເວລາບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 07:30)',
      closeShop: 'ເວລາບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 07:30)',
      priceMotorbike: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
      priceCar: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
      timezone: 'ເຂດເວລາບໍ່ຖືກຕ້ອງ',
      status: M.invalid,
      agentId: M.invalid,
    });
    expectError(await post('shop/create', admin.token, newShop({ openShop: '07:00' })), 400, {
      closeShop: 'ກະລຸນາປ້ອນທັງເວລາເປີດ ແລະ ເວລາປິດ',
    });
    const en = await post(
      'shop/create',
      admin.token,
      { ...newShop(), name: '' },
      { 'accept-language': 'en' },
    );
    expect(en.body.message).toBe('Some input is not valid; please check it');
    expectError(en, 400, { name: 'Please enter the shop name' });
    for (const body of [null, [], 7, { ...newShop(), qrReceiver: { iin: '1' } }]) {
      expect((await post('shop/create', admin.token, body)).statusCode).toBe(400);
    }
    expectError(await post('shop/create', admin.token, 'name=x'), 415, 'ບໍ່ຮອງຮັບຮູບແບບຂໍ້ມູນນີ້');
    expect(await counts()).toEqual(before);
  });

  it('keeps codes unique, the automatic ones included, in any letter case', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const code = newCode();
    const first = await post('shop/create', admin.token, newShop({ code: code.toLowerCase() }));
    expect([first.statusCode, first.body.data?.code]).toEqual([201, code]);
    const auto = await insertShop(t.db);
    const before = await counts();
    for (const taken of [code, auto.code.toLowerCase()]) {
      const res = await post('shop/create', admin.token, newShop({ code: taken }));
      expectError(res, 409, { code: M.codeTaken });
      expect(res.body.message).toBe(M.codeTaken);
    }
    expect(await counts()).toEqual(before);
  });

  it('gives an agent’s shop to the agent; admins pick an active agent; managers and staff may not', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await signedIn(t, 'AGENT');
    const other = await insertUser(t.db, 'AGENT');
    const suspended = await insertUser(t.db, 'AGENT', { status: 'SUSPENDED' });
    const shop = await insertShop(t.db);
    const mgr = await signedIn(t, 'MANAGER', { shopId: shop.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
    const before = await counts();
    for (const agentId of [suspended.id, mgr.id, crypto.randomUUID()]) {
      expectError(await post('shop/create', admin.token, newShop({ agentId })), 400, {
        agentId: M.agentNotFound,
      });
    }
    expectError(await post('shop/create', agent.token, newShop({ agentId: other.id })), 403, M.forbidden);
    expectError(await post('shop/create', mgr.token, newShop()), 403, M.forbidden);
    expectError(await post('shop/create', cashier.token, newShop()), 403, M.forbidden);
    expect(await counts()).toEqual(before);
    const own = await post('shop/create', agent.token, newShop({ agentId: '' }));
    expect([own.statusCode, own.body.data?.agentId]).toEqual([201, agent.id]);
    const none = await post('shop/create', admin.token, newShop());
    expect([none.statusCode, none.body.data?.agentId]).toEqual([201, null]);
    const sa = await signedIn(t, 'SUPER-ADMIN');
    const given = await post('shop/create', sa.token, newShop({ agentId: other.id }));
    expect([given.statusCode, given.body.data?.agentId]).toEqual([201, other.id]);
  });
});

describe('POST /v1/branch/create', () => {
  it('takes the main shop’s agent, package, time zone and hours unless given', async () => {
    const agent = await signedIn(t, 'AGENT');
    const pkg = await newPackage();
    const main = await insertShop(t.db, {
      agentId: agent.id,
      packageId: pkg,
      openShop: '18:00',
      closeShop: '02:00',
      timezone: 'Asia/Bangkok',
    });
    const res = await post('branch/create', agent.token, newShop({ parentId: main.id }));
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    expect(res.body.data).toMatchObject({
      parentId: main.id,
      parentName: main.name,
      agentId: agent.id,
      packageId: pkg,
      timezone: 'Asia/Bangkok',
      openShop: '18:00',
      closeShop: '02:00',
    });
    const id = res.body.data?.id ?? '';
    expect(await actions(id)).toEqual(['shop.create_branch']);
    expect(await ruleOf(id, 'MOTORBIKE')).toMatchObject({ flatFee: 2000 });
    const own = await post('branch/create', agent.token, {
      ...newShop({ parentId: main.id, timezone: 'Asia/Vientiane' }),
      openShop: '',
      closeShop: '',
    });
    expect(own.body.data).toMatchObject({ openShop: null, closeShop: null, timezone: 'Asia/Vientiane' });
    const list = await post<S[]>('shops', agent.token, { parentId: main.id });
    expect(list.body.meta?.total).toBe(2);
    expect((await post('shop/detail', agent.token, { id: main.id })).body.data).toMatchObject({
      shop: { branchCount: 2 },
    });
  });

  it('only on a main shop in scope: 404 outside, 409 on a branch or a closed shop, 403 for staff', async () => {
    const agent = await signedIn(t, 'AGENT');
    const main = await insertShop(t.db, { agentId: agent.id });
    const branch = await insertShop(t.db, { agentId: agent.id, parentId: main.id });
    const closed = await insertShop(t.db, { agentId: agent.id, status: 'CLOSED' });
    const foreign = await insertShop(t.db);
    const mgr = await signedIn(t, 'MANAGER', { shopId: main.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: main.id });
    const before = await counts();
    const branchOf = (token: string, parentId: string) => post('branch/create', token, newShop({ parentId }));
    expectError(await branchOf(agent.token, foreign.id), 404, M.notFound);
    expectError(await branchOf(mgr.token, foreign.id), 404, M.notFound);
    expectError(await branchOf(agent.token, crypto.randomUUID()), 404, M.notFound);
    expectError(await branchOf(agent.token, branch.id), 409, 'ສ້າງສາຂາໄດ້ສະເພາະຈາກຮ້ານຫຼັກເທົ່ານັ້ນ');
    expectError(await branchOf(mgr.token, branch.id), 409, 'ສ້າງສາຂາໄດ້ສະເພາະຈາກຮ້ານຫຼັກເທົ່ານັ້ນ');
    expectError(await branchOf(agent.token, closed.id), 409, 'ຮ້ານນີ້ບໍ່ໄດ້ເປີດໃຊ້ງານ');
    expectError(await branchOf(cashier.token, main.id), 403, M.forbidden);
    expectError(await branchOf(agent.token, 'main'), 400, { parentId: M.invalid });
    expect(await counts()).toEqual(before);
    const made = await branchOf(mgr.token, main.id);
    expect([made.statusCode, made.body.data?.agentId]).toEqual([201, agent.id]);
  });
});

describe('POST /v1/shop/update', () => {
  it('changes only the fields sent and audits just what changed', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db, {
      address: 'Old road',
      phone: '02055550000',
      openShop: '07:00',
      closeShop: '19:00',
    });
    const res = await post('shop/update', admin.token, {
      id: shop.id,
      name: 'Renamed',
      phone: '',
      address: 'Old road',
    });
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    expect(await shopRow(shop.id)).toMatchObject({
      name: 'Renamed',
      phone: null,
      address: 'Old road',
      openShop: '07:00',
      code: shop.code,
    });
    const [event] = await auditEventsOf(t.db, shop.id);
    expect([event?.action, event?.before, event?.after]).toEqual([
      'shop.update',
      { name: shop.name, phone: '02055550000' },
      { name: 'Renamed', phone: null },
    ]);
    // Nothing new: answered as it is, nothing written; parentId and a null code are not changes.
    const same = await post('shop/update', admin.token, {
      id: shop.id,
      name: 'Renamed',
      code: null,
      parentId: shop.id,
    });
    expect([same.statusCode, same.body.data?.parentId, same.body.data?.code]).toEqual([200, null, shop.code]);
    expect(await actions(shop.id)).toEqual(['shop.update']);
  });

  it('moves the motorbike and car rules with the shop’s prices; the staff session shows them', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db, { priceMotorbike: 1000, priceCar: 3000 });
    const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
    await t.db
      .update(priceRules)
      .set({ mode: 'TIMED', firstPeriodFee: 3000, dailyCap: 8000 })
      .where(and(eq(priceRules.shopId, shop.id), eq(priceRules.vehicleType, 'CAR')));
    const res = await post('shop/update', admin.token, { id: shop.id, priceMotorbike: 1500, priceCar: 4000 });
    expect(res.body.data).toMatchObject({ priceMotorbike: 1500, priceCar: 4000 });
    expect(await ruleOf(shop.id, 'MOTORBIKE')).toMatchObject({ mode: 'FLAT', flatFee: 1500 });
    expect(await ruleOf(shop.id, 'CAR')).toMatchObject({
      mode: 'TIMED',
      firstPeriodFee: 4000,
      flatFee: 3000,
    });
    const me = await call<{ user: { priceMotorbike: number; priceCar: number } }>(t.app, 'POST', 'me', {
      token: cashier.token,
      body: {},
    });
    expect(me.body.data?.user).toMatchObject({ priceMotorbike: 1500, priceCar: 4000 });
    // A timed car rule capped at 8000 a day cannot start at 9000: refused, and nothing moves.
    const capped = await post('shop/update', admin.token, { id: shop.id, priceMotorbike: 1, priceCar: 9000 });
    expectError(capped, 400, { priceCar: 'ເພດານຕໍ່ມື້ຕ້ອງບໍ່ໜ້ອຍກວ່າລາຄາຊ່ວງທຳອິດ' });
    expect(await shopRow(shop.id)).toMatchObject({ priceMotorbike: 1500, priceCar: 4000 });
    expect(await ruleOf(shop.id, 'MOTORBIKE')).toMatchObject({ flatFee: 1500 });
    expect(await actions(shop.id)).toEqual(['shop.update']);
  });

  it('limits agents and managers to their shops and fields; staff may not edit', async () => {
    const agent = await signedIn(t, 'AGENT');
    const other = await insertUser(t.db, 'AGENT');
    const main = await insertShop(t.db, { agentId: agent.id });
    const branch = await insertShop(t.db, { agentId: agent.id, parentId: main.id });
    const foreign = await insertShop(t.db, { agentId: other.id });
    const mgr = await signedIn(t, 'MANAGER', { shopId: main.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: main.id });
    const before = await counts();
    const edit = (token: string, id: string, extra: object) => post('shop/update', token, { id, ...extra });
    expectError(await edit(agent.token, foreign.id, { name: 'Mine now' }), 404, M.notFound);
    expectError(await edit(mgr.token, foreign.id, { name: 'Mine now' }), 404, M.notFound);
    expectError(await edit(agent.token, crypto.randomUUID(), { name: 'X' }), 404, M.notFound);
    expectError(await edit(agent.token, main.id, { agentId: other.id }), 403, M.forbidden);
    expectError(await edit(agent.token, main.id, { agentId: null }), 403, M.forbidden);
    for (const extra of [{ agentId: other.id }, { packageId: crypto.randomUUID() }, { status: 'CLOSED' }]) {
      expectError(await edit(mgr.token, branch.id, { name: 'B', ...extra }), 403, M.forbidden);
    }
    expectError(await edit(cashier.token, main.id, { name: 'X' }), 403, M.forbidden);
    expectError(await edit(agent.token, main.id, { code: foreign.code }), 409, { code: M.codeTaken });
    expect(await counts()).toEqual(before);
    expect((await shopRow(foreign.id))?.name).toBe(foreign.name);
    expect(await actions(foreign.id)).toEqual([]);
    const ok = await edit(mgr.token, branch.id, { name: 'Branch B', status: 'ACTIVE', agentId: agent.id });
    expect([ok.statusCode, ok.body.data?.name]).toEqual([200, 'Branch B']);
    const byAgent = await edit(agent.token, main.id, { status: 'SUSPENDED', code: newCode() });
    expect([byAgent.statusCode, byAgent.body.data?.status]).toEqual([200, 'SUSPENDED']);
  });

  it('lets admins move a main shop and its branches to another active agent', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const [a, b] = [await insertUser(t.db, 'AGENT'), await insertUser(t.db, 'AGENT')];
    const main = await insertShop(t.db, { agentId: a.id });
    const branch = await insertShop(t.db, { agentId: a.id, parentId: main.id });
    const notAgent = await insertUser(t.db, 'ADMIN');
    expectError(await post('shop/update', admin.token, { id: main.id, agentId: notAgent.id }), 400, {
      agentId: M.agentNotFound,
    });
    const pkg = await newPackage();
    const res = await post('shop/update', admin.token, { id: main.id, agentId: b.id, packageId: pkg });
    expect(res.body.data).toMatchObject({ agentId: b.id, packageId: pkg });
    expect(await shopRow(branch.id)).toMatchObject({ agentId: b.id, packageId: pkg });
    const cleared = await post('shop/update', admin.token, { id: main.id, agentId: '' });
    expect(cleared.body.data?.agentId).toBeNull();
    expect((await shopRow(branch.id))?.agentId).toBeNull();
    // A branch follows its main shop: its own agent or package cannot be set, not even by an admin.
    await post('shop/update', admin.token, { id: main.id, agentId: a.id });
    for (const change of [{ agentId: b.id }, { packageId: crypto.randomUUID() }]) {
      expectError(
        await post('shop/update', admin.token, { id: branch.id, ...change }),
        409,
        'ສາຂາໃຊ້ຕົວແທນ ແລະ ແພັກເກັດດຽວກັບຮ້ານຫຼັກ: ປ່ຽນທີ່ຮ້ານຫຼັກ',
      );
    }
    expect(await shopRow(branch.id)).toMatchObject({ agentId: a.id, packageId: pkg });
    expect((await post('shop/update', admin.token, { id: branch.id, agentId: a.id })).statusCode).toBe(200);
    expectError(await post('shop/update', admin.token, { id: main.id, name: '' }), 400, {
      name: 'ກະລຸນາປ້ອນຊື່ຮ້ານ',
    });
  });
});

describe('POST /v1/shop/detail', () => {
  it('shows branches, staff, price rules in order and today’s figures', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db, { openShop: '06:00', closeShop: '23:00', priceMotorbike: 2000 });
    const other = await insertShop(t.db);
    const branchB = await insertShop(t.db, { parentId: shop.id, name: `${shop.name} B` });
    const branchA = await insertShop(t.db, { parentId: shop.id, name: `${shop.name} A` });
    const cashier = await insertUser(t.db, 'SHOP', { shopId: shop.id, fullName: 'Aa cashier' });
    const mgr = await insertUser(t.db, 'MANAGER', { shopId: shop.id, fullName: 'Zz manager' });
    await insertUser(t.db, 'SHOP', { shopId: shop.id, status: 'DELETED', deletedAt: new Date() });
    for (const vehicleType of ['TRUCK', 'BICYCLE']) {
      await t.db.insert(priceRules).values({ shopId: shop.id, vehicleType, flatFee: 500 });
    }
    const today = businessDate(new Date(), {
      timezone: 'Asia/Vientiane',
      openShop: '06:00',
      closeShop: '23:00',
    });
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const at = new Date();
    let n = 0;
    // Each bill wholly on one business day (check-in, check-out or cancel).
    const bill = (status: string, extra: Partial<typeof bills.$inferInsert> = {}) => {
      const day = extra.businessDate ?? today;
      return {
        shopId: shop.id,
        reference: unique('ref'),
        number: ++n,
        vehicleType: 'MOTORBIKE',
        status,
        businessDate: day,
        checkInAt: at,
        ...(status === 'CLOSED' || status === 'LOST'
          ? { checkOutAt: at, outBusinessDate: day, paymentMethod: 'CASH' }
          : {}),
        ...(status === 'CANCELLED'
          ? { cancelledAt: at, cancelBusinessDate: day, cancelReason: 'mistake' }
          : {}),
        ...extra,
      };
    };
    await t.db
      .insert(bills)
      .values([
        bill('PARKED'),
        bill('PARKED', { businessDate: yesterday }),
        bill('CLOSED', { fee: 5000 }),
        bill('CLOSED', { fee: 3000 }),
        bill('LOST', { fee: 20000 }),
        bill('CANCELLED'),
        bill('CLOSED', { fee: 9999, businessDate: yesterday }),
        { ...bill('CLOSED', { fee: 7777 }), shopId: other.id },
      ]);
    const res = await post<{
      shop: S;
      branches: Array<{ id: string }>;
      staff: Array<{ id: string }>;
      prices: Array<{ vehicleType: string }>;
      today: object;
    }>('shop/detail', admin.token, { id: shop.id });
    expect(res.statusCode).toBe(200);
    const detail = res.body.data;
    expect(detail?.shop).toMatchObject({ id: shop.id, branchCount: 2 });
    expect(detail?.branches.map((b) => b.id)).toEqual([branchA.id, branchB.id]);
    expect(detail?.staff.map((u) => u.id)).toEqual([mgr.id, cashier.id]);
    expect(detail?.prices.map((p) => p.vehicleType)).toEqual(['MOTORBIKE', 'CAR', 'BICYCLE', 'TRUCK']);
    expect(detail?.today).toEqual({
      businessDate: today,
      billsIn: 5,
      billsOut: 3,
      revenue: 28000,
      cancelled: 1,
      parkedNow: 2,
    });
  });

  it('is scoped: staff see their shop only, a guessed id is not found', async () => {
    const main = await insertShop(t.db);
    const branch = await insertShop(t.db, { parentId: main.id });
    const foreign = await insertShop(t.db);
    const mgr = await signedIn(t, 'MANAGER', { shopId: main.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: main.id });
    const detail = (token: string, id: string) => post<{ branches: unknown[] }>('shop/detail', token, { id });
    const own = await detail(cashier.token, main.id);
    expect([own.statusCode, own.body.data?.branches]).toEqual([200, []]);
    expect((await detail(mgr.token, main.id)).body.data?.branches).toHaveLength(1);
    expect((await detail(mgr.token, branch.id)).statusCode).toBe(200);
    expectError(await detail(cashier.token, branch.id), 404, M.notFound);
    expectError(await detail(mgr.token, foreign.id), 404, M.notFound);
    expectError(await detail(cashier.token, 'x'), 400, { id: M.invalid });
  });
});

describe('GET /v1/dividuals-agent', () => {
  it('lists active agents for admins, only themselves for an agent, nothing for shop people', async () => {
    const admin = await signedIn(t, 'SUPER-ADMIN');
    const tag = unique('agt');
    const b = await insertUser(t.db, 'AGENT', { fullName: `${tag} B` });
    const a = await insertUser(t.db, 'AGENT', { fullName: `${tag} A` });
    await insertUser(t.db, 'AGENT', { fullName: `${tag} off`, status: 'SUSPENDED' });
    await insertUser(t.db, 'ADMIN', { fullName: `${tag} admin` });
    const get = (token: string, q = '') =>
      call<Array<{ id: string }>>(t.app, 'GET', `dividuals-agent?q=${encodeURIComponent(q)}`, { token });
    const found = await get(admin.token, tag);
    expect(found.body.data).toEqual([
      { id: a.id, fullName: `${tag} A`, username: a.username },
      { id: b.id, fullName: `${tag} B`, username: b.username },
    ]);
    expect((await get(admin.token, b.username.toUpperCase())).body.data?.map((u) => u.id)).toEqual([b.id]);
    expect((await get(admin.token)).body.data?.length).toBeLessThanOrEqual(50);
    const agent = await signedIn(t, 'AGENT');
    expect((await get(agent.token, tag)).body.data).toEqual([
      { id: agent.id, fullName: `Test ${agent.username}`, username: agent.username },
    ]);
    const shop = await insertShop(t.db);
    for (const role of ['MANAGER', 'SHOP'] as const) {
      const user = await signedIn(t, role, { shopId: shop.id });
      expectError(await get(user.token), 403, M.forbidden);
    }
    const long = await get(admin.token, 'x'.repeat(101));
    expect([long.statusCode, long.body.messages?.q]).toEqual([400, expect.stringMatching(/^ຍາວເກີນໄປ/)]);
  });
});
