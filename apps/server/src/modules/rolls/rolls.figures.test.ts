/**
 * The paper figures against a brute-force count over the raw rows: random deliveries (through
 * the API, so the paper account is recounted) and prints (real inserts into bill_prints, so the
 * trigger counts them), in shops of three time zones, with prints before, between and after
 * deliveries. Stock, remaining paper, pace, days left, the low list, the ticket check of every
 * month and the printed serials outside the delivered ranges must all agree.
 */
import type { LowPaperRow, RollStock, SerialRange, TicketCheck } from '@parking-hub/contracts/rolls';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billPrints, bills } from '../../db/schema/bills.ts';
import { rollDeliveries, shopPaper } from '../../db/schema/rolls.ts';
import { call, createTestApp, insertShop, signedIn, type TestApp, unique } from '../../test/harness.ts';
import { checkPaper, rebuildPaper } from './paper.rebuild.ts';
import { lockShopsForPaper, recountShopPaper } from './rolls.repository.ts';
import { todayIn } from './rolls.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seed = 20261125;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

const DAY = 86_400_000;
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const dayIn = (tz: string, at: Date) => todayIn(tz, at);

interface Print {
  shopId: string;
  at: Date;
  serial: number | null;
}
interface Delivery {
  shopId: string;
  on: string;
  quantity: number;
  tickets: number;
  first: number | null;
  last: number | null;
  from: string | null;
}

