import { monthIn, nextMonth } from '@parking-hub/contracts/packages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { fees, packages, shopPackages } from '../../db/schema/packages.ts';
import { shops } from '../../db/schema/shops.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';

type P = { id: string; shopsUsing: number; active: boolean } & Record<string, unknown>;
type F = { id: string; code: string; amount: number; active: boolean } & Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = P>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const get = <T = P[]>(path: string, token: string) => call<T>(t.app, 'GET', path, { token });
const counts = async () => ({
  packages: await t.db.$count(packages),
  fees: await t.db.$count(fees),
  months: await t.db.$count(shopPackages),
  audit: await t.db.$count(auditEvents),
});
const packageRow = async (id: string) => (await t.db.select().from(packages).where(eq(packages.id, id)))[0];
const thisMonth = monthIn(new Date(), 'Asia/Vientiane');

export const M = {
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  notFound: 'ບໍ່ພົບແພັກເກັດນີ້',
  amount: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
  allowance: 'ຈຳນວນທີ່ອະນຸຍາດຕ້ອງເປັນຈຳນວນເຕັມ (ຜູ້ໃຊ້ຢ່າງໜ້ອຍ 1, ສາຂາຢ່າງໜ້ອຍ 0); ຫວ່າງໄວ້ = ບໍ່ຈຳກັດ',
  tickets: 'ຈຳນວນບິນຕ້ອງເປັນຈຳນວນເຕັມ ບໍ່ຕິດລົບ',
  name: 'ກະລຸນາປ້ອນຊື່ແພັກເກັດ',
  unknown: 'ບໍ່ຮູ້ຈັກຊ່ອງຂໍ້ມູນນີ້',
  deactivated: 'ແພັກເກັດນີ້ມີຮ້ານໃຊ້ຢູ່ ຫຼື ເຄີຍໃຊ້ ຈຶ່ງປິດການໃຊ້ງານແທນການລຶບ',
};

export const basic = (extra: object = {}) => ({
  nameLo: unique('ພື້ນຖານ '),
  nameEn: unique('Basic '),
  monthlyPrice: 150000,
  ticketsIncluded: 3000,
  extraTicketPrice: 50,
  usersAllowed: 3,
  branchesAllowed: 0,
  ...extra,
});

async function people() {
  const [sa, admin, agent, other] = await Promise.all([
    signedIn(t, 'SUPER-ADMIN'),
    signedIn(t, 'ADMIN'),
    signedIn(t, 'AGENT'),
    signedIn(t, 'AGENT'),
  ]);
  const shop = await insertShop(t.db, { agentId: agent.id });
  const mgr = await signedIn(t, 'MANAGER', { shopId: shop.id });
  const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
  return { sa, admin, agent, other, shop, mgr, cashier };
}

describe('GET /v1/packages', () => {
  it('lists every package to admins and agents, with the shops in their scope that have it now', async () => {
    const p = await people();
    const made = (await post('packages/create', p.admin.token, basic())).body.data as P;
    const foreign = await insertShop(t.db, { agentId: p.other.id, packageId: made.id });
    const branch = await insertShop(t.db, { agentId: p.agent.id, parentId: p.shop.id, packageId: made.id });
    const closed = await insertShop(t.db, { agentId: p.agent.id, status: 'CLOSED', packageId: made.id });
    const later = await insertShop(t.db, { agentId: p.agent.id, packageId: made.id });
    const month = (m: string) => `${m}-01`;
    await t.db.insert(shopPackages).values([
      { shopId: p.shop.id, fromMonth: month(thisMonth), packageId: made.id },
      { shopId: foreign.id, fromMonth: month(thisMonth), packageId: made.id },
      { shopId: closed.id, fromMonth: month(thisMonth), packageId: made.id },
      { shopId: later.id, fromMonth: month(nextMonth(thisMonth)), packageId: made.id },
    ]);
    await t.db.update(shops).set({ packageId: made.id }).where(eq(shops.id, p.shop.id));
    const using = async (token: string) => {
      const res = await get('packages', token);
      expect(res.statusCode).toBe(200);
      return res.body.data?.find((x) => x.id === made.id)?.shopsUsing;
    };
    // Main shops, not closed, whose package this month it is: a branch, a later start do not count.
    expect(await using(p.admin.token)).toBe(2);
    expect(await using(p.sa.token)).toBe(2);
    expect(await using(p.agent.token)).toBe(1);
    expect(await using(p.other.token)).toBe(1);
    expect(branch.parentId).toBe(p.shop.id);
    expectError(await get('packages', p.mgr.token), 403, M.forbidden);
    expectError(await get('packages', p.cashier.token), 403, M.forbidden);
    expect((await call(t.app, 'GET', 'packages')).statusCode).toBe(401);
  });
});

