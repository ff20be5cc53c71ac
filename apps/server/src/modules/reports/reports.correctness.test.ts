/**
 * Every report, in both modes, against a brute-force computation over the raw bills (issue 4):
 * shops open 18:00–02:00 and 07:00–19:00 (and one around the clock in another zone), check-outs
 * across midnight, lost tickets, members, free exits, cancellations of parked and of closed bills,
 * corrections of the vehicle type after the fact. Bills are written both ways the trigger sees
 * them: inserted in their final state, and inserted parked then updated. Pass payments (issue 14)
 * of every shop, in cash and by QR, by staff or nobody, at any hour, count as money taken.
 */
import {
  addDaysToDate,
  businessDate,
  calendarDate,
  type ShopHours,
} from '@parking-hub/contracts/business-day';
import {
  emptyMeasures,
  type ReportBalance,
  type ReportByDate,
  type ReportByMonth,
  type ReportCancel,
  type ReportChart,
  type ReportCustomers,
  type ReportMeasures,
  type ReportPaymentByStaff,
} from '@parking-hub/contracts/reports';
import { VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../../db/schema/bills.ts';
import { memberNumbers, memberPayments, members } from '../../db/schema/members.ts';
import { call, createTestApp, insertShop, signedIn, type TestApp } from '../../test/harness.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import { datesOf, monthsOf } from './reports.service.ts';

const NOW = new Date();
const DAY = 86_400_000;

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
  };
}

interface Shop extends ShopHours {
  id: string;
  name: string;
  code: string;
  staff: string[];
}

type Row = typeof bills.$inferSelect;
type Payment = typeof memberPayments.$inferSelect;

let t: TestApp;
let admin: { token: string };
let manager: { token: string };
let dayStaff: { token: string };
const shops: Shop[] = [];
let night: Shop;
let branch: Shop;
let day: Shop;

const post = async <T>(token: string, path: string, body: unknown) => {
  const res = await call<T>(t.app, 'POST', path, { token, body });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.statusCode);
  return res.body.data as T;
};

async function makeShop(values: {
  name: string;
  openShop: string | null;
  closeShop: string | null;
  timezone?: string;
  parentId?: string;
}) {
  const row = await insertShop(t.db, { priceMotorbike: 2000, priceCar: 5000, ...values });
  const staff: string[] = [];
  for (let i = 0; i < 2; i++) staff.push((await signedIn(t, 'SHOP', { shopId: row.id })).id);
  const shop: Shop = {
    id: row.id,
    name: row.name,
    code: row.code,
    timezone: row.timezone,
    openShop: row.openShop,
    closeShop: row.closeShop,
    staff,
  };
  shops.push(shop);
  return shop;
}