const ZONES = ['Asia/Vientiane', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Vientiane'];

describe('paper figures against a brute-force count', () => {
  it('stock, remaining, pace, low list, ticket check and outside serials agree', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await signedIn(t, 'AGENT');
    const post = <T>(path: string, body: unknown, token = admin.token) =>
      call<T>(t.app, 'POST', path, { token, body });
    const shops = [];
    for (const timezone of ZONES) shops.push(await insertShop(t.db, { agentId: agent.id, timezone }));
    const quiet = await insertShop(t.db, { agentId: agent.id }); // prints, never a delivery
    const billOf = new Map<string, number>();
    for (const s of [...shops, quiet]) {
      const [bill] = await t.db
        .insert(bills)
        .values({
          shopId: s.id,
          reference: unique('F'),
          number: 1,
          vehicleType: 'MOTORBIKE',
          businessDate: '2026-01-01',
        })
        .returning({ id: bills.id });
      billOf.set(s.id, Number(bill?.id));
    }

    // The agent's stock: two receipts with serials, one without.
    const stockRanges = [
      [100_000, 100_199],
      [300_000, 300_099],
    ] as const;
    const today = todayIn('Asia/Vientiane');
    for (const [first, last] of stockRanges) {
      const res = await post('roll/person', {
        personId: agent.id,
        deliveredOn: addDays(today, -120),
        quantity: last - first + 1,
        ticketsPerRoll: 50,
        serialFirst: first,
        serialLast: last,
      });
      expect(res.statusCode).toBe(201);
    }
    await post('roll/person', {
      personId: agent.id,
      deliveredOn: addDays(today, -120),
      quantity: 40,
      ticketsPerRoll: 50,
    });

    const prints: Print[] = [];
    const deliveries: Delivery[] = [];
    let nextPlatformSerial = 900_000;
    let nextStockSerial = 100_000;
    const serialPool = (shopId: string): [number, number][] =>
      deliveries
        .filter((d) => d.shopId === shopId && d.first !== null)
        .map((d): [number, number] => [d.first ?? 0, d.last ?? 0]);

    /** A batch of prints of a shop over the last `days` days: one multi-row insert (one trigger pass). */
    async function printBatch(shopId: string, n: number, days: number) {
      const rows: Print[] = [];
      for (let i = 0; i < n; i++) {
        const at = new Date(Date.now() - int(0, days * 24 * 60) * 60_000);
        const pool = serialPool(shopId);
        const pick = rand();
        let serial: number | null = null;
        if (pick < 0.5 && pool.length) {
          const [a, b] = pool[int(0, pool.length - 1)] ?? [0, 0];
          serial = int(a, b);
        } else if (pick < 0.7) serial = int(500_000, 500_040); // paper not from us: a few runs
        rows.push({ shopId, at, serial });
      }
      await t.db.insert(billPrints).values(
        rows.map((r) => ({
          billId: billOf.get(shopId) ?? 0,
          shopId,
          kind: 'REPRINT',
          printedAt: r.at,
          rollSerial: r.serial,
        })),
      );
      prints.push(...rows);
    }

    async function deliver(shopId: string) {
      const quantity = int(1, 6);
      const fromStock = rand() < 0.4;
      const withSerials = rand() < 0.7;
      let first: number | null = null;
      if (withSerials) {
        first = fromStock ? nextStockSerial : nextPlatformSerial;
        if (fromStock) nextStockSerial += quantity;
        else nextPlatformSerial += quantity + int(0, 3);
      }
      const d: Delivery = {
        shopId,
        on: addDays(today, -int(0, 80)),
        quantity,
        tickets: quantity * 60,
        first,
        last: first === null ? null : first + quantity - 1,
        from: fromStock ? agent.id : null,
      };
      const res = await post('roll/shop', {
        shopId,
        deliveredOn: d.on,
        quantity,
        ticketsPerRoll: 60,
        serialFirst: d.first,
        serialLast: d.last,
        fromPersonId: d.from,
      });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
      deliveries.push(d);
    }

    // Prints first (before any delivery), then deliveries and prints interleaved.
    for (const s of [...shops, quiet]) await printBatch(s.id, int(20, 60), 100);
    for (let round = 0; round < 4; round++) {
      for (const s of shops) {
        await deliver(s.id);
        await printBatch(s.id, int(30, 120), 90);
      }
    }
    // One shop prints far more than it received; one single-row print per statement too.
    await printBatch(shops[1]?.id ?? '', 1500, 20);
    for (let i = 0; i < 5; i++) await printBatch(shops[2]?.id ?? '', 1, 3);

    // ---- brute force over the raw rows ----
    const zoneOf = new Map([...shops, quiet].map((s) => [s.id, s.timezone]));
    const expectedStock = {
      received: 200 + 100 + 40,
      moved: deliveries.filter((d) => d.from).reduce((n, d) => n + d.quantity, 0),
    };
    const stock = await post<RollStock[]>('rolls/stock', { personId: agent.id });
    expect(stock.body.data?.[0]).toMatchObject({
      ...expectedStock,
      inHand: expectedStock.received - expectedStock.moved,
    });

    const lowDays = 7;
    const expectedLow = shops.map((s) => {
      const tz = zoneOf.get(s.id) ?? '';
      const own = deliveries.filter((d) => d.shopId === s.id);
      const first = own.map((d) => d.on).sort()[0] ?? '';
      const delivered = own.reduce((n, d) => n + d.tickets, 0);
      const shopPrints = prints.filter((p) => p.shopId === s.id).map((p) => dayIn(tz, p.at));
      const printed = shopPrints.filter((d) => d >= first).length;
      const now = todayIn(tz);
      const recent = shopPrints.filter((d) => d >= addDays(now, -14) && d < now).length;
      const remaining = delivered - printed;
      const daysLeft = recent > 0 ? Math.floor((Math.max(remaining, 0) * 14) / recent) : null;
      return {
        shopId: s.id,
        firstDeliveryOn: first,
        deliveredTickets: delivered,
        printed,
        remaining,
        recentPrints: recent,
        pacePerDay: Math.round((recent / 14) * 10) / 10,
        daysLeft,
        low: remaining <= 0 || (daysLeft !== null && daysLeft <= lowDays),
      };
    });
    const low = await post<LowPaperRow[]>('rolls/low-paper', { pageSize: 100 });
    // A second list reads the pace kept by the first (paper_pace): the same figures.
    expect((await post<LowPaperRow[]>('rolls/low-paper', { pageSize: 100 })).body.data).toEqual(
      low.body.data,
    );
    const got = (low.body.data ?? []).map(({ shopName: _n, shopCode: _c, ...r }) => r);
    const byShop = (a: { shopId: string }, b: { shopId: string }) => a.shopId.localeCompare(b.shopId);
    expect([...got].sort(byShop)).toEqual([...expectedLow].sort(byShop));
    expect(expectedLow.some((r) => r.low)).toBe(true);
    // Low ones first, then by days left.
    const order = (low.body.data ?? []).map((r) => r.low);
    expect(order).toEqual([...order].sort((a, b) => Number(b) - Number(a)));
    const onlyLow = await post<LowPaperRow[]>('rolls/low-paper', { onlyLow: true, pageSize: 100 });
    expect(onlyLow.body.data?.map((r) => r.shopId).sort()).toEqual(
      expectedLow
        .filter((r) => r.low)
        .map((r) => r.shopId)
        .sort(),
    );

    // Every month from the first print to this one.
    const months: string[] = [];
    for (let m = addDays(today, -130).slice(0, 7); m <= today.slice(0, 7); ) {
      months.push(m);
      const [y, mm] = m.split('-').map(Number) as [number, number];
      m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
    }
    let flaggedSeen = false;
    for (const month of months) {
      const start = `${month}-01`;
      const next = `${addDays(start, 31).slice(0, 7)}-01`;
      const expected = shops
        .map((s) => {
          const tz = zoneOf.get(s.id) ?? '';
          const own = deliveries.filter((d) => d.shopId === s.id);
          const first = own.map((d) => d.on).sort()[0] ?? '';
          const days = prints.filter((p) => p.shopId === s.id).map((p) => dayIn(tz, p.at));
          const deliveredTotal = own.filter((d) => d.on < next).reduce((n, d) => n + d.tickets, 0);
          const printedTotal = days.filter((d) => d >= first && d < next).length;
          return {
            shopId: s.id,
            firstDeliveryOn: first,
            deliveredMonth: own
              .filter((d) => d.on >= start && d.on < next)
              .reduce((n, d) => n + d.tickets, 0),
            printedMonth: days.filter((d) => d >= first && d >= start && d < next).length,
            deliveredTotal,
            printedTotal,
            balance: deliveredTotal - printedTotal,
            flagged: printedTotal > deliveredTotal,
          };
        })
        .filter((r) => r.firstDeliveryOn < next);
      const res = await post<TicketCheck>('rolls/ticket-check', { month, pageSize: 100 });
      const rows = (res.body.data?.rows ?? []).map(({ shopName: _n, shopCode: _c, ...r }) => r);
      expect([...rows].sort(byShop), month).toEqual([...expected].sort(byShop));
      expect(res.body.data?.flaggedCount).toBe(expected.filter((r) => r.flagged).length);
      flaggedSeen ||= expected.some((r) => r.flagged);

      // Serials outside every delivered range, per shop, as runs.
      for (const s of shops) {
        const tz = zoneOf.get(s.id) ?? '';
        const ranges = serialPool(s.id);
        const counts = new Map<number, number>();
        for (const p of prints) {
          if (p.shopId !== s.id || p.serial === null) continue;
          const d = dayIn(tz, p.at);
          if (d < start || d >= next) continue;
          if (ranges.some(([a, b]) => p.serial !== null && p.serial >= a && p.serial <= b)) continue;
          counts.set(p.serial, (counts.get(p.serial) ?? 0) + 1);
        }
        const runs: SerialRange[] = [];
        for (const serial of [...counts.keys()].sort((a, b) => a - b)) {
          const last = runs.at(-1);
          const n = counts.get(serial) ?? 0;
          if (last && last.last === serial - 1) {
            last.last = serial;
            last.tickets += n;
          } else runs.push({ first: serial, last: serial, tickets: n });
        }
        const one = await post<TicketCheck>('rolls/ticket-check', { month, shopId: s.id });
        expect(one.body.data?.outsideSerials, `${month} ${s.timezone}`).toEqual(runs);
      }
    }
    expect(flaggedSeen).toBe(true);

    // A past month's check is kept (paper_checks); a delivery back into it changes it at once.
    const past = months[months.length - 3] ?? '';
    const shop = shops[0]?.id ?? '';
    const rowOf = async () =>
      (await post<TicketCheck>('rolls/ticket-check', { month: past, shopId: shop })).body.data?.rows[0];
    const before = await rowOf();
    expect(
      (await post('roll/shop', { shopId: shop, deliveredOn: `${past}-15`, quantity: 1, ticketsPerRoll: 60 }))
        .statusCode,
    ).toBe(201);
    const after = await rowOf();
    expect(after?.deliveredMonth).toBe((before?.deliveredMonth ?? 0) + 60);
    expect(after?.deliveredTotal).toBe((before?.deliveredTotal ?? 0) + 60);
  });
});

