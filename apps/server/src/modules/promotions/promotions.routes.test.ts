import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PROMOTION_IMAGE_MAX_BYTES } from '@parking-hub/contracts/promotions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { packages, shopPackages } from '../../db/schema/packages.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import { lockAgent } from './promotions.repository.ts';
import { applicablePromotions } from './promotions.service.ts';

type P = {
  id: string;
  title: string;
  audience: string;
  agentId: string | null;
  shopIds: string[];
  shops: Array<{ id: string; name: string }>;
  ownerAgentId: string | null;
  state: string;
  editable: boolean;
  active: boolean;
  imagePath: string | null;
  discount?: number | null;
  monthIndex?: number;
  monthlyPrice?: number | null;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = P>(p: string, token: string | undefined, body: unknown) =>
  call<T>(t.app, 'POST', p, token ? { token, body } : { body });
const counts = async () => ({ rows: await t.db.$count(promotions), audit: await t.db.$count(auditEvents) });

const M = {
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  notFound: 'ບໍ່ພົບໂປຣໂມຊັນນີ້',
  readOnly: 'ໂປຣໂມຊັນນີ້ເປັນຂອງບໍລິສັດ, ທ່ານເບິ່ງໄດ້ແຕ່ແກ້ໄຂບໍ່ໄດ້',
  shops: 'ມີຮ້ານທີ່ເລືອກທີ່ບໍ່ພົບ ຫຼື ບໍ່ຢູ່ໃນຄວາມຮັບຜິດຊອບຂອງທ່ານ',
  invalid: 'ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ',
  agent: 'ກະລຸນາເລືອກຕົວແທນທີ່ເປີດໃຊ້ງານຢູ່',
  percentCap10: 'ສ່ວນຫຼຸດເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 10%',
};

const DEFAULT_CAP = { maxPercent: 20, maxAmount: 200_000, maxFreeMonths: 1, maxActive: 5 };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** Every promotion made so far is dated in the past; each scene brings its own people and shops. */
async function scene() {
  const admin = await signedIn(t, 'ADMIN');
  const superAdmin = await signedIn(t, 'SUPER-ADMIN');
  const agentA = await signedIn(t, 'AGENT');
  const agentB = await signedIn(t, 'AGENT');
  const a1 = await insertShop(t.db, { agentId: agentA.id, name: 'ຮ້ານ A1' });
  const a2 = await insertShop(t.db, { agentId: agentA.id, name: 'ຮ້ານ A2' });
  const b1 = await insertShop(t.db, { agentId: agentB.id, name: 'ຮ້ານ B1' });
  const manager = await signedIn(t, 'MANAGER', { shopId: a1.id });
  const cashier = await signedIn(t, 'SHOP', { shopId: a1.id });
  return { admin, superAdmin, agentA, agentB, a1, a2, b1, manager, cashier };
}

const good = (over: Record<string, unknown> = {}) => ({
  title: 'ຫຼຸດຄ່າເຊົ່າ 10%',
  body: 'ສຳລັບຮ້ານໃໝ່',
  discountType: 'PERCENT',
  discountValue: 10,
  validFrom: '2026-01-01',
  validUntil: '2099-12-31',
  audience: 'ALL',
  ...over,
});

async function reset() {
  await t.db.delete(promotions);
}

describe('POST /v1/promotion/create', () => {
  it('lets admins make any promotion, audited, and refuses managers, shop staff and no token', async () => {
    await reset();
    const s = await scene();
    const res = await post('promotion/create', s.admin.token, good());
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    const p = res.body.data as P;
    expect([p.audience, p.ownerAgentId, p.state, p.editable, p.active]).toEqual([
      'ALL',
      null,
      'ACTIVE',
      true,
      true,
    ]);
    const [event] = await auditEventsOf(t.db, p.id);
    expect([event?.action, event?.entity, event?.actorId]).toEqual([
      'promotion.create',
      'promotion',
      s.admin.id,
    ]);
    expect(event?.after).toMatchObject({ discountValue: 10 });
    const byAgentOfB = await post(
      'promotion/create',
      s.superAdmin.token,
      good({ audience: 'AGENT', agentId: s.agentB.id }),
    );
    expect([byAgentOfB.statusCode, byAgentOfB.body.data?.agentId]).toEqual([201, s.agentB.id]);

    const before = await counts();
    for (const token of [s.manager.token, s.cashier.token])
      expectError(await post('promotion/create', token, good()), 403, M.forbidden);
    expect((await post('promotion/create', undefined, good())).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('lets an agent address only their own shops, and makes them the owner', async () => {
    await reset();
    const s = await scene();
    const shopsOf = await post(
      'promotion/create',
      s.agentA.token,
      good({ audience: 'SHOPS', shopIds: [s.a1.id, s.a2.id, s.a1.id] }),
    );
    expect(shopsOf.statusCode).toBe(201);
    expect([shopsOf.body.data?.ownerAgentId, shopsOf.body.data?.shopIds.sort()]).toEqual([
      s.agentA.id,
      [s.a1.id, s.a2.id].sort(),
    ]);
    const mine = await post('promotion/create', s.agentA.token, good({ audience: 'AGENT' }));
    expect([mine.statusCode, mine.body.data?.agentId]).toEqual([201, s.agentA.id]);
    const fresh = await post(
      'promotion/create',
      s.agentA.token,
      good({ audience: 'NEW_SHOPS', agentId: s.agentA.id }),
    );
    expect([fresh.statusCode, fresh.body.data?.agentId]).toEqual([201, s.agentA.id]);

    const before = await counts();
    expectError(await post('promotion/create', s.agentA.token, good()), 400, {
      audience: 'ຕົວແທນສ້າງໂປຣໂມຊັນໃຫ້ທຸກຮ້ານບໍ່ໄດ້: ເລືອກຮ້ານຂອງທ່ານ, ຮ້ານໃໝ່ ຫຼື ທຸກຮ້ານຂອງທ່ານ',
    });
    expectError(
      await post(
        'promotion/create',
        s.agentA.token,
        good({ audience: 'SHOPS', shopIds: [s.a1.id, s.b1.id] }),
      ),
      400,
      {
        shopIds: M.shops,
      },
    );
    expectError(
      await post('promotion/create', s.agentA.token, good({ audience: 'AGENT', agentId: s.agentB.id })),
      400,
      {
        agentId: 'ຕົວແທນສ້າງໂປຣໂມຊັນໄດ້ສະເພາະໃຫ້ຮ້ານຂອງຕົນເອງ',
      },
    );
    expectError(
      await post('promotion/create', s.agentA.token, good({ audience: 'NEW_SHOPS', agentId: s.agentB.id })),
      400,
      {
        agentId: 'ຕົວແທນສ້າງໂປຣໂມຊັນໄດ້ສະເພາະໃຫ້ຮ້ານຂອງຕົນເອງ',
      },
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with a Lao message per field and writes nothing', async () => {
    await reset();
    const s = await scene();
    const [pkg] = await t.db
      .insert(packages)
      .values({
        nameLo: 'ພື້ນຖານ',
        nameEn: 'Basic',
        monthlyPrice: 150_000,
        ticketsIncluded: 3000,
        extraTicketPrice: 50,
      })
      .returning();
    const before = await counts();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ discountType: 'AMOUNT', discountValue: -5000 }, { discountValue: 'ສ່ວນຫຼຸດຕ້ອງເປັນຈຳນວນເຕັມທີ່ຫຼາຍກວ່າ 0' }],
      [{ discountType: 'AMOUNT', discountValue: 5000.5 }, { discountValue: 'ສ່ວນຫຼຸດຕ້ອງເປັນຈຳນວນເຕັມທີ່ຫຼາຍກວ່າ 0' }],
      [{ discountType: 'AMOUNT', discountValue: 'ຫ້າພັນ' }, { discountValue: 'ສ່ວນຫຼຸດຕ້ອງເປັນຈຳນວນເຕັມທີ່ຫຼາຍກວ່າ 0' }],
      [{ discountValue: 101 }, { discountValue: 'ສ່ວນຫຼຸດເປັນເປີເຊັນຕ້ອງບໍ່ເກີນ 100%' }],
      [{ discountType: 'FREE_MONTHS', discountValue: 30 }, { discountValue: 'ເດືອນຟຣີຕ້ອງບໍ່ເກີນ 24 ເດືອນ' }],
      [{ validFrom: '2026-05-01', validUntil: '2026-04-30' }, { validUntil: 'ວັນທີສິ້ນສຸດຕ້ອງບໍ່ກ່ອນວັນທີເລີ່ມ' }],
      [{ validFrom: '2026-02-30' }, { validFrom: 'ວັນທີບໍ່ຖືກຕ້ອງ' }],
      [{ title: '  ' }, { title: 'ກະລຸນາປ້ອນຫົວຂໍ້ໂປຣໂມຊັນ' }],
      [{ packageIds: [pkg?.id, '6f1c1b8e-0000-4000-8000-000000000000'] }, { packageIds: 'ບໍ່ພົບແພັກເກັດທີ່ເລືອກ' }],
      [{ audience: 'SHOPS', shopIds: [] }, { shopIds: 'ກະລຸນາເລືອກຮ້ານຢ່າງໜ້ອຍໜຶ່ງຮ້ານ' }],
      [{ audience: 'SHOPS', shopIds: ['6f1c1b8e-0000-4000-8000-000000000000'] }, { shopIds: M.shops }],
      [{ audience: 'AGENT' }, { agentId: 'ກະລຸນາເລືອກຕົວແທນທີ່ເປີດໃຊ້ງານຢູ່' }],
      [{ audience: 'AGENT', agentId: s.admin.id }, { agentId: 'ກະລຸນາເລືອກຕົວແທນທີ່ເປີດໃຊ້ງານຢູ່' }],
      [{ maxUses: 0 }, { maxUses: 'ຈຳນວນໃຊ້ສູງສຸດຕ້ອງເປັນຈຳນວນເຕັມຢ່າງໜ້ອຍ 1 (ວ່າງໄວ້ຖ້າບໍ່ຈຳກັດ)' }],
      [{ uses: 99 }, { uses: 'ບໍ່ຮູ້ຈັກຊ່ອງຂໍ້ມູນນີ້' }],
    ];
    for (const [change, messages] of cases) {
      const res = await post('promotion/create', s.admin.token, good(change));
      expect(
        [res.statusCode, res.body.status, res.body.message, res.body.messages],
        JSON.stringify(change),
      ).toEqual([400, 'error', M.invalid, messages]);
    }
    expect(await counts()).toEqual(before);
    const withPackage = await post('promotion/create', s.admin.token, good({ packageIds: [pkg?.id] }));
    expect(withPackage.statusCode).toBe(201);
  });
});

describe('the agents’ cap', () => {
  it('refuses an agent’s discount above it, naming the cap, until an admin raises it', async () => {
    await reset();
    const s = await scene();
    const mine = (over: Record<string, unknown>) => good({ audience: 'AGENT', ...over });
    expect((await call(t.app, 'GET', 'promotion/cap', { token: s.agentA.token })).body.data).toEqual({
      maxPercent: 20,
      maxAmount: 200_000,
      maxFreeMonths: 1,
      maxActive: 5,
    });
    const before = await counts();
    const over = await post('promotion/create', s.agentA.token, mine({ discountValue: 25 }));
    expectError(over, 400, 'ສ່ວນຫຼຸດເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 20%');
    expect(over.body.messages).toEqual({ discountValue: 'ສ່ວນຫຼຸດເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 20%' });
    expectError(
      await post(
        'promotion/create',
        s.agentA.token,
        mine({ discountType: 'AMOUNT', discountValue: 250_000 }),
      ),
      400,
      'ສ່ວນຫຼຸດເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 200,000 ₭ ຕໍ່ເດືອນ',
    );
    expectError(
      await post('promotion/create', s.agentA.token, mine({ discountType: 'FREE_MONTHS', discountValue: 2 })),
      400,
      'ຈຳນວນເດືອນຟຣີເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 1 ເດືອນ',
    );
    expect(await counts()).toEqual(before);
    // Admins are not capped.
    expect((await post('promotion/create', s.admin.token, good({ discountValue: 50 }))).statusCode).toBe(201);

    const cap = { maxPercent: 30, maxAmount: 300_000, maxFreeMonths: 2, maxActive: 2 };
    expectError(await post('promotion/cap', s.agentA.token, cap), 403, M.forbidden);
    expectError(await post('promotion/cap', s.admin.token, { ...cap, maxPercent: 120 }), 400, {
      maxPercent: 'ຕ້ອງບໍ່ເກີນ 100',
    });
    const set = await post('promotion/cap', s.admin.token, cap);
    expect([set.statusCode, set.body.data]).toEqual([200, cap]);
    const capEvents = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'promotion.cap'));
    expect(capEvents.at(-1)?.after).toEqual(cap);

    const first = await post('promotion/create', s.agentA.token, mine({ discountValue: 25 }));
    expect(first.statusCode).toBe(201);
    // An ended promotion does not count towards the running ones.
    const past = await post(
      'promotion/create',
      s.agentA.token,
      mine({ validFrom: '2025-01-01', validUntil: '2025-02-01' }),
    );
    expect(past.statusCode).toBe(201);
    expect(
      (await post('promotion/create', s.agentA.token, mine({ validFrom: '2098-01-01' }))).statusCode,
    ).toBe(201);
    const third = await post('promotion/create', s.agentA.token, mine({}));
    expectError(third, 409, 'ມີໂປຣໂມຊັນທີ່ເປີດໃຊ້ຢູ່ເຖິງເພດານຂອງຕົວແທນແລ້ວ: ບໍ່ເກີນ 2 ລາຍການ');
    // Another agent has a cap of their own; a switched-off promotion does not count.
    expect((await post('promotion/create', s.agentB.token, mine({}))).statusCode).toBe(201);
    expect((await post('promotion/create', s.agentA.token, mine({ active: false }))).statusCode).toBe(201);
    const off = (await post('promotion/update', s.agentA.token, { id: first.body.data?.id, active: false }))
      .body.data;
    expect(off?.state).toBe('INACTIVE');
    expect((await post('promotion/create', s.agentA.token, mine({}))).statusCode).toBe(201);
    expectError(
      await post('promotion/update', s.agentA.token, { id: first.body.data?.id, active: true }),
      409,
      'ມີໂປຣໂມຊັນທີ່ເປີດໃຊ້ຢູ່ເຖິງເພດານຂອງຕົວແທນແລ້ວ: ບໍ່ເກີນ 2 ລາຍການ',
    );
    // Extending an ended one back to running counts as well.
    expect(
      (await post('promotion/update', s.agentA.token, { id: past.body.data?.id, validUntil: '2099-01-01' }))
        .statusCode,
    ).toBe(409);
    expectError(
      await post('promotion/update', s.agentA.token, { id: first.body.data?.id, discountValue: 31 }),
      400,
      'ສ່ວນຫຼຸດເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 30%',
    );
    // An admin may switch it back on for them.
    expect(
      (await post('promotion/update', s.admin.token, { id: first.body.data?.id, active: true })).statusCode,
    ).toBe(200);
    await post('promotion/cap', s.admin.token, {
      maxPercent: 20,
      maxAmount: 200_000,
      maxFreeMonths: 1,
      maxActive: 5,
    });
  });
});

