import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { billPrints, bills } from '../../db/schema/bills.ts';
import { rollDeliveries, shopPaper } from '../../db/schema/rolls.ts';
import { users } from '../../db/schema/users.ts';
import {
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { todayIn } from './rolls.service.ts';

type Delivery = {
  id: string;
  kind: string;
  shopId: string | null;
  quantity: number;
  unitPrice: number;
} & Record<string, unknown>;
type Stock = { personId: string; received: number; moved: number; inHand: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = Delivery>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const counts = async () => ({
  rolls: await t.db.$count(rollDeliveries),
  audit: await t.db.$count(auditEvents),
  paper: await t.db.$count(shopPaper),
});
const today = () => todayIn('Asia/Vientiane');

const M = {
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  shopNotFound: 'ບໍ່ພົບຮ້ານນີ້',
  notFound: 'ບໍ່ພົບການສົ່ງມ້ວນເຈ້ຍນີ້',
  invalid: 'ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ',
  overlap: 'ເລກມ້ວນເຈ້ຍຊ້ຳກັບການສົ່ງອື່ນແລ້ວ: ມ້ວນໜຶ່ງສົ່ງໄດ້ຄັ້ງດຽວ, ກະລຸນາກວດເລກມ້ວນທຳອິດ ແລະ ສຸດທ້າຍ',
  short: (inStock: number, asked: number) => `ມ້ວນເຈ້ຍໃນສະຕັອກບໍ່ພໍ: ມີ ${inStock} ມ້ວນ, ຕ້ອງການ ${asked} ມ້ວນ`,
  notInStock: 'ເລກມ້ວນເຈ້ຍເຫຼົ່ານີ້ບໍ່ໄດ້ຢູ່ໃນສະຕັອກຂອງຜູ້ສົ່ງ',
  ownStock: 'ຕົວແທນສົ່ງມ້ວນເຈ້ຍໄດ້ຈາກສະຕັອກຂອງຕົນເອງເທົ່ານັ້ນ',
};

/** An admin, two agents with a shop each, a manager and a cashier of agent A's shop. */
async function scene() {
  const admin = await signedIn(t, 'ADMIN');
  const agentA = await signedIn(t, 'AGENT');
  const agentB = await signedIn(t, 'AGENT');
  const shopA = await insertShop(t.db, { agentId: agentA.id, code: unique('A').slice(0, 12).toUpperCase() });
  const shopB = await insertShop(t.db, { agentId: agentB.id });
  const mgr = await signedIn(t, 'MANAGER', { shopId: shopA.id });
  const cashier = await signedIn(t, 'SHOP', { shopId: shopA.id });
  return { admin, agentA, agentB, shopA, shopB, mgr, cashier };
}

const base = (over: Record<string, unknown> = {}) => ({
  deliveredOn: '2026-01-10',
  quantity: 10,
  ticketsPerRoll: 500,
  ...over,
});

/** Serials far apart per test: the exclusion constraints span the whole database. */
let serialBase = 1_000_000;
const serials = (n: number) => {
  const first = serialBase;
  serialBase += n + 1000;
  return { serialFirst: first, serialLast: first + n - 1 };
};

describe('deliveries to people (agents’ stock)', () => {
  it('admins record and correct them; the unit price defaults to the PAPER_ROLL fee; audited', async () => {
    const s = await scene();
    const res = await post('roll/person', s.admin.token, {
      personId: s.agentA.id,
      ...base(),
      ...serials(10),
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'PERSON',
      personId: s.agentA.id,
      quantity: 10,
      unitPrice: 15000,
      amount: 150000,
      tickets: 5000,
    });
    const id = res.body.data?.id ?? '';
    const upd = await post('roll/update-person', s.admin.token, {
      id,
      personId: s.agentA.id,
      ...base({ quantity: 12, unitPrice: 14000 }),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.body.data).toMatchObject({ quantity: 12, unitPrice: 14000, serialFirst: null });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.map((e) => e.action)).toEqual(['roll.create_person', 'roll.update_person']);
  });

  it('agents, managers and cashiers cannot; the person must be an agent', async () => {
    const s = await scene();
    const before = await counts();
    for (const who of [s.agentA, s.mgr, s.cashier]) {
      expectError(
        await post('roll/person', who.token, { personId: s.agentA.id, ...base() }),
        403,
        M.forbidden,
      );
    }
    expectError(await post('roll/person', s.admin.token, { personId: s.mgr.id, ...base() }), 400, {
      personId: 'ຮັບມ້ວນເຈ້ຍເຂົ້າສະຕັອກໄດ້ສະເພາະຕົວແທນ',
    });
    expect(await counts()).toEqual(before);
  });

  it('stock goes to an active agent only: a suspended or deleted one is refused, nothing written', async () => {
    const s = await scene();
    const receipt = await post('roll/person', s.admin.token, { personId: s.agentA.id, ...base() });
    expect(receipt.statusCode).toBe(201);
    const before = await counts();
    const notActive = { personId: 'ບັນຊີຕົວແທນນີ້ຖືກລະງັບ ຫຼື ລຶບແລ້ວ: ຮັບມ້ວນເຈ້ຍເຂົ້າສະຕັອກບໍ່ໄດ້' };
    for (const status of ['SUSPENDED', 'DELETED']) {
      await t.db.update(users).set({ status }).where(eq(users.id, s.agentB.id));
      expectError(
        await post('roll/person', s.admin.token, { personId: s.agentB.id, ...base() }),
        400,
        notActive,
      );
      // A receipt moved to them is refused too.
      expectError(
        await post('roll/update-person', s.admin.token, {
          id: receipt.body.data?.id,
          personId: s.agentB.id,
          ...base(),
        }),
        400,
        notActive,
      );
    }
    expect(await counts()).toEqual(before);
    // In English.
    const en = await call(t.app, 'POST', 'roll/person', {
      token: s.admin.token,
      body: { personId: s.agentB.id, ...base() },
      headers: { 'accept-language': 'en' },
    });
    expectError(en, 400, {
      personId: 'This agent’s account is suspended or deleted: it cannot receive rolls into stock',
    });
  });
});

describe('deliveries to shops and the stock', () => {
  it('an agent moves rolls from their own stock to their shop; the stock drops; the paper account follows', async () => {
    const s = await scene();
    const got = serials(20);
    await post('roll/person', s.admin.token, { personId: s.agentA.id, ...base({ quantity: 20 }), ...got });
    const moved = await post('roll/shop', s.agentA.token, {
      shopId: s.shopA.id,
      ...base({ quantity: 5, deliveredOn: today() }),
      serialFirst: got.serialFirst,
      serialLast: got.serialFirst + 4,
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.body.data).toMatchObject({
      kind: 'SHOP',
      fromPersonId: s.agentA.id,
      deliveredBy: s.agentA.id,
    });
    const stock = await post<Stock[]>('rolls/stock', s.agentA.token, {});
    expect(stock.body.data).toEqual([
      expect.objectContaining({ personId: s.agentA.id, received: 20, moved: 5, inHand: 15 }),
    ]);
    const [account] = await t.db.select().from(shopPaper).where(eq(shopPaper.shopId, s.shopA.id));
    expect(account).toMatchObject({ firstDeliveryOn: today(), deliveredTickets: 2500, printed: 0 });
    // Serials the agent never received, and more rolls than the stock holds: refused, nothing written.
    const before = await counts();
    expectError(
      await post('roll/shop', s.agentA.token, {
        shopId: s.shopA.id,
        ...base({ quantity: 2 }),
        ...serials(2),
      }),
      409,
      M.notInStock,
    );
    expectError(
      await post('roll/shop', s.agentA.token, { shopId: s.shopA.id, ...base({ quantity: 16 }) }),
      409,
      M.short(15, 16),
    );
    // The same serials twice to shops: the exclusion constraint, answered as a Lao 409.
    expectError(
      await post('roll/shop', s.agentA.token, {
        shopId: s.shopA.id,
        ...base({ quantity: 2 }),
        serialFirst: got.serialFirst + 3,
        serialLast: got.serialFirst + 4,
      }),
      409,
      M.overlap,
    );
    expect(await counts()).toEqual(before);
  });

  it('an agent cannot deliver to another agent’s shop, from someone else’s stock, or see their stock', async () => {
    const s = await scene();
    await post('roll/person', s.admin.token, { personId: s.agentB.id, ...base({ quantity: 30 }) });
    const before = await counts();
    expectError(
      await post('roll/shop', s.agentA.token, { shopId: s.shopB.id, ...base() }),
      404,
      M.shopNotFound,
    );
    expectError(
      await post('roll/shop', s.agentA.token, { shopId: s.shopA.id, fromPersonId: s.agentB.id, ...base() }),
      403,
      M.ownStock,
    );
    expect(await counts()).toEqual(before);
    expect((await post<Stock[]>('rolls/stock', s.agentA.token, { personId: s.agentB.id })).body.data).toEqual(
      [],
    );
    const all = (await post<Stock[]>('rolls/stock', s.admin.token, {})).body.data ?? [];
    expect(all.find((r) => r.personId === s.agentB.id)).toMatchObject({ received: 30, inHand: 30 });
    // Agent B's shop deliveries never show in agent A's list.
    const fromB = await post('roll/shop', s.agentB.token, { shopId: s.shopB.id, ...base({ quantity: 3 }) });
    const list = await post<Delivery[]>('rolls?page=1', s.agentA.token, {});
    expect(list.body.data?.map((d) => d.id)).not.toContain(fromB.body.data?.id);
    expectError(
      await post('roll/update-shop', s.agentA.token, {
        id: fromB.body.data?.id,
        shopId: s.shopA.id,
        ...base({ quantity: 1 }),
      }),
      404,
      M.notFound,
    );
    for (const who of [s.mgr, s.cashier]) {
      expectError(await post('roll/shop', who.token, { shopId: s.shopA.id, ...base() }), 403, M.forbidden);
      expectError(await post('rolls', who.token, {}), 403, M.forbidden);
      expectError(await post('rolls/stock', who.token, {}), 403, M.forbidden);
      expectError(await post('rolls/low-paper', who.token, {}), 403, M.forbidden);
      expectError(await post('rolls/ticket-check', who.token, { month: '2026-01' }), 403, M.forbidden);
    }
  });

  it('admins deliver from the platform or an agent’s stock, and correct deliveries (stock given back first)', async () => {
    const s = await scene();
    await post('roll/person', s.admin.token, { personId: s.agentA.id, ...base({ quantity: 10 }) });
    const d = await post('roll/shop', s.admin.token, {
      shopId: s.shopA.id,
      fromPersonId: s.agentA.id,
      ...base({ quantity: 8 }),
    });
    expect(d.statusCode).toBe(201);
    const id = d.body.data?.id ?? '';
    // 8 taken; updating to 10 is fine (8 given back + 2 in hand), 11 is not.
    expect(
      (
        await post('roll/update-shop', s.admin.token, {
          id,
          shopId: s.shopA.id,
          fromPersonId: s.agentA.id,
          ...base({ quantity: 10 }),
        })
      ).statusCode,
    ).toBe(200);
    expectError(
      await post('roll/update-shop', s.admin.token, {
        id,
        shopId: s.shopA.id,
        fromPersonId: s.agentA.id,
        ...base({ quantity: 11 }),
      }),
      409,
      M.short(10, 11),
    );
    // A receipt cannot shrink below what already left the stock.
    const receipt = (
      await post<Delivery[]>('rolls', s.admin.token, { kind: 'PERSON', personId: s.agentA.id })
    ).body.data?.[0];
    expectError(
      await post('roll/update-person', s.admin.token, {
        id: receipt?.id,
        personId: s.agentA.id,
        ...base({ quantity: 9 }),
      }),
      409,
      'ມ້ວນເຈ້ຍຈາກການຮັບນີ້ຖືກສົ່ງໃຫ້ຮ້ານແລ້ວ: ສະຕັອກຈະເຫຼືອ -1 ມ້ວນ, ກະລຸນາແກ້ການສົ່ງໃຫ້ຮ້ານກ່ອນ',
    );
    // Moving the delivery to another shop recounts both accounts.
    const moved = await post('roll/update-shop', s.admin.token, {
      id,
      shopId: s.shopB.id,
      ...base({ quantity: 4, unitPrice: 0 }),
    });
    expect(moved.body.data).toMatchObject({ shopId: s.shopB.id, fromPersonId: null, unitPrice: 0 });
    const accounts = await t.db.select().from(shopPaper);
    expect(accounts.find((a) => a.shopId === s.shopA.id)).toBeUndefined();
    expect(accounts.find((a) => a.shopId === s.shopB.id)).toMatchObject({ deliveredTickets: 2000 });
  });

  it('concurrent moves out of one stock never overdraw it', async () => {
    const s = await scene();
    await post('roll/person', s.admin.token, { personId: s.agentA.id, ...base({ quantity: 10 }) });
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('roll/shop', s.agentA.token, { shopId: s.shopA.id, ...base({ quantity: 3 }) }),
      ),
    );
    expect(tries.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(tries.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const stock = await post<Stock[]>('rolls/stock', s.agentA.token, {});
    expect(stock.body.data?.[0]).toMatchObject({ received: 10, moved: 9, inHand: 1 });
  });
});

describe('bad input: a Lao 4xx, nothing written', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['negative kip', { unitPrice: -1 }, { unitPrice: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ' }],
    ['fractional kip', { unitPrice: 1.5 }, { unitPrice: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ' }],
    ['zero rolls', { quantity: 0 }, { quantity: 'ຈຳນວນຕ້ອງເປັນຈຳນວນເຕັມ ຢ່າງໜ້ອຍ 1' }],
    ['fractional rolls', { quantity: 2.5 }, { quantity: 'ຈຳນວນຕ້ອງເປັນຈຳນວນເຕັມ ຢ່າງໜ້ອຍ 1' }],
    ['negative tickets', { ticketsPerRoll: -5 }, { ticketsPerRoll: 'ຈຳນວນຕ້ອງເປັນຈຳນວນເຕັມ ຢ່າງໜ້ອຍ 1' }],
    [
      'end before start',
      { quantity: 2, serialFirst: 10, serialLast: 5 },
      { serialLast: 'ເລກມ້ວນສຸດທ້າຍຕ້ອງບໍ່ນ້ອຍກວ່າເລກມ້ວນທຳອິດ' },
    ],
    [
      'range not the quantity',
      { quantity: 2, serialFirst: 10, serialLast: 19 },
      { serialLast: 'ຊ່ວງເລກມ້ວນຕ້ອງມີເທົ່າກັບຈຳນວນມ້ວນ (ສຸດທ້າຍ − ທຳອິດ + 1 = ຈຳນວນ)' },
    ],
    [
      'one serial only',
      { serialFirst: 10 },
      { serialLast: 'ກະລຸນາປ້ອນທັງເລກມ້ວນທຳອິດ ແລະ ເລກມ້ວນສຸດທ້າຍ (ຫຼື ປະຫວ່າງທັງສອງ)' },
    ],
    [
      'negative serial',
      { quantity: 1, serialFirst: -1, serialLast: -1 },
      { serialFirst: 'ເລກມ້ວນເຈ້ຍຕ້ອງເປັນຈຳນວນເຕັມ ບໍ່ຕິດລົບ', serialLast: 'ເລກມ້ວນເຈ້ຍຕ້ອງເປັນຈຳນວນເຕັມ ບໍ່ຕິດລົບ' },
    ],
    ['future date', { deliveredOn: '2099-01-01' }, { deliveredOn: 'ວັນທີສົ່ງຕ້ອງບໍ່ເກີນມື້ນີ້' }],
    ['bad date', { deliveredOn: '2026-02-30' }, { deliveredOn: 'ວັນທີບໍ່ຖືກຕ້ອງ' }],
    ['unknown field', { price: 1 }, { price: 'ບໍ່ຮູ້ຈັກຊ່ອງຂໍ້ມູນນີ້' }],
  ];
  it.each(cases)('%s', async (_name, over, messages) => {
    const s = await scene();
    const before = await counts();
    for (const [path, target] of [
      ['roll/shop', { shopId: s.shopA.id }],
      ['roll/person', { personId: s.agentA.id }],
    ] as const) {
      const res = await post(path, s.admin.token, { ...target, ...base(), ...over });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(M.invalid);
      expect(res.body.messages, path).toEqual(messages);
    }
    expect(await counts()).toEqual(before);
  });

  it('overlapping serials between two people’s stock: 409, nothing written', async () => {
    const s = await scene();
    const r = serials(10);
    await post('roll/person', s.admin.token, { personId: s.agentA.id, ...base(), ...r });
    const before = await counts();
    expectError(
      await post('roll/person', s.admin.token, {
        personId: s.agentB.id,
        ...base({ quantity: 3 }),
        serialFirst: r.serialLast,
        serialLast: r.serialLast + 2,
      }),
      409,
      M.overlap,
    );
    expect(await counts()).toEqual(before);
  });

  it('answers in English when asked', async () => {
    const s = await scene();
    const res = await call(t.app, 'POST', 'roll/shop', {
      token: s.agentA.token,
      body: { shopId: s.shopA.id, ...base({ quantity: 1 }) },
      headers: { 'accept-language': 'en' },
    });
    expectError(res, 409, 'Not enough rolls in stock: 0 in stock, 1 asked for');
  });
});

describe('lists, settings and the print’s roll serial', () => {
  it('filters deliveries by kind, shop, person and dates, paged', async () => {
    const s = await scene();
    await post('roll/person', s.admin.token, {
      personId: s.agentA.id,
      ...base({ deliveredOn: '2026-01-05' }),
    });
    await post('roll/shop', s.admin.token, { shopId: s.shopA.id, ...base({ deliveredOn: '2026-01-06' }) });
    await post('roll/shop', s.admin.token, { shopId: s.shopA.id, ...base({ deliveredOn: '2026-02-06' }) });
    const list = await post<Delivery[]>('rolls?page=1', s.admin.token, {
      shopId: s.shopA.id,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(list.body.data?.map((d) => d.deliveredOn)).toEqual(['2026-01-06']);
    const paged = await post<Delivery[]>('rolls?page=2', s.admin.token, { shopId: s.shopA.id, pageSize: 1 });
    expect(paged.body.meta).toEqual({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
    const people = await post<Delivery[]>('rolls', s.agentA.token, { kind: 'PERSON' });
    expect(people.body.data?.every((d) => d.personId === s.agentA.id)).toBe(true);
    expectError(await post('rolls', s.admin.token, { from: '2026-02-01', to: '2026-01-01' }), 400, M.invalid);
  });

  it('the low-paper days setting: everyone in the agent area reads it, admins set it (audited)', async () => {
    const s = await scene();
    const read = await call<{ lowPaperDays: number }>(t.app, 'GET', 'rolls/settings', {
      token: s.agentA.token,
    });
    expect(read.body.data).toEqual({ lowPaperDays: 7 });
    expectError(await post('rolls/settings', s.agentA.token, { lowPaperDays: 3 }), 403, M.forbidden);
    expectError(await post('rolls/settings', s.admin.token, { lowPaperDays: -3 }), 400, M.invalid);
    expect((await post('rolls/settings', s.admin.token, { lowPaperDays: 9 })).statusCode).toBe(200);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'roll.settings'));
    expect(event?.after).toEqual({ lowPaperDays: 9 });
    const low = await post<unknown[]>('rolls/low-paper', s.agentA.token, {});
    expect((low.body.meta as Record<string, number>).lowPaperDays).toBe(9);
    await post('rolls/settings', s.admin.token, { lowPaperDays: 7 });
  });

  it('a print stores the roll serial; a bad serial is refused', async () => {
    const s = await scene();
    const [bill] = await t.db
      .insert(bills)
      .values({
        shopId: s.shopA.id,
        reference: unique('R'),
        number: 1,
        vehicleType: 'MOTORBIKE',
        businessDate: today(),
      })
      .returning();
    const ok = await post('bill/print', s.cashier.token, { id: String(bill?.id), rollSerial: 1234 });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(billPrints)
      .where(eq(billPrints.billId, Number(bill?.id)));
    expect(row?.rollSerial).toBe(1234);
    const bad = await post('bill/print', s.cashier.token, { id: String(bill?.id), rollSerial: -4 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.messages).toEqual({ rollSerial: 'ເລກມ້ວນເຈ້ຍຕ້ອງເປັນຈຳນວນເຕັມ ບໍ່ຕິດລົບ' });
  });

  it('low paper and the ticket check stay inside the agent’s shops', async () => {
    const s = await scene();
    await post('roll/shop', s.admin.token, { shopId: s.shopA.id, ...base() });
    await post('roll/shop', s.admin.token, { shopId: s.shopB.id, ...base() });
    const low = await post<{ shopId: string }[]>('rolls/low-paper', s.agentA.token, { pageSize: 100 });
    expect(low.body.data?.map((r) => r.shopId)).toEqual([s.shopA.id]);
    const check = await post<{ rows: { shopId: string }[] }>('rolls/ticket-check', s.agentA.token, {
      month: '2026-01',
      pageSize: 100,
    });
    expect(check.body.data?.rows.map((r) => r.shopId)).toEqual([s.shopA.id]);
    expectError(
      await post('rolls/ticket-check', s.agentA.token, { month: '2026-01', shopId: s.shopB.id }),
      404,
      M.shopNotFound,
    );
    expectError(await post('rolls/low-paper', s.agentA.token, { shopId: s.shopB.id }), 404, M.shopNotFound);
    expectError(await post('rolls/ticket-check', s.agentA.token, { month: '2026-13' }), 400, M.invalid);
  });
});