describe('the paper account and prints in flight', () => {
  const settle = () => new Promise((r) => setTimeout(r, 400));

  async function shopWithBill() {
    const shop = await insertShop(t.db);
    const [bill] = await t.db
      .insert(bills)
      .values({
        shopId: shop.id,
        reference: unique('C'),
        number: 1,
        vehicleType: 'CAR',
        businessDate: '2026-01-01',
      })
      .returning({ id: bills.id });
    const print = (db: Pick<typeof t.db, 'insert'>) =>
      db.insert(billPrints).values({ billId: Number(bill?.id), shopId: shop.id, kind: 'PRINT' });
    const account = async () => (await t.db.select().from(shopPaper).where(eq(shopPaper.shopId, shop.id)))[0];
    return { shop, print, account };
  }

  it('a first delivery waits for a print in flight, then counts it', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const { shop, print, account } = await shopWithBill();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const printing = t.db.transaction(async (tx) => {
      await print(tx);
      await held;
    });
    await settle();
    let done = false;
    const delivering = call(t.app, 'POST', 'roll/shop', {
      token: admin.token,
      body: { shopId: shop.id, deliveredOn: todayIn(shop.timezone), quantity: 1, ticketsPerRoll: 100 },
    }).then((r) => {
      done = true;
      return r;
    });
    await settle();
    expect(done).toBe(false);
    release();
    await printing;
    expect((await delivering).statusCode).toBe(201);
    expect(await account()).toMatchObject({ deliveredTickets: 100, printed: 1 });
  });

  it('a print waits for a recount in flight, then adds itself on top', async () => {
    const { shop, print, account } = await shopWithBill();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const recounting = t.db.transaction(async (tx) => {
      await lockShopsForPaper(tx, [shop.id]);
      await tx.insert(rollDeliveries).values({
        kind: 'SHOP',
        shopId: shop.id,
        deliveredOn: todayIn(shop.timezone),
        quantity: 1,
        ticketsPerRoll: 100,
        unitPrice: 0,
      });
      await recountShopPaper(tx, shop.id);
      await held;
    });
    await settle();
    let done = false;
    const printing = print(t.db).then(() => {
      done = true;
    });
    await settle();
    expect(done).toBe(false);
    release();
    await recounting;
    await printing;
    expect(await account()).toMatchObject({ deliveredTickets: 100, printed: 1 });
  });
});

