import { monthIn, nextMonth } from '@parking-hub/contracts/packages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { packages, shopPackages } from '../../db/schema/packages.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import {
  call,
  createTestApp,
  expectError,
  insertShop,
  insertUser,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { packageForMonth } from './shop-packages.repository.ts';
import { assertUserAllowance } from './shop-packages.service.ts';

type S = { id: string; packageId: string | null } & Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = S>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const thisMonth = monthIn(new Date(), 'Asia/Vientiane');
const next = nextMonth(thisMonth);
const afterNext = nextMonth(next);
const previous = (() => {
  const [y, m] = thisMonth.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
})();
const months = async (shopId: string) =>
  (await t.db.select().from(shopPackages).where(eq(shopPackages.shopId, shopId)))
    .map((r) => [r.fromMonth.slice(0, 7), r.packageId])
    .sort();
const shopRow = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0];
const counts = async () => ({
  shops: await t.db.$count(shops),
  users: await t.db.$count(users),
  months: await t.db.$count(shopPackages),
  audit: await t.db.$count(auditEvents),
});

async function makePackage(values: Partial<typeof packages.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(packages)
    .values({
      nameLo: unique('ແພັກເກັດ '),
      nameEn: unique('Package '),
      monthlyPrice: 200000,
      ticketsIncluded: 3000,
      extraTicketPrice: 50,
      ...values,
    })
    .returning();
  if (!row) throw new Error('package insert failed');
  return row;
}

const newShop = (extra: object = {}) => ({
  name: unique('ຮ້ານ '),
  priceMotorbike: 2000,
  priceCar: 5000,
  ...extra,
});

