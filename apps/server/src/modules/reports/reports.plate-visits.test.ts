/**
 * Regular customers read `plate_visits` (migration 0008): years, months and days of the pairs seen
 * twice or more, kept by triggers. Three years of bills in a night shop and a shop fourteen hours
 * ahead of UTC, written many to a statement, then corrected (plates changed, taken off, put back),
 * cancelled and checked out one by one: after each step the table equals the bills
 * (`plate_visits_check`), and the report over periods of every shape equals a count over the bills.
 */
import { addDaysToDate, businessDate, type ShopHours } from '@parking-hub/contracts/business-day';
import type { ReportCustomers } from '@parking-hub/contracts/reports';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../../db/schema/bills.ts';
import { call, createTestApp, insertShop, signedIn, type TestApp } from '../../test/harness.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import { Random } from '../demo/demo.random.ts';
import { plateVisitsTuning } from './customers.repository.ts';
import { firstOfMonth } from './plate-visit-parts.ts';

const NOW = new Date();

let t: TestApp;
let admin: { token: string };
const shops: Array<ShopHours & { id: string; code: string; staff: string }> = [];

const rng = new Random(20261125);
const PLATES = Array.from({ length: 30 }, (_, i) => `ກຂ ${2000 + i}`);
const pickPlate = () =>
  (rng.next() < 0.15 ? null : rng.next() < 0.8 ? PLATES[rng.int(0, 29)] : `ຄງ ${rng.int(1000, 9999)}`) ??
  null;

/** The report as a plain count over the bills (the definition, not the fast path). */
async function bruteForce(from: string, to: string, byClosing: boolean, minVisits: number) {
  const { rows } = await t.db.execute<{
    key: string;
    visits: number;
    amount: string;
    first: Date;
    last: Date;
  }>(sql`
    select b.shop_id || '|' || b.plate_key as key, count(*)::int as visits,
           coalesce(sum(b.fee), 0)::bigint::text as amount, min(b.check_in_at) as first, max(b.check_in_at) as last
    from bills b join shops s on s.id = b.shop_id
    where b.plate_key is not null and b.status <> 'CANCELLED'
      and (case when ${byClosing} then b.business_date else (b.check_in_at at time zone s.timezone)::date end)
          between ${from}::date and ${to}::date
    group by 1 having count(*) >= ${minVisits}`);
  return new Map(rows.map((r) => [r.key, r]));
}