describe('a kept ticket check and a delivery in flight', () => {
  it('a past month checked while a delivery into it commits is counted again afterwards', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db);
    const check = async () =>
      (
        await call<TicketCheck>(t.app, 'POST', 'rolls/ticket-check', {
          token: admin.token,
          body: { month: '2025-12', shopId: shop.id },
        })
      ).body.data?.rows[0];
    expect(
      (
        await call(t.app, 'POST', 'roll/shop', {
          token: admin.token,
          body: { shopId: shop.id, deliveredOn: '2025-11-10', quantity: 1, ticketsPerRoll: 100 },
        })
      ).statusCode,
    ).toBe(201);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let recounted: () => void = () => {};
    const ready = new Promise<void>((r) => {
      recounted = r;
    });
    // A delivery into December, recounted but not yet committed.
    const delivering = t.db.transaction(async (tx) => {
      await lockShopsForPaper(tx, [shop.id]);
      await tx.insert(rollDeliveries).values({
        kind: 'SHOP',
        shopId: shop.id,
        deliveredOn: '2025-12-05',
        quantity: 2,
        ticketsPerRoll: 100,
        unitPrice: 0,
      });
      await recountShopPaper(tx, shop.id);
      recounted();
      await held;
    });
    await ready;
    // December's check meanwhile sees the account before the delivery (and keeps it).
    expect(await check()).toMatchObject({ deliveredTotal: 100, deliveredMonth: 0 });
    release();
    await delivering;
    // Kept from the account before the recount: it must not be read again as it is.
    expect(await check()).toMatchObject({ deliveredTotal: 300, deliveredMonth: 200 });
  });
});