describe('POST /v1/promotions and promotion/update: scope', () => {
  it('shows an agent their own and the platform’s for their shops, never another agent’s or their shops', async () => {
    await reset();
    const s = await scene();
    const make = async (token: string, over: Record<string, unknown>) =>
      (await post('promotion/create', token, good(over))).body.data as P;
    const all = await make(s.admin.token, { title: 'ທຸກຮ້ານ' });
    const toA = await make(s.admin.token, { title: 'ໃຫ້ A', audience: 'AGENT', agentId: s.agentA.id });
    const toB = await make(s.admin.token, { title: 'ໃຫ້ B', audience: 'AGENT', agentId: s.agentB.id });
    const mixed = await make(s.admin.token, {
      title: 'ຮ້ານເລືອກ',
      audience: 'SHOPS',
      shopIds: [s.a1.id, s.b1.id],
    });
    const onlyB = await make(s.admin.token, { title: 'ຮ້ານ B ເທົ່ານັ້ນ', audience: 'SHOPS', shopIds: [s.b1.id] });
    const newAll = await make(s.admin.token, { title: 'ຮ້ານໃໝ່', audience: 'NEW_SHOPS' });
    const newB = await make(s.admin.token, { title: 'ຮ້ານໃໝ່ B', audience: 'NEW_SHOPS', agentId: s.agentB.id });
    const ofA = await make(s.agentA.token, { title: 'ຂອງ A', audience: 'SHOPS', shopIds: [s.a2.id] });
    const ofB = await make(s.agentB.token, { title: 'ຂອງ B', audience: 'SHOPS', shopIds: [s.b1.id] });

    const list = async (token: string, body: Record<string, unknown> = {}) => {
      const res = await post<P[]>('promotions?page=1', token, { pageSize: 100, ...body });
      expect(res.statusCode).toBe(200);
      return res;
    };
    const seenByA = (await list(s.agentA.token)).body.data ?? [];
    expect(seenByA.map((p) => p.id).sort()).toEqual([all.id, toA.id, mixed.id, newAll.id, ofA.id].sort());
    const mixedForA = seenByA.find((p) => p.id === mixed.id);
    expect([mixedForA?.shopIds, mixedForA?.shops, mixedForA?.editable]).toEqual([
      [s.a1.id],
      [{ id: s.a1.id, name: 'ຮ້ານ A1' }],
      false,
    ]);
    expect(seenByA.find((p) => p.id === ofA.id)?.editable).toBe(true);
    const adminView = (await list(s.admin.token)).body.data ?? [];
    expect(adminView).toHaveLength(9);
    expect(adminView.find((p) => p.id === mixed.id)?.shopIds.sort()).toEqual([s.a1.id, s.b1.id].sort());
    for (const token of [s.manager.token, s.cashier.token])
      expectError(await post('promotions?page=1', token, {}), 403, M.forbidden);

    // Another agent's promotion is "not found" to A; the platform's is read-only.
    const before = await counts();
    for (const id of [ofB.id, toB.id, onlyB.id, newB.id])
      expectError(await post('promotion/update', s.agentA.token, { id, title: 'x' }), 404, M.notFound);
    expectError(
      await post('promotion/update', s.agentA.token, { id: all.id, active: false }),
      403,
      M.readOnly,
    );
    expectError(await post('promotion/update', s.agentA.token, { id: ofA.id, shopIds: [s.b1.id] }), 400, {
      shopIds: M.shops,
    });
    expectError(
      await post('promotion/update', s.manager.token, { id: ofA.id, title: 'x' }),
      403,
      M.forbidden,
    );
    expect(await counts()).toEqual(before);
    // A shop filter on another agent's shop is "not found" too.
    expectError(await post('promotions?page=1', s.agentA.token, { shopId: s.b1.id }), 404, 'ບໍ່ພົບຮ້ານນີ້');
  });

  it('filters by title, state, audience, package and shop, paged', async () => {
    await reset();
    const s = await scene();
    const [pkg] = await t.db
      .insert(packages)
      .values({
        nameLo: 'ໂປຣ',
        nameEn: 'Pro',
        monthlyPrice: 300_000,
        ticketsIncluded: 9000,
        extraTicketPrice: 40,
      })
      .returning();
    const make = async (over: Record<string, unknown>) =>
      ((await post('promotion/create', s.admin.token, good(over))).body.data as P).id;
    const running = await make({ title: 'ຫຼຸດປີໃໝ່ລາວ' });
    const upcoming = await make({ title: 'ຫຼຸດປີໜ້າ', validFrom: '2098-01-01' });
    const expired = await make({ title: 'ໝົດແລ້ວ', validFrom: '2025-01-01', validUntil: '2025-01-31' });
    const usedUp = await make({ title: 'ໃຊ້ໝົດ', maxUses: 1 });
    await t.db.update(promotions).set({ uses: 1 }).where(eq(promotions.id, usedUp));
    const off = await make({ title: 'ປິດ', active: false });
    const forPkg = await make({
      title: 'ສະເພາະໂປຣ',
      packageIds: [pkg?.id],
      audience: 'SHOPS',
      shopIds: [s.b1.id],
    });
    const ids = async (body: Record<string, unknown>) =>
      ((await post<P[]>('promotions?page=1', s.admin.token, body)).body.data ?? []).map((p) => p.id).sort();
    expect(await ids({ state: 'ACTIVE' })).toEqual([running, forPkg].sort());
    expect(await ids({ state: 'UPCOMING' })).toEqual([upcoming]);
    expect(await ids({ state: 'EXPIRED' })).toEqual([expired, usedUp].sort());
    expect(await ids({ state: 'INACTIVE' })).toEqual([off]);
    expect(await ids({ q: 'ປີ' })).toEqual([running, upcoming].sort());
    expect(await ids({ audience: 'SHOPS' })).toEqual([forPkg]);
    expect((await ids({ packageId: pkg?.id })).length).toBe(6);
    expect(await ids({ shopId: s.a1.id })).not.toContain(forPkg);
    expect(await ids({ shopId: s.b1.id })).toContain(forPkg);
    const paged = await post<P[]>('promotions?page=2', s.admin.token, { pageSize: 4 });
    expect([paged.body.data?.length, paged.body.meta]).toEqual([
      2,
      { page: 2, pageSize: 4, total: 6, totalPages: 2 },
    ]);
  });

  it('changes only the fields sent, audits them, and switches off and on', async () => {
    await reset();
    const s = await scene();
    const made = (await post('promotion/create', s.agentA.token, good({ audience: 'AGENT' }))).body.data as P;
    const res = await post('promotion/update', s.agentA.token, { id: made.id, title: 'ຊື່ໃໝ່', active: false });
    expect([res.statusCode, res.body.data?.title, res.body.data?.state]).toEqual([200, 'ຊື່ໃໝ່', 'INACTIVE']);
    const events = await auditEventsOf(t.db, made.id);
    expect(events.map((e) => e.action)).toEqual(['promotion.create', 'promotion.update']);
    expect([events[1]?.before, events[1]?.after]).toEqual([
      { title: 'ຫຼຸດຄ່າເຊົ່າ 10%', active: true },
      { title: 'ຊື່ໃໝ່', active: false },
    ]);
    // Nothing changed: nothing written.
    const before = await counts();
    expect((await post('promotion/update', s.agentA.token, { id: made.id, title: 'ຊື່ໃໝ່' })).statusCode).toBe(
      200,
    );
    expectError(
      await post('promotion/update', s.agentA.token, { id: made.id, validUntil: '2025-12-31' }),
      400,
      {
        validUntil: 'ວັນທີສິ້ນສຸດຕ້ອງບໍ່ກ່ອນວັນທີເລີ່ມ',
      },
    );
    expectError(await post('promotion/update', s.agentA.token, { id: made.id, audience: 'ALL' }), 400, {
      audience: 'ຕົວແທນສ້າງໂປຣໂມຊັນໃຫ້ທຸກຮ້ານບໍ່ໄດ້: ເລືອກຮ້ານຂອງທ່ານ, ຮ້ານໃໝ່ ຫຼື ທຸກຮ້ານຂອງທ່ານ',
    });
    expect(await counts()).toEqual(before);
  });
});