describe('a shop’s package by month', () => {
  it('starts this month by default, or a later month; never an earlier one', async () => {
    const agent = await signedIn(t, 'AGENT');
    const [basic, pro] = [await makePackage(), await makePackage({ monthlyPrice: 450000 })];
    const now = await post('shop/create', agent.token, newShop({ packageId: basic.id }));
    expect([now.statusCode, now.body.data?.packageId]).toEqual([201, basic.id]);
    const id = now.body.data?.id ?? '';
    expect(await months(id)).toEqual([[thisMonth, basic.id]]);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.map((e) => e.action)).toEqual(['shop.create', 'shop.package']);
    expect(events[1]?.after).toEqual({ packageId: basic.id, packageFrom: thisMonth });

    const later = await post('shop/create', agent.token, newShop({ packageId: pro.id, packageFrom: next }));
    expect(await months(later.body.data?.id ?? '')).toEqual([[next, pro.id]]);

    const before = await counts();
    const past = await post(
      'shop/create',
      agent.token,
      newShop({ packageId: pro.id, packageFrom: previous }),
    );
    expectError(past, 400, {
      packageFrom: 'ເລືອກເດືອນກ່ອນເດືອນນີ້ບໍ່ໄດ້: ໃບແຈ້ງໜີ້ຂອງເດືອນທີ່ຜ່ານມາໃຊ້ແພັກເກັດເດີມ',
    });
    expectError(
      await post('shop/create', agent.token, newShop({ packageId: pro.id, packageFrom: '2026-13' })),
      400,
      {
        packageFrom: 'ເດືອນບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 2026-08)',
      },
    );
    expectError(await post('shop/create', agent.token, newShop({ packageFrom: next })), 400, {
      packageId: 'ກະລຸນາເລືອກແພັກເກັດ',
    });
    expectError(await post('shop/create', agent.token, newShop({ packageId: crypto.randomUUID() })), 400, {
      packageId: 'ບໍ່ພົບແພັກເກັດນີ້',
    });
    expect(await counts()).toEqual(before);
  });

  it('agents give only active packages; admins may give any', async () => {
    const [agent, admin] = [await signedIn(t, 'AGENT'), await signedIn(t, 'ADMIN')];
    const retired = await makePackage({ active: false });
    const before = await counts();
    expectError(await post('shop/create', agent.token, newShop({ packageId: retired.id })), 400, {
      packageId: 'ແພັກເກັດນີ້ປິດການໃຊ້ງານແລ້ວ, ກະລຸນາເລືອກແພັກເກັດອື່ນ',
    });
    expect(await counts()).toEqual(before);
    const byAdmin = await post('shop/create', admin.token, newShop({ packageId: retired.id }));
    expect(byAdmin.statusCode).toBe(201);
  });

  it('a change from a later month keeps the months before; later choices give way; history on the detail', async () => {
    const agent = await signedIn(t, 'AGENT');
    const [basic, standard, pro] = [await makePackage(), await makePackage(), await makePackage()];
    const shop = await insertShop(t.db, { agentId: agent.id, packageId: basic.id });
    const branch = await insertShop(t.db, { agentId: agent.id, parentId: shop.id, packageId: basic.id });
    await t.db.insert(shopPackages).values([
      { shopId: shop.id, fromMonth: '2025-01-01', packageId: standard.id },
      { shopId: shop.id, fromMonth: '2025-06-01', packageId: basic.id },
    ]);
    const edit = (body: object) => post('shop/update', agent.token, { id: shop.id, ...body });
    const res = await edit({ packageId: pro.id, packageFrom: afterNext });
    expect([res.statusCode, res.body.data?.packageId]).toEqual([200, pro.id]);
    expect((await shopRow(branch.id))?.packageId).toBe(pro.id);
    await edit({ packageId: standard.id, packageFrom: next });
    // The choice from next month replaces the one from the month after (both still ahead).
    expect(await months(shop.id)).toEqual([
      ['2025-01', standard.id],
      ['2025-06', basic.id],
      [next, standard.id],
    ]);
    const month = async (m: string) => (await packageForMonth(t.db, branch.id, `${m}-01`))?.id ?? null;
    expect(await month('2024-12')).toBeNull();
    expect(await month('2025-01')).toBe(standard.id);
    expect(await month('2025-05')).toBe(standard.id);
    expect(await month('2025-06')).toBe(basic.id);
    expect(await month(thisMonth)).toBe(basic.id);
    expect(await month(next)).toBe(standard.id);
    expect(await month(afterNext)).toBe(standard.id);

    // The same package from the same month again changes nothing.
    const before = await counts();
    expect((await edit({ packageId: standard.id, packageFrom: next })).statusCode).toBe(200);
    expect((await edit({ packageId: standard.id })).statusCode).toBe(200);
    expect(await counts()).toEqual(before);

    const detail = await post<{ packageHistory: unknown[] }>('shop/detail', agent.token, { id: branch.id });
    expect(detail.body.data?.packageHistory).toEqual([
      {
        month: next,
        packageId: standard.id,
        nameLo: standard.nameLo,
        nameEn: standard.nameEn,
        monthlyPrice: 200000,
      },
      {
        month: '2025-06',
        packageId: basic.id,
        nameLo: basic.nameLo,
        nameEn: basic.nameEn,
        monthlyPrice: 200000,
      },
      {
        month: '2025-01',
        packageId: standard.id,
        nameLo: standard.nameLo,
        nameEn: standard.nameEn,
        monthlyPrice: 200000,
      },
    ]);
  });

  it('refuses a past month, a branch, a manager, another agent’s shop, clearing; nothing written', async () => {
    const [agent, other, admin] = [
      await signedIn(t, 'AGENT'),
      await signedIn(t, 'AGENT'),
      await signedIn(t, 'ADMIN'),
    ];
    const pkg = await makePackage();
    const shop = await insertShop(t.db, { agentId: agent.id, packageId: pkg.id });
    await t.db.insert(shopPackages).values({ shopId: shop.id, fromMonth: '2025-01-01', packageId: pkg.id });
    const branch = await insertShop(t.db, { agentId: agent.id, parentId: shop.id, packageId: pkg.id });
    const mgr = await signedIn(t, 'MANAGER', { shopId: shop.id });
    const newer = await makePackage();
    const before = await counts();
    const edit = (token: string, id: string, body: object) => post('shop/update', token, { id, ...body });
    expectError(await edit(agent.token, shop.id, { packageId: newer.id, packageFrom: previous }), 400, {
      packageFrom: 'ເລືອກເດືອນກ່ອນເດືອນນີ້ບໍ່ໄດ້: ໃບແຈ້ງໜີ້ຂອງເດືອນທີ່ຜ່ານມາໃຊ້ແພັກເກັດເດີມ',
    });
    expectError(
      await edit(admin.token, branch.id, { packageId: newer.id }),
      409,
      'ສາຂາໃຊ້ຕົວແທນ ແລະ ແພັກເກັດດຽວກັບຮ້ານຫຼັກ: ປ່ຽນທີ່ຮ້ານຫຼັກ',
    );
    expectError(await edit(mgr.token, shop.id, { packageId: newer.id }), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
    expectError(await edit(mgr.token, shop.id, { packageFrom: next }), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
    expectError(await edit(other.token, shop.id, { packageId: newer.id }), 404, 'ບໍ່ພົບຮ້ານນີ້');
    expectError(
      await edit(admin.token, shop.id, { packageId: null }),
      409,
      'ຮ້ານນີ້ມີແພັກເກັດແລ້ວ: ປ່ຽນເປັນແພັກເກັດອື່ນໄດ້ ແຕ່ເອົາອອກບໍ່ໄດ້',
    );
    expect(await counts()).toEqual(before);
    // The manager may send the package the shop has (the form sends what it shows).
    expect((await edit(mgr.token, shop.id, { name: 'ຮ້ານໃໝ່', packageId: pkg.id })).statusCode).toBe(200);
  });

  it('clears a package with no months yet, audited as shop.package with no package after', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const pkg = await makePackage();
    const shop = await insertShop(t.db, { packageId: pkg.id });
    const res = await post('shop/update', admin.token, { id: shop.id, packageId: null });
    expect([res.statusCode, res.body.data?.packageId]).toEqual([200, null]);
    expect((await shopRow(shop.id))?.packageId).toBeNull();
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, shop.id));
    expect(events.map((e) => [e.action, e.shopId, e.actorId, e.before, e.after])).toEqual([
      ['shop.package', shop.id, admin.id, { packageId: pkg.id }, { packageId: null }],
    ]);
  });
});