async function expectReportEqualsBills(label: string) {
  expect((await t.db.execute(sql`select * from plate_visits_check()`)).rows, label).toEqual([]);
  const today = NOW.toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const periods: Array<[string, string]> = [
    [`${year - 1}-01-01`, `${year - 1}-12-31`],
    [`${year}-01-01`, today],
    [addDaysToDate(today, -364), today],
    [`${year - 2}-11-17`, `${year - 1}-02-09`],
    [`${today.slice(0, 7)}-01`, today],
    [addDaysToDate(today, -9), addDaysToDate(today, -3)],
    [addDaysToDate(today, -1000), addDaysToDate(today, 1)],
    // Read from a window of thirteen months (migration 0022): the last twelve and three whole
    // months, twelve months a year ago across its turn, and ragged ends thirteen months apart.
    [firstOfMonth(addDaysToDate(firstOfMonth(today), -360)), addDaysToDate(firstOfMonth(today), -1)],
    [firstOfMonth(addDaysToDate(firstOfMonth(today), -80)), addDaysToDate(firstOfMonth(today), -1)],
    [firstOfMonth(addDaysToDate(today, -700)), addDaysToDate(firstOfMonth(addDaysToDate(today, -340)), -1)],
    [addDaysToDate(today, -390), addDaysToDate(today, -20)],
  ];
  // The pairs a period's largest part shares with the rest: looked up one by one when few, joined
  // with all of its rows when many (plateVisitsTuning); a few dozen here, so both ways are forced.
  for (const [from, to] of periods)
    for (const byClosing of [false, true])
      for (const [minVisits, sharedLookups] of [
        [2, 0],
        [4, 1_000_000],
        [2, 1_000_000],
        [4, 0],
      ] as const) {
        plateVisitsTuning.sharedLookups = sharedLookups;
        const want = await bruteForce(from, to, byClosing, minVisits);
        const res = await call<ReportCustomers>(t.app, 'POST', 'report/customer-important', {
          token: admin.token,
          body: { from, to, byClosing, minVisits, limit: 1000 },
        });
        const got = res.body.data as ReportCustomers;
        const where = `${label}: ${from}..${to} byClosing ${byClosing} min ${minVisits} lookups ${sharedLookups}`;
        expect(got.totalPlates, where).toBe(want.size);
        expect(got.totalVisits, where).toBe([...want.values()].reduce((a, r) => a + r.visits, 0));
        expect(got.totalAmount, where).toBe([...want.values()].reduce((a, r) => a + Number(r.amount), 0));
        for (const r of got.rows) {
          const w = want.get(`${r.shopId}|${r.plateKey}`);
          expect([r.visits, r.amount, r.firstAt, r.lastAt], where).toEqual([
            w?.visits,
            Number(w?.amount),
            w && new Date(w.first).toISOString(),
            w && new Date(w.last).toISOString(),
          ]);
        }
        // Most visits first, then most money.
        const order = got.rows.map((r) => [r.visits, r.amount] as const);
        expect(order, where).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
      }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
  for (const [name, openShop, closeShop, timezone] of [
    ['Night', '18:00', '02:00', 'Asia/Vientiane'],
    ['Kiritimati', null, null, 'Pacific/Kiritimati'],
  ] as const) {
    const row = await insertShop(t.db, { name, openShop, closeShop, timezone });
    const staff = (await signedIn(t, 'SHOP', { shopId: row.id })).id;
    shops.push({ id: row.id, code: row.code, openShop, closeShop, timezone, staff });
  }
  // Three years of tickets, 150 to a statement (the row triggers run after the whole statement).
  const rows: Array<typeof bills.$inferInsert> = [];
  for (let i = 0; i < 1800; i++) {
    const shop = shops[i % 2] as (typeof shops)[number];
    const inAt = new Date(NOW.getTime() - rng.int(2, 3 * 365 * 24 * 60) * 60_000);
    const plate = pickPlate();
    const closed = rng.next() < 0.8;
    const outAt = new Date(Math.min(NOW.getTime() - 1000, inAt.getTime() + rng.int(5, 600) * 60_000));
    rows.push({
      shopId: shop.id,
      reference: `PV${shop.code}-${i}`,
      number: i + 1,
      vehicleType: rng.next() < 0.7 ? 'MOTORBIKE' : 'CAR',
      plate,
      plateKey: plateKey(plate),
      status: closed ? 'CLOSED' : 'PARKED',
      businessDate: businessDate(inAt, shop),
      checkInAt: inAt,
      checkInBy: shop.staff,
      checkOutAt: closed ? outAt : null,
      checkOutBy: closed ? shop.staff : null,
      outBusinessDate: closed ? businessDate(outAt, shop) : null,
      fee: closed ? rng.int(1, 30) * 1000 : null,
      paymentMethod: closed ? 'CASH' : null,
    });
  }
  for (let i = 0; i < rows.length; i += 150) await t.db.insert(bills).values(rows.slice(i, i + 150));
});
afterAll(() => {
  plateVisitsTuning.sharedLookups = 2000;
  return t?.close();
});