describe('a shop that moves to another agent, a suspended agent, a lowered cap', () => {
  it('lets the owner still switch off and edit a promotion for a shop that moved; only added shops are checked', async () => {
    await reset();
    const s = await scene();
    const made = (
      await post('promotion/create', s.agentA.token, good({ audience: 'SHOPS', shopIds: [s.a1.id, s.a2.id] }))
    ).body.data as P;
    await t.db.update(shops).set({ agentId: s.agentB.id }).where(eq(shops.id, s.a1.id));
    const off = await post('promotion/update', s.agentA.token, { id: made.id, active: false });
    expect([off.statusCode, off.body.data?.state]).toEqual([200, 'INACTIVE']);
    const on = await post('promotion/update', s.agentA.token, { id: made.id, active: true, title: 'ໃໝ່' });
    expect([on.statusCode, on.body.data?.state, on.body.data?.shopIds]).toEqual([200, 'ACTIVE', [s.a2.id]]);
    // The shop that moved stays stored (it no longer gets the discount, see below).
    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, made.id));
    expect(row?.shopIds.sort()).toEqual([s.a1.id, s.a2.id].sort());
    // A shop added is still checked against the caller's shops.
    const before = await counts();
    expectError(
      await post('promotion/update', s.agentA.token, { id: made.id, shopIds: [s.a2.id, s.b1.id] }),
      400,
      { shopIds: M.shops },
    );
    expect(await counts()).toEqual(before);
    // Sending only their own shops drops the one that moved.
    const mine = await post('promotion/update', s.agentA.token, { id: made.id, shopIds: [s.a2.id] });
    expect(mine.statusCode).toBe(200);
    const [kept] = await t.db.select().from(promotions).where(eq(promotions.id, made.id));
    expect(kept?.shopIds).toEqual([s.a2.id]);
  });

  it('never gives an agent’s discount to a shop another agent serves now (invoices, for-shop, the shop filter)', async () => {
    await reset();
    const s = await scene();
    const month = '2026-06';
    const byA = (
      await post(
        'promotion/create',
        s.agentA.token,
        good({ audience: 'SHOPS', shopIds: [s.a1.id, s.a2.id], validFrom: '2026-01-01' }),
      )
    ).body.data as P;
    const company = (
      await post('promotion/create', s.admin.token, good({ audience: 'SHOPS', shopIds: [s.a1.id] }))
    ).body.data as P;
    const applying = async (shopId: string) =>
      (await applicablePromotions(t.db, shopId, month)).map((f) => f.row.id).sort();
    expect(await applying(s.a1.id)).toEqual([byA.id, company.id].sort());
    await t.db.update(shops).set({ agentId: s.agentB.id }).where(eq(shops.id, s.a1.id));
    expect(await applying(s.a1.id)).toEqual([company.id]);
    expect(await applying(s.a2.id)).toEqual([byA.id]);
    const forShop = async (token: string) =>
      ((await post<P[]>('promotions/for-shop', token, { shopId: s.a1.id, month })).body.data ?? []).map(
        (p) => p.id,
      );
    expect(await forShop(s.admin.token)).toEqual([company.id]);
    expect(await forShop(s.agentB.token)).toEqual([company.id]);
    const filtered = await post<P[]>('promotions?page=1', s.admin.token, { shopId: s.a1.id });
    expect((filtered.body.data ?? []).map((p) => p.id)).toEqual([company.id]);
    // Back with agent A: the discount is theirs to give again.
    await t.db.update(shops).set({ agentId: s.agentA.id }).where(eq(shops.id, s.a1.id));
    expect(await applying(s.a1.id)).toEqual([byA.id, company.id].sort());
  });

  it('lets admins switch off and edit a promotion whose agent is suspended; a new agent must be active', async () => {
    await reset();
    const s = await scene();
    const toA = (
      await post('promotion/create', s.admin.token, good({ audience: 'AGENT', agentId: s.agentA.id }))
    ).body.data as P;
    const newA = (
      await post('promotion/create', s.admin.token, good({ audience: 'NEW_SHOPS', agentId: s.agentA.id }))
    ).body.data as P;
    await t.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, s.agentA.id));
    for (const id of [toA.id, newA.id]) {
      const off = await post('promotion/update', s.admin.token, { id, active: false });
      expect([off.statusCode, off.body.data?.state]).toEqual([200, 'INACTIVE']);
      const edited = await post('promotion/update', s.admin.token, {
        id,
        title: 'ແກ້ໄຂ',
        agentId: s.agentA.id,
      });
      expect([edited.statusCode, edited.body.data?.title]).toEqual([200, 'ແກ້ໄຂ']);
    }
    const suspended = await signedIn(t, 'AGENT');
    await t.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, suspended.id));
    const before = await counts();
    expectError(await post('promotion/update', s.admin.token, { id: toA.id, agentId: suspended.id }), 400, {
      agentId: M.agent,
    });
    expect(await counts()).toEqual(before);
    const moved = await post('promotion/update', s.admin.token, { id: toA.id, agentId: s.agentB.id });
    expect([moved.statusCode, moved.body.data?.agentId]).toEqual([200, s.agentB.id]);
  });

  it('checks an agent’s discount against a lowered cap when their promotion runs again', async () => {
    await reset();
    const s = await scene();
    const mine = (over: Record<string, unknown>) =>
      post('promotion/create', s.agentA.token, good({ audience: 'AGENT', discountValue: 20, ...over }));
    const off = (await mine({ active: false })).body.data as P;
    const ended = (await mine({ validFrom: '2025-01-01', validUntil: '2025-02-01' })).body.data as P;
    const live = (await mine({})).body.data as P;
    try {
      await post('promotion/cap', s.admin.token, { ...DEFAULT_CAP, maxPercent: 10 });
      const before = await counts();
      expectError(await post('promotion/update', s.agentA.token, { id: off.id, active: true }), 400, {
        discountValue: M.percentCap10,
      });
      expectError(
        await post('promotion/update', s.agentA.token, { id: ended.id, validUntil: '2099-01-01' }),
        400,
        { discountValue: M.percentCap10 },
      );
      expect(await counts()).toEqual(before);
      // Not running again: other edits pass; a running one keeps its discount until it changes.
      expect((await post('promotion/update', s.agentA.token, { id: off.id, title: 'ປິດຢູ່' })).statusCode).toBe(
        200,
      );
      expect(
        (await post('promotion/update', s.agentA.token, { id: live.id, title: 'ແລ່ນຢູ່' })).statusCode,
      ).toBe(200);
      const within = await post('promotion/update', s.agentA.token, {
        id: off.id,
        active: true,
        discountValue: 10,
      });
      expect([within.statusCode, within.body.data?.state]).toEqual([200, 'ACTIVE']);
      // Admins are not capped.
      expect(
        (await post('promotion/update', s.admin.token, { id: ended.id, validUntil: '2099-01-01' }))
          .statusCode,
      ).toBe(200);
    } finally {
      await post('promotion/cap', s.admin.token, DEFAULT_CAP);
    }
  });

  it('locks the agent FOR NO KEY UPDATE: agents’ changes queue, rows naming the agent do not wait', async () => {
    const agent = await signedIn(t, 'AGENT');
    await t.db.transaction(async (tx) => {
      await lockAgent(tx, agent.id);
      // A shop (a foreign key to the agent) goes in on another connection without waiting.
      const [shop] = await t.db.transaction(async (other) => {
        await other.execute(sql`set local lock_timeout = '1s'`);
        return other.insert(shops).values({ name: 'ຮ້ານໃໝ່', agentId: agent.id }).returning();
      });
      expect(shop?.agentId).toBe(agent.id);
      // Another change of the agent's promotions waits for this one.
      await expect(
        t.db.transaction(async (other) => {
          await other.execute(sql`set local lock_timeout = '300ms'`);
          await lockAgent(other, agent.id);
        }),
      ).rejects.toMatchObject({ cause: { code: '55P03' } });
    });
  });
});