describe('allowances', () => {
  async function full(usersAllowed: number | null, branchesAllowed: number | null) {
    const admin = await signedIn(t, 'ADMIN');
    const pkg = await makePackage({ usersAllowed, branchesAllowed });
    const shop = await insertShop(t.db, { packageId: pkg.id });
    await t.db
      .insert(shopPackages)
      .values({ shopId: shop.id, fromMonth: `${thisMonth}-01`, packageId: pkg.id });
    const user = (shopId: string, role = 'SHOP') => ({
      username: unique('al'),
      fullName: 'ພະນັກງານ',
      password: 'allow-pass-1',
      role,
      shopId,
    });
    return { admin, pkg, shop, user };
  }

  it('counts users of the main shop and its branches against the package (deleted ones not)', async () => {
    const s = await full(3, 2);
    const branch = await insertShop(t.db, { parentId: s.shop.id, packageId: s.pkg.id });
    await insertUser(t.db, 'MANAGER', { shopId: s.shop.id });
    await insertUser(t.db, 'SHOP', {
      shopId: branch.id,
      status: 'DELETED',
      deletedAt: new Date(),
      username: unique('gone'),
    });
    const suspended = await insertUser(t.db, 'SHOP', { shopId: branch.id, status: 'SUSPENDED' });
    expect((await post('user/create', s.admin.token, s.user(branch.id))).statusCode).toBe(201);
    const elsewhere = await insertUser(t.db, 'SHOP', { shopId: (await insertShop(t.db)).id });
    const before = await counts();
    const over = await post('user/create', s.admin.token, s.user(s.shop.id));
    expectError(over, 409, 'ແພັກເກັດຂອງຮ້ານນີ້ໃຫ້ມີຜູ້ໃຊ້ໄດ້ບໍ່ເກີນ 3 ຄົນ (ຮ້ານຫຼັກ ແລະ ສາຂາລວມກັນ): ລຶບຜູ້ໃຊ້ທີ່ບໍ່ໃຊ້ແລ້ວ ຫຼື ປ່ຽນແພັກເກັດ');
    const en = await call(t.app, 'POST', 'user/create', {
      token: s.admin.token,
      body: s.user(s.shop.id),
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.message).toContain('at most 3 users');
    // Moving a user in from another shop counts too; moving within the shop does not add one.
    const move = (u: { id: string; username: string }, shopId: string) =>
      post('user/update', s.admin.token, {
        id: u.id,
        username: u.username,
        fullName: 'ຍ້າຍ',
        role: 'SHOP',
        shopId,
      });
    expect((await move(elsewhere, s.shop.id)).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    expect((await move(suspended, s.shop.id)).statusCode).toBe(200);
    // A smaller package now: reactivating a suspended user is refused while over the limit.
    await t.db.update(packages).set({ usersAllowed: 2 }).where(eq(packages.id, s.pkg.id));
    const status = await call(t.app, 'PATCH', `users/${suspended.id}/update/status`, {
      token: s.admin.token,
      body: { u_id: suspended.id, status: 'ACTIVE' },
    });
    expect(status.statusCode).toBe(409);
    expect(status.body.message).toContain('ບໍ່ເກີນ 2 ຄົນ');
  });

  it('counts open branches against the package; a closed one reopening counts again', async () => {
    const s = await full(null, 1);
    const body = newShop({ parentId: s.shop.id });
    const first = await post('branch/create', s.admin.token, body);
    expect(first.statusCode).toBe(201);
    const before = await counts();
    expectError(
      await post('branch/create', s.admin.token, newShop({ parentId: s.shop.id })),
      409,
      'ແພັກເກັດຂອງຮ້ານນີ້ໃຫ້ມີສາຂາໄດ້ບໍ່ເກີນ 1 ສາຂາ: ປິດສາຂາທີ່ບໍ່ໃຊ້ແລ້ວ ຫຼື ປ່ຽນແພັກເກັດ',
    );
    expect(await counts()).toEqual(before);
    const firstId = first.body.data?.id ?? '';
    await post('shop/update', s.admin.token, { id: firstId, status: 'CLOSED' });
    const second = await post('branch/create', s.admin.token, newShop({ parentId: s.shop.id }));
    expect(second.statusCode).toBe(201);
    expect((await post('shop/update', s.admin.token, { id: firstId, status: 'ACTIVE' })).statusCode).toBe(
      409,
    );
    expect((await shopRow(firstId))?.status).toBe('CLOSED');
  });

  it('no package, or no limit: any number', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const bare = await insertShop(t.db);
    for (let i = 0; i < 3; i++) {
      expect((await post('branch/create', admin.token, newShop({ parentId: bare.id }))).statusCode).toBe(201);
    }
    const s = await full(null, null);
    for (let i = 0; i < 3; i++) {
      const res = await post('user/create', s.admin.token, s.user(s.shop.id));
      expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    }
  });

  it('two creations at the limit at once: one wins, the other is refused', async () => {
    const s = await full(2, 1);
    await insertUser(t.db, 'MANAGER', { shopId: s.shop.id });
    const branch = await insertShop(t.db, { parentId: s.shop.id });
    await t.db.update(shops).set({ status: 'CLOSED' }).where(eq(shops.id, branch.id));
    for (let round = 0; round < 2; round++) {
      const s2 = round === 0 ? s : await full(2, 1);
      if (round > 0) await insertUser(t.db, 'MANAGER', { shopId: s2.shop.id });
      const users = await Promise.all([
        post('user/create', s2.admin.token, s2.user(s2.shop.id)),
        post('user/create', s2.admin.token, s2.user(s2.shop.id)),
        post('user/create', s2.admin.token, s2.user(s2.shop.id)),
      ]);
      expect(users.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const branches = await Promise.all([
        post('branch/create', s2.admin.token, newShop({ parentId: s2.shop.id })),
        post('branch/create', s2.admin.token, newShop({ parentId: s2.shop.id })),
      ]);
      expect(branches.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const open = await t.db
        .select()
        .from(shops)
        .where(and(eq(shops.parentId, s2.shop.id), eq(shops.status, 'ACTIVE')));
      expect(open).toHaveLength(1);
    }
  }, 30_000);

  it('the main shop lock makes overlapping creations count each other (not only one after another)', async () => {
    const s = await full(2, 1);
    await insertUser(t.db, 'MANAGER', { shopId: s.shop.id });
    // Each attempt counts, adds a user and holds its transaction open a moment: without the lock
    // both would count one user and both would pass.
    const attempt = () =>
      t.db.transaction(async (tx) => {
        await assertUserAllowance(tx, s.shop.id, 'Asia/Vientiane');
        await tx.insert(users).values({
          username: unique('lock'),
          fullName: 'ພະນັກງານ',
          role: 'SHOP',
          shopId: s.shop.id,
          passwordHash: 'x',
        });
        await tx.execute(sql`select pg_sleep(0.3)`);
      });
    const results = await Promise.allSettled([attempt(), attempt()]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      statusCode: 409,
      key: 'errors.usersAllowanceReached',
      params: { max: 2 },
    });
    expect(await t.db.$count(users, eq(users.shopId, s.shop.id))).toBe(2);
  });
});