describe('a shop’s new time zone and a rebuild', () => {
  /** A Vientiane shop delivered on 2025-11-20, with a print on 30/11 evening (UTC) and one on 10/12. */
  async function scene() {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db, { timezone: 'Asia/Vientiane' });
    const [bill] = await t.db
      .insert(bills)
      .values({
        shopId: shop.id,
        reference: unique('Z'),
        number: 1,
        vehicleType: 'CAR',
        businessDate: '2025-11-30',
      })
      .returning({ id: bills.id });
    await t.db.insert(billPrints).values(
      ['2025-11-30T20:00:00Z', '2025-12-10T05:00:00Z'].map((at) => ({
        billId: Number(bill?.id),
        shopId: shop.id,
        kind: 'PRINT',
        printedAt: new Date(at),
      })),
    );
    const post = <T>(path: string, body: unknown) =>
      call<T>(t.app, 'POST', path, { token: admin.token, body });
    expect(
      (
        await post('roll/shop', {
          shopId: shop.id,
          deliveredOn: '2025-11-20',
          quantity: 1,
          ticketsPerRoll: 100,
        })
      ).statusCode,
    ).toBe(201);
    const month = async (m: string) =>
      (await post<TicketCheck>('rolls/ticket-check', { month: m, shopId: shop.id })).body.data?.rows[0];
    const differences = async () => (await checkPaper(t.database.pool)).filter((r) => r.shop_id === shop.id);
    return { shop, post, month, differences };
  }

  it('a new zone recounts the shop’s paper days, months, account and kept checks in its update', async () => {
    const { shop, post, month, differences } = await scene();
    // In Vientiane (UTC+7) both prints are in December; the check is kept.
    expect(await month('2025-12')).toMatchObject({ printedMonth: 2, printedTotal: 2 });
    expect(await month('2025-11')).toMatchObject({ printedMonth: 0, printedTotal: 0 });
    expect((await post('rolls/low-paper', { shopId: shop.id })).statusCode).toBe(200);
    expect((await post('shop/update', { id: shop.id, timezone: 'America/Los_Angeles' })).statusCode).toBe(
      200,
    );
    // In Los Angeles the first one is on 30/11: counted again, none of the old kept figures read.
    expect(await differences()).toEqual([]);
    expect(await month('2025-12')).toMatchObject({ printedMonth: 1, printedTotal: 2, deliveredTotal: 100 });
    expect(await month('2025-11')).toMatchObject({ printedMonth: 1, printedTotal: 1, deliveredTotal: 100 });
  });

  it('rebuildPaper refills a shop’s counts and empties its kept figures, in one transaction', async () => {
    const { shop, month, differences } = await scene();
    expect(await month('2025-12')).toMatchObject({ printedMonth: 2, printedTotal: 2 });
    await t.database.pool.query('update paper_prints_daily set prints = prints + 5 where shop_id = $1', [
      shop.id,
    ]);
    expect((await differences()).length).toBeGreaterThan(0);
    const client = await t.database.pool.connect();
    try {
      expect(await rebuildPaper(client, [shop.id])).toBe(2);
      // Committed and out of its transaction: the connection is idle again.
      expect((await client.query('select pg_current_xact_id_if_assigned() as x')).rows[0]?.x).toBeNull();
    } finally {
      client.release();
    }
    expect(await differences()).toEqual([]);
    expect(await rebuildPaper(t.database.pool, [shop.id])).toBe(2);
    expect(await differences()).toEqual([]);
    expect(await month('2025-12')).toMatchObject({ printedMonth: 2, printedTotal: 2, deliveredTotal: 100 });
  });
});