describe('POST /v1/promotion/image', () => {
  async function upload(token: string, fields: Record<string, string>, bytes: Buffer) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'promo.png');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/parking-hub-api/v1/promotion/image',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return {
      statusCode: res.statusCode,
      body: res.json() as { message?: string; data?: P; messages?: Record<string, string> },
    };
  }
  const files = async () =>
    (await readdir(path.join(t.config.uploadsDir, 'promotions')).catch(() => [] as string[])).sort();
  const imageOf = async (id: string) =>
    (await t.db.select().from(promotions).where(eq(promotions.id, id)))[0]?.imagePath;

  it('keeps a PNG, JPEG or WebP up to 2 MB, replaces the old one, and refuses anything else keeping nothing', async () => {
    await reset();
    const s = await scene();
    const made = (await post('promotion/create', s.agentA.token, good({ audience: 'AGENT' }))).body.data as P;
    const big = Buffer.concat([PNG, Buffer.alloc(PROMOTION_IMAGE_MAX_BYTES - PNG.length)]);
    const first = await upload(s.agentA.token, { id: made.id }, big);
    expect(first.statusCode).toBe(200);
    const firstPath = first.body.data?.imagePath ?? '';
    expect(firstPath).toMatch(/^\/uploads\/promotions\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: firstPath });
    expect(served.statusCode).toBe(200);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const second = await upload(s.agentA.token, { id: made.id }, jpeg);
    const secondPath = second.body.data?.imagePath ?? '';
    expect(secondPath).toMatch(/\.jpg$/);
    expect(await files()).toEqual([path.basename(secondPath)]);
    const events = (await auditEventsOf(t.db, made.id)).filter((e) => e.action === 'promotion.image');
    expect(events.map((e) => e.after)).toEqual([{ imagePath: firstPath }, { imagePath: secondPath }]);

    const before = await counts();
    const gif = await upload(s.agentA.token, { id: made.id }, GIF);
    expect([gif.statusCode, gif.body.message]).toEqual([400, 'ຮູບໂປຣໂມຊັນຕ້ອງເປັນ PNG, JPEG ຫຼື WebP']);
    const tooBig = await upload(s.agentA.token, { id: made.id }, Buffer.concat([big, Buffer.alloc(1)]));
    expect([tooBig.statusCode, tooBig.body.message]).toEqual([413, 'ຮູບໂປຣໂມຊັນໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 2 MB)']);
    const platform = (await post('promotion/create', s.admin.token, good())).body.data as P;
    const after = await counts();
    expect((await upload(s.agentA.token, { id: platform.id }, PNG)).statusCode).toBe(403);
    expect((await upload(s.agentB.token, { id: made.id }, PNG)).statusCode).toBe(404);
    expect((await upload(s.manager.token, { id: made.id }, PNG)).statusCode).toBe(403);
    expect(await files()).toEqual([path.basename(secondPath)]);
    expect(await imageOf(made.id)).toBe(secondPath);
    expect(after.rows).toBe(before.rows + 1);
    expect(await counts()).toEqual(after);

    // imagePath null takes the picture off, file and all.
    const removed = await post('promotion/update', s.agentA.token, { id: made.id, imagePath: null });
    expect(removed.body.data?.imagePath).toBeNull();
    expect(await files()).toEqual([]);
  });
});