/** ~1,600 bills over the last 45 days in four shops, half written as updates of parked bills. */
async function writeBills() {
  const rng = random(20261123);
  const plates = Array.from({ length: 40 }, (_, i) => `ກຂ ${1000 + i}`);
  const numbers = new Map<string, number>();
  const finals: Array<typeof bills.$inferInsert> = [];
  for (let i = 0; i < 1600; i++) {
    const shop = rng.pick(shops);
    const number = (numbers.get(shop.id) ?? 0) + 1;
    numbers.set(shop.id, number);
    const inAt = new Date(NOW.getTime() - rng.int(60, 45 * 24 * 60) * 60_000 - rng.int(0, 59) * 1000);
    const stay = rng.next() < 0.15 ? rng.int(600, 1800) : rng.int(3, 300);
    const outAt = new Date(Math.min(NOW.getTime() - 1000, inAt.getTime() + stay * 60_000));
    const roll = rng.next();
    const status = roll < 0.08 ? 'PARKED' : roll < 0.13 ? 'CANCELLED' : roll < 0.18 ? 'LOST' : 'CLOSED';
    const cancelledAfterClose = status === 'CANCELLED' && rng.next() < 0.5;
    const paid = status === 'CLOSED' || status === 'LOST' || cancelledAfterClose;
    const methodRoll = rng.next();
    const method =
      methodRoll < 0.55 ? 'CASH' : methodRoll < 0.8 ? 'QR' : methodRoll < 0.92 ? 'MEMBER' : 'FREE';
    const fee = method === 'MEMBER' || method === 'FREE' ? 0 : rng.int(1, 40) * 1000;
    const plate = rng.next() < 0.2 ? null : rng.next() < 0.6 ? rng.pick(plates) : `ຄງ ${rng.int(1000, 9999)}`;
    const hours = shop;
    const cancelAt = new Date(
      Math.min(NOW.getTime() - 500, (paid ? outAt : inAt).getTime() + rng.int(1, 600) * 60_000),
    );
    finals.push({
      shopId: shop.id,
      reference: `T${shop.code}-${number}-${rng.int(1e6, 9e6)}`,
      number,
      vehicleType: rng.pick(['MOTORBIKE', 'MOTORBIKE', 'CAR', 'BICYCLE'] as const),
      plate,
      plateKey: plateKey(plate),
      status,
      businessDate: businessDate(inAt, hours),
      checkInAt: inAt,
      checkInBy: rng.next() < 0.03 ? null : rng.pick(shop.staff),
      checkOutAt: paid ? outAt : null,
      checkOutBy: paid ? rng.pick(shop.staff) : null,
      outBusinessDate: paid ? businessDate(outAt, hours) : null,
      fee: paid ? fee : null,
      paymentMethod: paid ? method : null,
      cancelReason: status === 'CANCELLED' ? 'ພິມຜິດ' : null,
      cancelledAt: status === 'CANCELLED' ? cancelAt : null,
      cancelledBy: status === 'CANCELLED' ? rng.pick(shop.staff) : null,
      cancelBusinessDate: status === 'CANCELLED' ? businessDate(cancelAt, hours) : null,
    });
  }
  // Half inserted as they end up; half inserted parked, then taken to their end state step by step.
  const direct = finals.filter((_, i) => i % 2 === 0);
  const stepped = finals.filter((_, i) => i % 2 === 1);
  for (let i = 0; i < direct.length; i += 200) await t.db.insert(bills).values(direct.slice(i, i + 200));
  const parked = stepped.map((b) => ({
    ...b,
    status: 'PARKED',
    checkOutAt: null,
    checkOutBy: null,
    outBusinessDate: null,
    fee: null,
    paymentMethod: null,
    cancelReason: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelBusinessDate: null,
  }));
  const ids: number[] = [];
  for (let i = 0; i < parked.length; i += 200) {
    const rows = await t.db
      .insert(bills)
      .values(parked.slice(i, i + 200))
      .returning({ id: bills.id });
    ids.push(...rows.map((r) => r.id));
  }
  for (const [i, b] of stepped.entries()) {
    const id = ids[i] as number;
    if (b.checkOutAt) {
      await t.db
        .update(bills)
        .set({
          status: b.status === 'LOST' ? 'LOST' : 'CLOSED',
          checkOutAt: b.checkOutAt,
          checkOutBy: b.checkOutBy,
          outBusinessDate: b.outBusinessDate,
          fee: b.fee,
          paymentMethod: b.paymentMethod,
        })
        .where(eq(bills.id, id));
    }
    if (b.status === 'CANCELLED') {
      await t.db
        .update(bills)
        .set({
          status: 'CANCELLED',
          cancelReason: b.cancelReason,
          cancelledAt: b.cancelledAt,
          cancelledBy: b.cancelledBy,
          cancelBusinessDate: b.cancelBusinessDate,
        })
        .where(eq(bills.id, id));
    }
  }
  await t.db.execute(sql`
    insert into shop_bill_counters (shop_id, last_number) select shop_id, max(number) from bills group by 1
    on conflict (shop_id) do update set last_number = excluded.last_number`);
  // Corrections after the fact (every event of the bill moves) and prints (no event moves).
  await t.db.execute(sql`update bills set vehicle_type = 'CAR' where id % 17 = 0 and vehicle_type <> 'CAR'`);
  await t.db.execute(sql`update bills set print_count = print_count + 1 where id % 5 = 0`);
}

/**
 * ~300 pass payments over the same 45 days: a few members per shop (number, member), each paying
 * now and then, in cash or by QR, taken by one of the shop's staff or by nobody recorded. Most are
 * inserted in batches, some one by one; their business date is left to the database to fill.
 */
async function writePayments() {
  const rng = random(20261124);
  const memberIds = new Map<string, string[]>();
  for (const shop of shops) {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const [n] = await t.db
        .insert(memberNumbers)
        .values({ shopId: shop.id, number: `P${i}`, status: 'AVAILABLE' })
        .returning({ id: memberNumbers.id });
      const [m] = await t.db
        .insert(members)
        .values({
          shopId: shop.id,
          numberId: n?.id,
          number: `P${i}`,
          fullName: `ສະມາຊິກ ${shop.code} ${i}`,
          validFrom: FROM,
          validUntil: TO,
        })
        .returning({ id: members.id });
      await t.db.execute(
        sql`update member_numbers set status = 'ASSIGNED', member_id = ${m?.id} where id = ${n?.id}`,
      );
      ids.push(m?.id as string);
    }
    memberIds.set(shop.id, ids);
  }
  const rows: Array<typeof memberPayments.$inferInsert> = [];
  for (let i = 0; i < 300; i++) {
    const shop = rng.pick(shops);
    const at = new Date(NOW.getTime() - rng.int(1, 45 * 24 * 60) * 60_000 - rng.int(0, 59) * 1000);
    const months = rng.pick([1, 3, 6, 12] as const);
    rows.push({
      shopId: shop.id,
      memberId: rng.pick(memberIds.get(shop.id) ?? []),
      kind: rng.next() < 0.3 ? 'SELL' : 'RENEW',
      vehicleType: rng.pick(['MOTORBIKE', 'CAR', 'CAR', 'TRUCK'] as const),
      months,
      amount: rng.int(0, 60) * 10_000,
      method: rng.next() < 0.6 ? 'CASH' : 'QR',
      periodFrom: FROM,
      periodUntil: TO,
      takenBy: rng.next() < 0.05 ? null : rng.pick(shop.staff),
      takenAt: at,
    });
  }
  for (let i = 0; i < 250; i += 50) await t.db.insert(memberPayments).values(rows.slice(i, i + 50));
  for (const r of rows.slice(250)) await t.db.insert(memberPayments).values(r);
}