describe('POST /v1/packages/create', () => {
  it('adds a package for admins, audited; a null allowance is no limit', async () => {
    const p = await people();
    const res = await post('packages/create', p.sa.token, basic({ usersAllowed: null, branchesAllowed: '' }));
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    expect(res.body.data).toMatchObject({
      usersAllowed: null,
      branchesAllowed: null,
      active: true,
      shopsUsing: 0,
    });
    const [event] = await auditEventsOf(t.db, res.body.data?.id ?? '');
    expect(event).toMatchObject({ action: 'package.create', entity: 'package', actorId: p.sa.id });
    expect(event?.after).toMatchObject({ monthlyPrice: 150000, usersAllowed: null });
    const before = await counts();
    for (const who of [p.agent, p.mgr, p.cashier]) {
      expectError(await post('packages/create', who.token, basic()), 403, M.forbidden);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with Lao messages for bad kip, counts and names, and writes nothing', async () => {
    const p = await people();
    const before = await counts();
    const cases: Array<[object, Record<string, string>]> = [
      [{ monthlyPrice: -1 }, { monthlyPrice: M.amount }],
      [{ monthlyPrice: 1500.5 }, { monthlyPrice: M.amount }],
      [{ extraTicketPrice: 'abc' }, { extraTicketPrice: M.amount }],
      [{ ticketsIncluded: -5 }, { ticketsIncluded: M.tickets }],
      [{ usersAllowed: 0 }, { usersAllowed: M.allowance }],
      [{ branchesAllowed: -1 }, { branchesAllowed: M.allowance }],
      [{ usersAllowed: 2.5 }, { usersAllowed: M.allowance }],
      [{ nameLo: '  ' }, { nameLo: M.name }],
      [{ monthlyPrice: 20_000_000 }, { monthlyPrice: 'ຕ້ອງບໍ່ເກີນ 10000000' }],
      [{ shopsUsing: 3 }, { shopsUsing: M.unknown }],
    ];
    for (const [extra, messages] of cases) {
      expectError(await post('packages/create', p.admin.token, basic(extra)), 400, messages);
    }
    const { nameEn: _n, ...noName } = basic();
    expectError(await post('packages/create', p.admin.token, noName), 400, { nameEn: M.name });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /v1/packages/update', () => {
  it('changes the fields sent, audited with before and after', async () => {
    const p = await people();
    const made = (await post('packages/create', p.admin.token, basic())).body.data as P;
    const res = await post('packages/update', p.admin.token, {
      id: made.id,
      monthlyPrice: 180000,
      usersAllowed: 5,
    });
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    expect(res.body.data).toMatchObject({ monthlyPrice: 180000, usersAllowed: 5, ticketsIncluded: 3000 });
    const events = await auditEventsOf(t.db, made.id);
    expect(events.map((e) => e.action)).toEqual(['package.create', 'package.update']);
    expect(events[1]?.before).toMatchObject({ monthlyPrice: 150000, usersAllowed: 3 });
    expect(events[1]?.after).toMatchObject({ monthlyPrice: 180000, usersAllowed: 5 });
    const before = await counts();
    expectError(
      await post('packages/update', p.agent.token, { id: made.id, monthlyPrice: 1 }),
      403,
      M.forbidden,
    );
    expectError(await post('packages/update', p.admin.token, { id: made.id, monthlyPrice: -1 }), 400, {
      monthlyPrice: M.amount,
    });
    expectError(
      await post('packages/update', p.admin.token, { id: crypto.randomUUID(), active: false }),
      404,
      M.notFound,
    );
    expectError(await post('packages/update', p.admin.token, { id: 'x' }), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expect(await counts()).toEqual(before);
    expect(await packageRow(made.id)).toMatchObject({ monthlyPrice: 180000 });
  });
});

describe('delete a package', () => {
  it('deletes one no shop ever had; deactivates one a shop has or had (both paths)', async () => {
    const p = await people();
    const make = async () => ((await post('packages/create', p.admin.token, basic())).body.data as P).id;
    const unused = await make();
    const res = await post<{ deleted: boolean }>('packages/delete', p.admin.token, { id: unused });
    expect([res.statusCode, res.body.message, res.body.data]).toEqual([
      200,
      'ລຶບສຳເລັດ',
      { id: unused, deleted: true, deactivated: false },
    ]);
    expect(await packageRow(unused)).toBeUndefined();
    expect((await auditEventsOf(t.db, unused)).map((e) => e.action)).toEqual([
      'package.create',
      'package.delete',
    ]);

    const inHistory = await make();
    await t.db
      .insert(shopPackages)
      .values({ shopId: p.shop.id, fromMonth: '2024-01-01', packageId: inHistory });
    const byPath = await call(t.app, 'DELETE', `packages/delete/${inHistory}`, { token: p.sa.token });
    expect([byPath.statusCode, byPath.body.message, byPath.body.data]).toEqual([
      200,
      M.deactivated,
      { id: inHistory, deleted: false, deactivated: true },
    ]);
    expect(await packageRow(inHistory)).toMatchObject({ active: false });
    expect((await auditEventsOf(t.db, inHistory)).map((e) => e.action)).toEqual([
      'package.create',
      'package.deactivate',
    ]);

    const onShop = await make();
    await insertShop(t.db, { packageId: onShop });
    expect((await post('packages/delete', p.admin.token, { id: onShop })).body.data).toMatchObject({
      deleted: false,
    });
    expect(await packageRow(onShop)).toMatchObject({ active: false });

    // A promotion names packages without a foreign key: a package it names is kept, switched off.
    const onPromotion = await make();
    const promo = await post('promotion/create', p.admin.token, {
      title: 'ຫຼຸດ',
      body: '',
      discountType: 'PERCENT',
      discountValue: 10,
      validFrom: '2025-01-01',
      validUntil: '2025-01-31',
      audience: 'ALL',
      packageIds: [onPromotion],
      active: false,
    });
    expect(promo.statusCode).toBe(201);
    expect((await post('packages/delete', p.admin.token, { id: onPromotion })).body.data).toEqual({
      id: onPromotion,
      deleted: false,
      deactivated: true,
    });
    expect(await packageRow(onPromotion)).toMatchObject({ active: false });

    const before = await counts();
    const kept = await make();
    const after = await counts();
    expectError(await post('packages/delete', p.agent.token, { id: kept }), 403, M.forbidden);
    expectError(
      await call(t.app, 'DELETE', `packages/delete/${kept}`, { token: p.mgr.token }),
      403,
      M.forbidden,
    );
    expectError(await post('packages/delete', p.admin.token, { id: crypto.randomUUID() }), 404, M.notFound);
    expectError(await call(t.app, 'DELETE', 'packages/delete/nope', { token: p.admin.token }), 400, {
      id: 'ຄ່າບໍ່ຖືກຕ້ອງ',
    });
    expect(await counts()).toEqual({ ...after });
    expect(after.packages).toBe(before.packages + 1);
  });
});

describe('fees', () => {
  it('lists the seeded fees to agents and admins; admins add and edit them, audited', async () => {
    const p = await people();
    const list = await get<F[]>('fees', p.agent.token);
    expect(list.statusCode).toBe(200);
    expect(list.body.data?.map((f) => f.code)).toEqual(
      expect.arrayContaining(['EXTRA_USER', 'PAPER_ROLL', 'PRINTER', 'SETUP']),
    );
    expectError(await get('fees', p.mgr.token), 403, M.forbidden);
    expectError(await get('fees', p.cashier.token), 403, M.forbidden);

    const code = unique('T_').toUpperCase().slice(0, 30);
    const body = { code: code.toLowerCase(), nameLo: 'ຄ່າຝຶກອົບຮົມ', nameEn: 'Training', amount: 250000 };
    const made = await post<F>('fees/create', p.admin.token, body);
    expect([made.statusCode, made.body.data?.code, made.body.data?.active]).toEqual([201, code, true]);
    const id = made.body.data?.id ?? '';
    const edited = await post<F>('fees/update', p.sa.token, { id, amount: 275000, active: false });
    expect(edited.body.data).toMatchObject({ amount: 275000, active: false, code });
    const events = await auditEventsOf(t.db, id);
    expect(events.map((e) => [e.action, e.entity])).toEqual([
      ['fee.create', 'fee'],
      ['fee.update', 'fee'],
    ]);
    expect([events[1]?.before, events[1]?.after]).toMatchObject([{ amount: 250000 }, { amount: 275000 }]);

    const before = await counts();
    expectError(await post('fees/create', p.admin.token, body), 409, { code: 'ລະຫັດຄ່າທຳນຽມນີ້ມີແລ້ວ' });
    expectError(await post('fees/create', p.agent.token, { ...body, code: 'AGENT_FEE' }), 403, M.forbidden);
    expectError(await post('fees/update', p.agent.token, { id, amount: 1 }), 403, M.forbidden);
    expectError(await post('fees/create', p.admin.token, { ...body, code: '1X', amount: -1 }), 400, {
      code: 'ລະຫັດຄ່າທຳນຽມມີ 2–32 ຕົວ: A–Z, 0–9 ແລະ _, ເລີ່ມດ້ວຍຕົວອັກສອນ',
      amount: M.amount,
    });
    expectError(await post('fees/update', p.admin.token, { id, amount: 0.5 }), 400, { amount: M.amount });
    expectError(await post('fees/update', p.admin.token, { id, code: 'NEW' }), 400, { code: M.unknown });
    expectError(
      await post('fees/update', p.admin.token, { id: crypto.randomUUID(), amount: 1 }),
      404,
      'ບໍ່ພົບຄ່າທຳນຽມນີ້',
    );
    expect(await counts()).toEqual(before);
  });
});