describe('POST /v1/promotions/for-shop', () => {
  it('answers the promotions on a shop’s month across audiences, packages, dates and uses, with the discount', async () => {
    await reset();
    const s = await scene();
    const [basic, pro] = await t.db
      .insert(packages)
      .values([
        {
          nameLo: 'ພື້ນຖານ',
          nameEn: 'Basic',
          monthlyPrice: 150_000,
          ticketsIncluded: 3000,
          extraTicketPrice: 50,
        },
        { nameLo: 'ໂປຣ', nameEn: 'Pro', monthlyPrice: 300_000, ticketsIncluded: 9000, extraTicketPrice: 40 },
      ])
      .returning();
    if (!basic || !pro) throw new Error('packages');
    // a1 was created on 2026-03-10 (Vientiane) and had Basic from March, Pro from June.
    await t.db
      .update(shops)
      .set({ createdAt: new Date('2026-03-09T18:00:00Z'), packageId: pro.id })
      .where(eq(shops.id, s.a1.id));
    await t.db.insert(shopPackages).values([
      { shopId: s.a1.id, fromMonth: '2026-03-01', packageId: basic.id },
      { shopId: s.a1.id, fromMonth: '2026-06-01', packageId: pro.id },
    ]);
    const make = async (over: Record<string, unknown>, token = s.admin.token) =>
      (
        (
          await post(
            'promotion/create',
            token,
            good({ validFrom: '2026-03-01', validUntil: '2026-12-31', ...over }),
          )
        ).body.data as P
      ).id;
    const all10 = await make({ title: 'ALL 10%' });
    const agentAmount = await make({
      title: 'A 20,000',
      audience: 'AGENT',
      agentId: s.agentA.id,
      discountType: 'AMOUNT',
      discountValue: 20_000,
    });
    const newFree = await make({
      title: 'NEW 2 months',
      audience: 'NEW_SHOPS',
      discountType: 'FREE_MONTHS',
      discountValue: 2,
      validFrom: '2026-03-10',
    });
    const newLate = await make({ title: 'NEW after', audience: 'NEW_SHOPS', validFrom: '2026-03-11' });
    const proOnly = await make({ title: 'Pro only', packageIds: [pro.id], discountValue: 5 });
    const chosen = await make(
      {
        title: 'chosen',
        audience: 'SHOPS',
        shopIds: [s.a1.id],
        validFrom: '2026-05-15',
        validUntil: '2026-05-20',
      },
      s.agentA.token,
    );
    const otherShop = await make({ title: 'b1', audience: 'SHOPS', shopIds: [s.b1.id] });
    const toB = await make({ title: 'B', audience: 'AGENT', agentId: s.agentB.id });
    const usedUp = await make({ title: 'used', maxUses: 2 });
    await t.db.update(promotions).set({ uses: 2 }).where(eq(promotions.id, usedUp));
    const off = await make({ title: 'off', active: false });
    void [otherShop, toB, off, newLate];

    const forShop = async (token: string, month: string) => {
      const res = await post<P[]>('promotions/for-shop', token, { shopId: s.a1.id, month });
      expect(res.statusCode).toBe(200);
      return (res.body.data ?? []).map((p) => [p.id, p.discount, p.monthIndex, p.monthlyPrice]);
    };
    expect(await forShop(s.admin.token, '2026-02')).toEqual([]);
    expect(await forShop(s.admin.token, '2026-03')).toEqual([
      [newFree, 150_000, 0, 150_000],
      [agentAmount, 20_000, 0, 150_000],
      [all10, 15_000, 0, 150_000],
    ]);
    // Equal discounts: the newest first.
    expect(await forShop(s.agentA.token, '2026-05')).toEqual([
      [agentAmount, 20_000, 2, 150_000],
      [chosen, 15_000, 0, 150_000],
      [all10, 15_000, 2, 150_000],
      [newFree, 0, 2, 150_000],
    ]);
    expect(await forShop(s.admin.token, '2026-06')).toEqual([
      [all10, 30_000, 3, 300_000],
      [agentAmount, 20_000, 3, 300_000],
      [proOnly, 15_000, 3, 300_000],
      [newFree, 0, 3, 300_000],
    ]);
    // The service the rent invoices call answers the same, without a caller.
    expect((await applicablePromotions(t.db, s.a1.id, '2026-06')).map((f) => f.row.id)).toEqual([
      all10,
      agentAmount,
      proOnly,
      newFree,
    ]);
    // A shop outside the caller's scope is "not found"; bad months are refused.
    expectError(
      await post('promotions/for-shop', s.agentB.token, { shopId: s.a1.id, month: '2026-06' }),
      404,
      'ບໍ່ພົບຮ້ານນີ້',
    );
    expectError(
      await post('promotions/for-shop', s.admin.token, { shopId: s.a1.id, month: '2026-13' }),
      400,
      {
        month: 'ເດືອນບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 2026-05)',
      },
    );
    expectError(
      await post('promotions/for-shop', s.manager.token, { shopId: s.a1.id, month: '2026-06' }),
      403,
      M.forbidden,
    );
  });
});