/** The event of a pass payment: money taken (cash or QR), one pass, no ticket. */
function paymentEvent(p: Payment, shop: Shop) {
  return {
    at: p.takenAt,
    biz: businessDate(p.takenAt, shop),
    staff: p.takenBy,
    add: (m: ReportMeasures) => {
      m.passCount++;
      m.passAmount += p.amount;
      m.amount += p.amount;
      if (p.method === 'CASH') m.cashAmount += p.amount;
      else m.qrAmount += p.amount;
    },
  };
}

/** The events of a bill, as the reports define them (decision 010). */
function eventsOf(b: Row, shop: Shop) {
  const events: Array<{ at: Date; biz: string; staff: string | null; add: (m: ReportMeasures) => void }> = [];
  const fee = b.fee ?? 0;
  // Recomputed here, not read back: the stored business dates must be what the rule says.
  events.push({
    at: b.checkInAt,
    biz: businessDate(b.checkInAt, shop),
    staff: b.checkInBy,
    add: (m) => m.billsIn++,
  });
  if ((b.status === 'CLOSED' || b.status === 'LOST') && b.checkOutAt) {
    events.push({
      at: b.checkOutAt,
      biz: businessDate(b.checkOutAt, shop),
      staff: b.checkOutBy,
      add: (m) => {
        m.billsOut++;
        m.amount += fee;
        if (b.status === 'LOST') m.lost++;
        if (b.paymentMethod === 'CASH') {
          m.cashCount++;
          m.cashAmount += fee;
        } else if (b.paymentMethod === 'QR') {
          m.qrCount++;
          m.qrAmount += fee;
        } else if (b.paymentMethod === 'MEMBER') m.memberCount++;
        else if (b.paymentMethod === 'FREE') m.freeCount++;
      },
    });
  }
  if (b.status === 'CANCELLED' && b.cancelledAt) {
    events.push({
      at: b.cancelledAt,
      biz: businessDate(b.cancelledAt, shop),
      staff: b.cancelledBy,
      add: (m) => {
        m.cancelled++;
        m.cancelledAmount += fee;
      },
    });
  }
  return events;
}

let raw: Row[] = [];
let payments: Payment[] = [];
const shopOf = (id: string) => shops.find((s) => s.id === id) as Shop;
const dateOf = (at: Date, biz: string, shop: Shop, byClosing: boolean) =>
  byClosing ? biz : calendarDate(at, shop.timezone);

/**
 * Brute force: every event of the shops asked (bills' and pass payments'), with its date, vehicle,
 * staff and what it adds.
 */
function allEvents(shopIds: string[], byClosing: boolean) {
  const ofBills = raw
    .filter((b) => shopIds.includes(b.shopId))
    .flatMap((b) => {
      const shop = shopOf(b.shopId);
      return eventsOf(b, shop).map((e) => ({
        ...e,
        date: dateOf(e.at, e.biz, shop, byClosing),
        bill: b as Row | undefined,
        vehicleType: b.vehicleType,
        shop,
      }));
    });
  const ofPayments = payments
    .filter((p) => shopIds.includes(p.shopId))
    .map((p) => {
      const shop = shopOf(p.shopId);
      const e = paymentEvent(p, shop);
      return {
        ...e,
        date: dateOf(e.at, e.biz, shop, byClosing),
        bill: undefined,
        vehicleType: p.vehicleType,
        shop,
      };
    });
  return [...ofBills, ...ofPayments];
}

function expectedPeriods(shopIds: string[], from: string, to: string, byClosing: boolean) {
  const events = allEvents(shopIds, byClosing).filter((e) => e.date >= from && e.date <= to);
  const sum = (es: typeof events) => {
    const m = emptyMeasures();
    for (const e of es) e.add(m);
    return m;
  };
  return {
    days: datesOf(from, to).map((date) => ({ date, ...sum(events.filter((e) => e.date === date)) })),
    months: monthsOf(from, to).map((month) => ({
      month,
      ...sum(events.filter((e) => e.date.startsWith(month))),
    })),
    byVehicle: VEHICLE_TYPES.filter((v) => events.some((e) => e.vehicleType === v)).map((v) => ({
      vehicleType: v,
      ...sum(events.filter((e) => e.vehicleType === v)),
    })),
    totals: sum(events),
    events,
    sum,
  };
}

const MODES = [false, true] as const;
const FROM = addDaysToDate(calendarDate(NOW, 'Asia/Vientiane'), -40);
const TO = calendarDate(new Date(NOW.getTime() + DAY), 'Asia/Vientiane');