describe('regular customers from plate_visits', () => {
  it('equals the bills after loading, corrections, cancellations and check-outs, over periods of every shape', async () => {
    await expectReportEqualsBills('loaded');

    const all = await t.db.select().from(bills).orderBy(bills.id);
    // Corrections one by one: a plate changed to another (often one seen once), taken off, put on.
    for (const b of all.filter((_, i) => i % 23 === 0)) {
      const plate = rng.next() < 0.3 ? null : pickPlate();
      await t.db
        .update(bills)
        .set({ plate, plateKey: plateKey(plate) })
        .where(eq(bills.id, b.id));
    }
    // Cancellations, of parked and of closed tickets.
    for (const b of all.filter((_, i) => i % 17 === 5)) {
      const at = new Date(Math.min(NOW.getTime() - 500, b.checkInAt.getTime() + 60_000));
      const shop = shops.find((s) => s.id === b.shopId) as (typeof shops)[number];
      await t.db
        .update(bills)
        .set({
          status: 'CANCELLED',
          cancelReason: 'ພິມຜິດ',
          cancelledAt: at,
          cancelledBy: shop.staff,
          cancelBusinessDate: businessDate(at, shop),
        })
        .where(eq(bills.id, b.id));
    }
    // Check-outs of parked tickets: the fee comes in.
    for (const b of all.filter((_, i) => i % 17 !== 5 && i % 7 === 1)) {
      if (b.status !== 'PARKED') continue;
      const shop = shops.find((s) => s.id === b.shopId) as (typeof shops)[number];
      const outAt = new Date(Math.min(NOW.getTime() - 500, b.checkInAt.getTime() + 3_600_000));
      await t.db
        .update(bills)
        .set({
          status: 'CLOSED',
          checkOutAt: outAt,
          checkOutBy: shop.staff,
          outBusinessDate: businessDate(outAt, shop),
          fee: 7000,
          paymentMethod: 'QR',
        })
        .where(eq(bills.id, b.id));
    }
    // A statement that changes many at once: every ticket of one plate gets another plate.
    await t.db.execute(sql`update bills set plate = 'ກຂ 2999', plate_key = ${plateKey('ກຂ 2999')}
      where plate_key = ${plateKey(PLATES[3] ?? '')}`);
    await expectReportEqualsBills('changed');

    // Rebuilt from the bills, it is the same.
    const before = (
      await t.db.execute(
        sql`select * from plate_visits where (visits, amount) <> (0, 0) order by 1, 2, 3, 4, 5`,
      )
    ).rows;
    await t.db.execute(sql`select report_rebuild()`);
    const after = (await t.db.execute(sql`select * from plate_visits order by 1, 2, 3, 4, 5`)).rows;
    expect(after).toEqual(before);
    await expectReportEqualsBills('rebuilt');
  });

  it("an agent's report counts only the agent's shops", async () => {
    const agent = await signedIn(t, 'AGENT');
    const night = shops[0] as (typeof shops)[number];
    await t.db.execute(sql`update shops set agent_id = ${agent.id} where id = ${night.id}`);
    const year = Number(NOW.toISOString().slice(0, 4));
    const [from, to] = [`${year - 1}-01-01`, `${year - 1}-12-31`];
    const want = [...(await bruteForce(from, to, false, 2)).entries()].filter(([k]) =>
      k.startsWith(`${night.id}|`),
    );
    const res = await call<ReportCustomers>(t.app, 'POST', 'report/customer-important', {
      token: agent.token,
      body: { from, to, minVisits: 2, limit: 1000 },
    });
    const got = res.body.data as ReportCustomers;
    expect(want.length).toBeGreaterThan(0);
    expect(got.totalPlates).toBe(want.length);
    expect(got.rows.map((r) => `${r.shopId}|${r.plateKey}`).sort()).toEqual(want.map(([k]) => k).sort());
  });

  it('shows the plate as last written and its vehicle type, and lists at most `limit`', async () => {
    const res = await call<ReportCustomers>(t.app, 'POST', 'report/customer-important', {
      token: admin.token,
      body: {
        from: addDaysToDate(NOW.toISOString().slice(0, 10), -1000),
        to: NOW.toISOString().slice(0, 10),
        minVisits: 2,
        limit: 3,
      },
    });
    const got = res.body.data as ReportCustomers;
    expect(got.rows).toHaveLength(3);
    expect(got.totalPlates).toBeGreaterThan(3);
    for (const r of got.rows) {
      const { rows } = await t.db.execute<{ plate: string; vehicle_type: string }>(sql`
        select plate, vehicle_type from bills
        where shop_id = ${r.shopId} and plate_key = ${r.plateKey} and status <> 'CANCELLED'
        order by check_in_at desc limit 1`);
      expect([r.plate, r.vehicleType]).toEqual([rows[0]?.plate, rows[0]?.vehicle_type]);
    }
  });
});