beforeAll(async () => {
  t = await createTestApp();
  night = await makeShop({ name: 'ຕະຫຼາດກາງຄືນ', openShop: '18:00', closeShop: '02:00' });
  branch = await makeShop({
    name: 'ຕະຫຼາດກາງຄືນ ສາຂາ',
    openShop: '18:00',
    closeShop: '02:00',
    parentId: night.id,
  });
  day = await makeShop({ name: 'ຕະຫຼາດເຊົ້າ', openShop: '07:00', closeShop: '19:00' });
  await makeShop({ name: 'Tokyo lot', openShop: null, closeShop: null, timezone: 'Asia/Tokyo' });
  admin = await signedIn(t, 'ADMIN');
  manager = await signedIn(t, 'MANAGER', { shopId: night.id });
  dayStaff = await signedIn(t, 'SHOP', { shopId: day.id });
  await writeBills();
  await writePayments();
  raw = await t.db.select().from(bills);
  payments = await t.db.select().from(memberPayments);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('reports equal a brute-force count of the raw bills', () => {
  it('stores the business dates the rule gives, and the rollup equals the bills (report_check)', async () => {
    for (const b of raw) {
      const shop = shopOf(b.shopId);
      expect(b.businessDate).toBe(businessDate(b.checkInAt, shop));
      if (b.checkOutAt && b.status !== 'PARKED' && b.status !== 'CANCELLED')
        expect(b.outBusinessDate).toBe(businessDate(b.checkOutAt, shop));
    }
    // The SQL twin of the business-day rule (used for bills older than the rollup) agrees too.
    const twin = await t.db.execute<{ id: string; d: string }>(sql`
      select b.id::text as id, shop_business_date(b.check_in_at, s.timezone, s.open_shop, s.close_shop)::text as d
      from bills b join shops s on s.id = b.shop_id`);
    const byId = new Map(raw.map((b) => [String(b.id), b.businessDate]));
    for (const r of twin.rows) expect(r.d).toBe(byId.get(r.id));
    // A payment's business date, filled by the database from the shop's hours, is the rule's too.
    expect(new Set(payments.map((p) => p.shopId)).size).toBe(shops.length);
    for (const p of payments) expect(p.businessDate).toBe(businessDate(p.takenAt, shopOf(p.shopId)));
    const mismatches = await t.db.execute(sql`select * from report_check()`);
    expect(mismatches.rows).toEqual([]);
    expect((await t.db.execute(sql`select * from report_scope_check()`)).rows).toEqual([]);
    expect((await t.db.execute(sql`select * from report_monthly_check()`)).rows).toEqual([]);
    expect((await t.db.execute(sql`select * from plate_visits_check()`)).rows).toEqual([]);
  });

  it.each(MODES)(
    'bill/date, bill/month and chart for each shop and for all shops (byClosing %s)',
    async (byClosing) => {
      const cases = [...shops.map((s) => [s.id]), shops.map((s) => s.id)];
      for (const ids of cases) {
        const shopId = ids.length === 1 ? ids[0] : undefined;
        const body = { shopId, from: FROM, to: TO, byClosing };
        const e = expectedPeriods(ids, FROM, TO, byClosing);
        const byDate = await post<ReportByDate>(admin.token, 'report/bill/date', body);
        expect(byDate).toEqual({ rows: e.days, byVehicle: e.byVehicle, totals: e.totals });
        const byMonth = await post<ReportByMonth>(admin.token, 'report/bill/month', body);
        expect(byMonth).toEqual({ rows: e.months, byVehicle: e.byVehicle, totals: e.totals });
        const chart = await post<ReportChart>(admin.token, 'report/chart', body);
        expect(chart.days).toEqual(e.days);
        expect(chart.totals).toEqual(e.totals);
        for (const s of chart.shops) {
          const own = e.sum(e.events.filter((ev) => ev.shop.id === s.shopId));
          expect(s).toEqual({
            shopId: s.shopId,
            shopName: shopOf(s.shopId).name,
            shopCode: shopOf(s.shopId).code,
            ...own,
          });
        }
        expect(chart.shops.map((s) => s.shopId).sort()).toEqual(
          ids.filter((id) => e.events.some((ev) => ev.shop.id === id)).sort(),
        );
      }
    },
  );

  it.each(MODES)('a sub-range counts only its own days (byClosing %s)', async (byClosing) => {
    const from = addDaysToDate(TO, -9);
    const to = addDaysToDate(TO, -3);
    const e = expectedPeriods([night.id], from, to, byClosing);
    const got = await post<ReportByDate>(admin.token, 'report/bill/date', {
      shopId: night.id,
      from,
      to,
      byClosing,
    });
    expect(got.totals).toEqual(e.totals);
    expect(got.rows.map((r) => r.date)).toEqual(datesOf(from, to));
  });

  it.each(MODES)('payment-by-staff, with counted cash (byClosing %s)', async (byClosing) => {
    const e = expectedPeriods(
      shops.map((s) => s.id),
      FROM,
      TO,
      byClosing,
    );
    const key = (shopId: string, staff: string | null) => `${shopId}|${staff ?? '-'}`;
    const groups = new Map<string, ReportMeasures>();
    for (const ev of e.events) {
      const k = key(ev.shop.id, ev.staff);
      const m = groups.get(k) ?? emptyMeasures();
      ev.add(m);
      groups.set(k, m);
    }
    const someone = night.staff[0] as string;
    const counted = (groups.get(key(night.id, someone))?.cashAmount ?? 0) - 3000;
    const got = await post<ReportPaymentByStaff>(admin.token, 'report/payment-by-staff', {
      from: FROM,
      to: TO,
      byClosing,
      counted: [{ shopId: night.id, staffId: someone, amount: counted }],
    });
    expect(got.rows).toHaveLength(groups.size);
    // The cash to hand in includes the passes sold in cash (checked against the count just below).
    expect(got.rows.some((r) => r.staffId === someone && r.passCount > 0)).toBe(true);
    expect(got.totals.passAmount).toBeGreaterThan(0);
    for (const r of got.rows) {
      const { shopId, shopName, shopCode, staffId, staffName, username, counted: c, difference, ...m } = r;
      expect(m).toEqual(groups.get(key(shopId, staffId)));
      if (shopId === night.id && staffId === someone) expect([c, difference]).toEqual([counted, -3000]);
      else expect([c, difference]).toEqual([null, null]);
    }
    expect({ ...got.totals, counted: undefined, difference: undefined }).toEqual({
      ...e.totals,
      counted: undefined,
      difference: undefined,
    });
    expect([got.totals.counted, got.totals.difference]).toEqual([counted, -3000]);
  });

  it.each(MODES)(
    'over whole months (month rows) and their ragged ends (day rows): top shops and payment by staff (byClosing %s)',
    async (byClosing) => {
      // From the first of FROM's month: at least one whole month, then the days to TO.
      const from = `${FROM.slice(0, 7)}-01`;
      const ids = shops.map((s) => s.id);
      const e = expectedPeriods(ids, from, TO, byClosing);
      const chart = await post<ReportChart>(admin.token, 'report/chart', { from, to: TO, byClosing });
      expect(chart.totals).toEqual(e.totals);
      expect(chart.shops.length).toBeGreaterThan(0);
      for (const s of chart.shops) {
        const { shopId, shopName, shopCode, ...m } = s;
        expect(m).toEqual(e.sum(e.events.filter((ev) => ev.shop.id === shopId)));
      }
      const groups = new Map<string, ReportMeasures>();
      for (const ev of e.events) {
        const k = `${ev.shop.id}|${ev.staff ?? '-'}`;
        const m = groups.get(k) ?? emptyMeasures();
        ev.add(m);
        groups.set(k, m);
      }
      const byStaff = await post<ReportPaymentByStaff>(admin.token, 'report/payment-by-staff', {
        from,
        to: TO,
        byClosing,
      });
      expect(byStaff.rows).toHaveLength(groups.size);
      for (const r of byStaff.rows) {
        const { shopId, shopName, shopCode, staffId, staffName, username, counted, difference, ...m } = r;
        expect(m).toEqual(groups.get(`${shopId}|${staffId ?? '-'}`));
      }
      // A manager's shops (the shop rows, no scope rows) agree with the same count.
      const mine = [night.id, branch.id];
      const em = expectedPeriods(mine, from, TO, byClosing);
      const managerChart = await post<ReportChart>(manager.token, 'report/chart', {
        from,
        to: TO,
        byClosing,
      });
      expect(managerChart.totals).toEqual(em.totals);
      expect((await t.db.execute(sql`select * from report_monthly_check()`)).rows).toEqual([]);
      expect((await t.db.execute(sql`select * from plate_visits_check()`)).rows).toEqual([]);
    },
  );

  it.each(MODES)(
    'bill/cancel: totals, per staff, per day, and every cancelled bill once (byClosing %s)',
    async (byClosing) => {
      const e = expectedPeriods(
        shops.map((s) => s.id),
        FROM,
        TO,
        byClosing,
      );
      const cancels = e.events.flatMap((ev) =>
        ev.bill?.status === 'CANCELLED' && ev.at === ev.bill.cancelledAt ? [{ ...ev, bill: ev.bill }] : [],
      );
      const pages: ReportCancel['bills'] = [];
      let first: ReportCancel | undefined;
      for (let page = 1; ; page++) {
        const res = await call<ReportCancel>(t.app, 'POST', 'report/bill/cancel', {
          token: admin.token,
          body: { from: FROM, to: TO, byClosing, page, pageSize: 37 },
        });
        expect(res.statusCode).toBe(200);
        const data = res.body.data as ReportCancel;
        first ??= data;
        pages.push(...data.bills);
        if (page >= (res.body.meta?.totalPages ?? 1)) break;
      }
      const amount = cancels.reduce((a, ev) => a + (ev.bill.fee ?? 0), 0);
      expect(first?.totals).toEqual({ count: cancels.length, amount });
      expect(pages.map((b) => b.id).sort()).toEqual(cancels.map((ev) => String(ev.bill.id)).sort());
      for (const b of pages) {
        const ev = cancels.find((c) => String(c.bill.id) === b.id);
        expect([b.date, b.amount, b.cancelReason]).toEqual([ev?.date, ev?.bill.fee ?? 0, 'ພິມຜິດ']);
      }
      const perDay = new Map<string, number>();
      for (const ev of cancels) perDay.set(ev.date, (perDay.get(ev.date) ?? 0) + 1);
      expect(first?.byDate.map((d) => [d.date, d.count])).toEqual([...perDay.entries()].sort());
      expect(first?.byStaff.reduce((a, s) => a + s.count, 0)).toBe(cancels.length);
    },
  );

  it.each(MODES)('customer-important: plates with at least N visits (byClosing %s)', async (byClosing) => {
    for (const minVisits of [2, 5]) {
      const visits = new Map<string, { visits: number; amount: number; first: number; last: number }>();
      for (const b of raw) {
        if (!b.plateKey || b.status === 'CANCELLED') continue;
        const shop = shopOf(b.shopId);
        const d = dateOf(b.checkInAt, b.businessDate, shop, byClosing);
        if (d < FROM || d > TO) continue;
        const k = `${b.shopId}|${b.plateKey}`;
        const v = visits.get(k) ?? { visits: 0, amount: 0, first: Infinity, last: 0 };
        v.visits++;
        v.amount += b.fee ?? 0;
        v.first = Math.min(v.first, b.checkInAt.getTime());
        v.last = Math.max(v.last, b.checkInAt.getTime());
        visits.set(k, v);
      }
      const regulars = [...visits.entries()].filter(([, v]) => v.visits >= minVisits);
      const got = await post<ReportCustomers>(admin.token, 'report/customer-important', {
        from: FROM,
        to: TO,
        byClosing,
        minVisits,
        limit: 1000,
      });
      expect(got.totalPlates).toBe(regulars.length);
      expect(got.totalVisits).toBe(regulars.reduce((a, [, v]) => a + v.visits, 0));
      expect(got.totalAmount).toBe(regulars.reduce((a, [, v]) => a + v.amount, 0));
      expect(got.rows.map((r) => `${r.shopId}|${r.plateKey}`).sort()).toEqual(
        regulars.map(([k]) => k).sort(),
      );
      for (const r of got.rows) {
        const v = visits.get(`${r.shopId}|${r.plateKey}`);
        expect([r.visits, r.amount, Date.parse(r.firstAt), Date.parse(r.lastAt)]).toEqual([
          v?.visits,
          v?.amount,
          v?.first,
          v?.last,
        ]);
      }
      const order = got.rows.map((r) => r.visits);
      expect(order).toEqual([...order].sort((a, b) => b - a));
    }
  });

  it.each(MODES)(
    'balance today and yesterday, each shop on its own day, and vehicles inside now (byClosing %s)',
    async (byClosing) => {
      for (const [path, back] of [
        ['report/balance-for-shop', 0],
        ['report/balance-yesterday', 1],
      ] as const) {
        const got = await post<ReportBalance>(admin.token, path, { byClosing });
        const at = new Date();
        for (const s of got.shops) {
          const shop = shopOf(s.shopId);
          const today = byClosing ? businessDate(at, shop) : calendarDate(at, shop.timezone);
          const date = addDaysToDate(today, -back);
          const e = expectedPeriods([shop.id], date, date, byClosing);
          const parked = raw.filter((b) => b.shopId === shop.id && b.status === 'PARKED').length;
          expect(s).toEqual({
            shopId: shop.id,
            shopName: shop.name,
            shopCode: shop.code,
            date,
            parkedNow: parked,
            ...e.totals,
          });
        }
        expect(got.shops).toHaveLength(shops.length);
        expect(got.totals.parkedNow).toBe(raw.filter((b) => b.status === 'PARKED').length);
      }
    },
  );
});

describe('reports show only the caller’s shops', () => {
  it('a manager sees their shop and its branch; shop staff their shop; another shop is 403', async () => {
    const e = expectedPeriods([night.id, branch.id], FROM, TO, false);
    const mine = await post<ReportByDate>(manager.token, 'report/bill/date', { from: FROM, to: TO });
    expect(mine.totals).toEqual(e.totals);
    const chart = await post<ReportChart>(manager.token, 'report/chart', { from: FROM, to: TO });
    expect(chart.shops.map((s) => s.shopId).sort()).toEqual([night.id, branch.id].sort());
    const staffView = await post<ReportPaymentByStaff>(dayStaff.token, 'report/payment-by-staff', {
      from: FROM,
      to: TO,
    });
    expect(new Set(staffView.rows.map((r) => r.shopId))).toEqual(new Set([day.id]));
    const balance = await post<ReportBalance>(dayStaff.token, 'report/balance-for-shop', {});
    expect(balance.shops.map((s) => s.shopId)).toEqual([day.id]);
    const cancels = await post<ReportCancel>(dayStaff.token, 'report/bill/cancel', {
      from: FROM,
      to: TO,
      pageSize: 100,
    });
    expect(cancels.bills.every((b) => b.shopId === day.id)).toBe(true);
    const customers = await post<ReportCustomers>(manager.token, 'report/customer-important', {
      from: FROM,
      to: TO,
      minVisits: 2,
    });
    expect(customers.rows.every((r) => r.shopId === night.id || r.shopId === branch.id)).toBe(true);
    for (const path of [
      'report/bill/date',
      'report/bill/month',
      'report/chart',
      'report/bill/cancel',
      'report/customer-important',
      'report/payment-by-staff',
    ]) {
      const res = await call(t.app, 'POST', path, {
        token: dayStaff.token,
        body: { shopId: night.id, from: FROM, to: TO },
      });
      expect([path, res.statusCode, res.body.message]).toEqual([path, 403, 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້']);
    }
    const other = await call(t.app, 'POST', 'report/balance-for-shop', {
      token: manager.token,
      body: { shopId: day.id },
    });
    expect(other.statusCode).toBe(403);
  });

  it('refuses bad periods with a Lao message per field and answers nothing', async () => {
    const backwards = await call(t.app, 'POST', 'report/bill/date', {
      token: admin.token,
      body: { from: TO, to: FROM },
    });
    expect([backwards.statusCode, backwards.body.messages]).toEqual([400, { to: 'ວັນທີເລີ່ມຕ້ອງບໍ່ຫຼັງວັນທີສິ້ນສຸດ' }]);
    const long = await call(t.app, 'POST', 'report/bill/month', {
      token: admin.token,
      body: { from: '2020-01-01', to: '2026-01-01' },
    });
    expect([long.statusCode, Object.keys(long.body.messages ?? {})]).toEqual([400, ['from']]);
    const missing = await call(t.app, 'POST', 'report/chart', { token: admin.token, body: {} });
    expect([missing.statusCode, Object.keys(missing.body.messages ?? {}).sort()]).toEqual([
      400,
      ['from', 'to'],
    ]);
    const few = await call(t.app, 'POST', 'report/customer-important', {
      token: admin.token,
      body: { from: FROM, to: TO, minVisits: 1 },
    });
    expect([few.statusCode, few.body.messages]).toEqual([400, { minVisits: 'ຈຳນວນຄັ້ງທີ່ມາຕ້ອງຢ່າງໜ້ອຍ 2 ຄັ້ງ' }]);
  });
});

describe('the rollup follows the staff app, and can be rebuilt', () => {
  it('check-in, check-out, lost ticket and cancel through the API move the figures at once', async () => {
    const staff = await signedIn(t, 'SHOP', { shopId: day.id });
    const body = { shopId: day.id, byClosing: false };
    const before = await post<ReportBalance>(staff.token, 'report/balance-for-shop', body);
    const a = await post<{ id: string; reference: string }>(staff.token, 'bill/create', {
      vehicleType: 'CAR',
    });
    const b = await post<{ id: string }>(staff.token, 'bill/create', { vehicleType: 'MOTORBIKE' });
    const c = await post<{ id: string }>(staff.token, 'bill/create', { vehicleType: 'MOTORBIKE' });
    const out = await post<{ fee: number }>(staff.token, 'bill/checkout', {
      reference: a.reference,
      paymentMethod: 'QR',
    });
    const lost = await post<{ fee: number }>(staff.token, 'bill/lost', { id: b.id });
    await post(staff.token, 'bills/update', { action: 'CANCEL', id: c.id, reason: 'ລູກຄ້າປ່ຽນໃຈ' });
    const after = await post<ReportBalance>(staff.token, 'report/balance-for-shop', body);
    const d = (k: keyof ReportBalance['totals']) => after.totals[k] - before.totals[k];
    expect({
      billsIn: d('billsIn'),
      billsOut: d('billsOut'),
      lost: d('lost'),
      cancelled: d('cancelled'),
      qrAmount: d('qrAmount'),
      cashAmount: d('cashAmount'),
      amount: d('amount'),
      parkedNow: d('parkedNow'),
    }).toEqual({
      billsIn: 3,
      billsOut: 2,
      lost: 1,
      cancelled: 1,
      qrAmount: out.fee,
      cashAmount: lost.fee,
      amount: out.fee + lost.fee,
      parkedNow: 0,
    });
    expect((await t.db.execute(sql`select * from report_check()`)).rows).toEqual([]);
  });

  it('report_rebuild refills the same figures, and report_check finds a tampered row', async () => {
    const body = { from: FROM, to: TO, byClosing: true };
    const before = await post<ReportByDate>(admin.token, 'report/bill/date', body);
    await t.db.execute(sql`select report_rebuild()`);
    expect(await post<ReportByDate>(admin.token, 'report/bill/date', body)).toEqual(before);
    await t.db.execute(
      sql`update report_daily set amount = amount + 1 where ctid = (select ctid from report_daily where bills_out > 0 limit 1)`,
    );
    const found = await t.db.execute<{ side: string }>(sql`select side from report_check()`);
    expect(found.rows.map((r) => r.side).sort()).toEqual(['bills', 'rollup']);
    await t.db.execute(sql`select report_rebuild(${`{${day.id}}`}::uuid[])`);
    await t.db.execute(sql`select report_rebuild()`);
    expect((await t.db.execute(sql`select * from report_check()`)).rows).toEqual([]);
  });

  it('pass payments are never changed or removed, and a change of hours moves none of them', async () => {
    const p = payments[0] as Payment;
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await t.db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return `${err?.message} ${err?.cause?.message ?? ''}`;
    };
    expect(await refused(sql`update member_payments set amount = amount + 1 where id = ${p.id}`)).toContain(
      'member_payments is append-only',
    );
    expect(await refused(sql`delete from member_payments where id = ${p.id}`)).toContain(
      'member_payments is append-only',
    );
    // New hours: the payments keep the business dates they were taken on, as bills do.
    await t.db.execute(
      sql`update shops set open_shop = '09:00', close_shop = '21:00' where id = ${night.id}`,
    );
    expect((await t.db.execute(sql`select * from report_check()`)).rows).toEqual([]);
    await t.db.execute(
      sql`update shops set open_shop = '18:00', close_shop = '02:00' where id = ${night.id}`,
    );
    expect((await t.db.select().from(memberPayments)).map((r) => r.businessDate)).toEqual(
      payments.map((r) => r.businessDate),
    );
  });

  it('an agent reads their shops’ scope rows, which follow a shop to its new agent', async () => {
    raw = await t.db.select().from(bills); // with the bills the tests above wrote
    const agentA = await signedIn(t, 'AGENT');
    const agentB = await signedIn(t, 'AGENT');
    const setAgent = async (shop: Shop, agentId: string) => {
      const res = await call(t.app, 'POST', 'shop/update', {
        token: admin.token,
        body: { id: shop.id, agentId },
      });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    };
    const periods = (ids: string[], byClosing: boolean) => {
      const e = expectedPeriods(ids, FROM, TO, byClosing);
      return { days: { rows: e.days, byVehicle: e.byVehicle, totals: e.totals }, months: e.months };
    };
    const expectAgent = async (token: string, ids: string[]) => {
      for (const byClosing of MODES) {
        const want = periods(ids, byClosing);
        const body = { from: FROM, to: TO, byClosing };
        expect(await post<ReportByDate>(token, 'report/bill/date', body)).toEqual(want.days);
        expect((await post<ReportByMonth>(token, 'report/bill/month', body)).rows).toEqual(want.months);
      }
    };
    // The night shop (its branch follows it) and the day shop go to agent A.
    await setAgent(night, agentA.id);
    await setAgent(day, agentA.id);
    await expectAgent(agentA.token, [night.id, branch.id, day.id]);
    await expectAgent(agentB.token, []);
    // The day shop moves to agent B: its whole history goes with it, the platform's stays.
    await setAgent(day, agentB.id);
    await expectAgent(agentA.token, [night.id, branch.id]);
    await expectAgent(agentB.token, [day.id]);
    const all = shops.map((s) => s.id);
    expect(await post<ReportByDate>(admin.token, 'report/bill/date', { from: FROM, to: TO })).toEqual(
      periods(all, false).days,
    );
    expect((await t.db.execute(sql`select * from report_scope_check()`)).rows).toEqual([]);
    // A scope row that lies is found.
    await t.db.execute(
      sql`update report_scope_daily set bills_in = bills_in + 1 where ctid = (select ctid from report_scope_daily where bills_in > 0 limit 1)`,
    );
    const found = await t.db.execute<{ side: string }>(sql`select side from report_scope_check()`);
    expect(found.rows.map((r) => r.side).sort()).toEqual(['scopes', 'shops']);
    await t.db.execute(sql`select report_rebuild()`);
    expect((await t.db.execute(sql`select * from report_scope_check()`)).rows).toEqual([]);
    expect((await t.db.execute(sql`select * from report_monthly_check()`)).rows).toEqual([]);
    expect((await t.db.execute(sql`select * from plate_visits_check()`)).rows).toEqual([]);
    await expectAgent(agentB.token, [day.id]);
    // Past days folded into one stripe (the nightly job): fewer rows, the same figures.
    const rowsOf = async () =>
      Number(
        (await t.db.execute<{ n: string }>(sql`select count(*) as n from report_scope_daily`)).rows[0]?.n,
      );
    const before = await rowsOf();
    await t.db.execute(sql`select report_scope_compact(current_date - 2)`);
    expect(await rowsOf()).toBeLessThan(before);
    expect(
      (
        await t.db.execute(
          sql`select count(*)::int as n from report_scope_daily where stripe <> 0 and cal_date < current_date - 2 and biz_date < current_date - 2`,
        )
      ).rows[0],
    ).toEqual({ n: 0 });
    expect((await t.db.execute(sql`select * from report_scope_check()`)).rows).toEqual([]);
    await expectAgent(agentA.token, [night.id, branch.id]);
    await expectAgent(agentB.token, [day.id]);
    expect(await post<ReportByDate>(admin.token, 'report/bill/date', { from: FROM, to: TO })).toEqual(
      periods(all, false).days,
    );
  });

  it('a shop moved to another time zone has its calendar days recounted at once', async () => {
    const tokyo = shops.find((s) => s.timezone === 'Asia/Tokyo') as Shop;
    const res = await call(t.app, 'POST', 'shop/update', {
      token: admin.token,
      body: { id: tokyo.id, timezone: 'America/Los_Angeles' },
    });
    expect(res.statusCode).toBe(200);
    tokyo.timezone = 'America/Los_Angeles';
    raw = await t.db.select().from(bills);
    expect((await t.db.execute(sql`select * from report_check()`)).rows).toEqual([]);
    const got = await post<ReportByDate>(admin.token, 'report/bill/date', {
      shopId: tokyo.id,
      from: FROM,
      to: TO,
    });
    expect(got.rows).toEqual(expectedPeriods([tokyo.id], FROM, TO, false).days);
  });
});
