/**
 * The members report (issue 14) against a plain computation over the raw rows: members of four
 * shops (day hours, a night market, a branch, another zone) with passes that start and end around
 * the period, every status, pass payments at any hour (their business day decides), and bills that
 * carried a member (cancelled ones are no visit). Then who sees what.
 */
import { addDaysToDate, businessDate, type ShopHours } from '@parking-hub/contracts/business-day';
import {
  MEMBERS_REPORT_MAX_ROWS,
  type MemberStatus,
  type MembersReport,
  type MembersReportRow,
} from '@parking-hub/contracts/members';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bills } from '../../db/schema/bills.ts';
import { memberPayments, members } from '../../db/schema/members.ts';
import { call, createTestApp, insertShop, signedIn, type TestApp } from '../../test/harness.ts';
import { Random } from '../demo/demo.random.ts';

interface Shop extends ShopHours {
  id: string;
  name: string;
  reminderDays: number;
  staff: string;
}

type Member = typeof members.$inferSelect;
type Payment = typeof memberPayments.$inferSelect;
type Bill = typeof bills.$inferSelect;

const NOW = new Date();
const STATUSES: MemberStatus[] = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'EXPIRED', 'SUSPENDED', 'CANCELLED'];

let t: TestApp;
const shops: Shop[] = [];
let dayShop: Shop;
let branch: Shop;
let night: Shop;
let agentToken: string;
let adminToken: string;
let managerToken: string;
let staffToken: string;
let allMembers: Member[] = [];
let allPayments: Payment[] = [];
let allBills: Bill[] = [];

async function makeShop(values: {
  name: string;
  openShop: string | null;
  closeShop: string | null;
  timezone?: string;
  parentId?: string;
  agentId?: string;
  memberReminderDays: number;
}): Promise<Shop> {
  const row = await insertShop(t.db, values);
  const staff = await signedIn(t, 'SHOP', { shopId: row.id });
  const shop = {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    openShop: row.openShop,
    closeShop: row.closeShop,
    reminderDays: row.memberReminderDays,
    staff: staff.id,
  };
  shops.push(shop);
  return shop;
}

const todayOf = (shop: Shop) => businessDate(NOW, shop);

/** Members, payments and member bills of every shop: passes around the last 60 days. */
async function writeRows() {
  const rng = new Random(14014);
  let ref = 0;
  for (const shop of shops) {
    const today = todayOf(shop);
    for (let i = 0; i < 30; i++) {
      const from = addDaysToDate(today, rng.int(-90, 10));
      const until = addDaysToDate(from, rng.pick([0, 5, 29, 89]));
      const [m] = await t.db
        .insert(members)
        .values({
          shopId: shop.id,
          number: `M${i}`,
          fullName: `ສະມາຊິກ ${i}`,
          plates: i % 3 ? [`ກຂ ${1000 + i}`] : [],
          validFrom: from,
          validUntil: until,
          status: rng.pick(STATUSES),
        })
        .returning();
      const member = m as Member;
      const payments = rng.int(0, 3);
      for (let p = 0; p < payments; p++) {
        await t.db.insert(memberPayments).values({
          shopId: shop.id,
          memberId: member.id,
          kind: p === 0 ? 'SELL' : 'RENEW',
          vehicleType: 'CAR',
          months: 1,
          amount: rng.int(1, 30) * 10_000,
          method: rng.next() < 0.5 ? 'CASH' : 'QR',
          // The last payment is the current window; earlier ones an older pass (renewed after a gap).
          periodFrom: p === payments - 1 ? from : addDaysToDate(from, -40 * (payments - p)),
          periodUntil: p === payments - 1 ? until : addDaysToDate(from, -40 * (payments - p) + 29),
          takenBy: shop.staff,
          takenAt: new Date(NOW.getTime() - rng.int(0, 70 * 24 * 60) * 60_000),
        });
      }
      const visits = rng.int(0, 6);
      for (let v = 0; v < visits; v++) {
        const inAt = new Date(NOW.getTime() - rng.int(1, 70 * 24 * 60) * 60_000);
        const cancelled = rng.next() < 0.2;
        ref++;
        await t.db.insert(bills).values({
          shopId: shop.id,
          reference: `MR${ref}-${rng.int(1e6, 9e6)}`,
          number: ref,
          vehicleType: 'CAR',
          memberId: member.id,
          memberNumber: member.number,
          status: cancelled ? 'CANCELLED' : 'PARKED',
          businessDate: businessDate(inAt, shop),
          checkInAt: inAt,
          checkInBy: shop.staff,
          cancelReason: cancelled ? 'ພິມຜິດ' : null,
          cancelledAt: cancelled ? new Date(inAt.getTime() + 60_000) : null,
          cancelledBy: cancelled ? shop.staff : null,
          cancelBusinessDate: cancelled ? businessDate(new Date(inAt.getTime() + 60_000), shop) : null,
        });
      }
    }
  }
  allMembers = await t.db.select().from(members);
  allPayments = await t.db.select().from(memberPayments);
  allBills = await t.db.select().from(bills);
}

/** The report as the brief defines it, computed over the raw rows of the shops asked. */
function expected(shopIds: string[], from: string, to: string): MembersReport {
  const shopOf = (id: string) => shops.find((s) => s.id === id) as Shop;
  const totals = {
    active: 0,
    expiring: 0,
    passesSold: 0,
    passAmount: 0,
    passCash: 0,
    passQr: 0,
    visits: 0,
    neverCame: 0,
  };
  const rows: MembersReportRow[] = [];
  for (const m of allMembers.filter((x) => shopIds.includes(x.shopId))) {
    const shop = shopOf(m.shopId);
    const today = todayOf(shop);
    // Valid today as the gate sees it: ACTIVE, within its dates.
    if (m.status === 'ACTIVE' && m.validFrom <= today && m.validUntil >= today) {
      totals.active++;
      if (m.validUntil <= addDaysToDate(today, shop.reminderDays)) totals.expiring++;
    }
    // Valid at some time in the period: a pass paid for covers part of it, or the current window
    // does (not cancelled).
    const covered = allPayments.some(
      (p) => p.memberId === m.id && p.periodFrom <= to && p.periodUntil >= from,
    );
    const validInPeriod = covered || (m.status !== 'CANCELLED' && m.validFrom <= to && m.validUntil >= from);
    const paid = allPayments.filter(
      (p) =>
        p.memberId === m.id && businessDate(p.takenAt, shop) >= from && businessDate(p.takenAt, shop) <= to,
    );
    if (!validInPeriod && paid.length === 0) continue;
    const came = allBills.filter(
      (b) =>
        b.memberId === m.id && b.status !== 'CANCELLED' && b.businessDate >= from && b.businessDate <= to,
    );
    const last = came.reduce<Date | null>((a, b) => (!a || b.checkInAt > a ? b.checkInAt : a), null);
    const amount = (method?: string) =>
      paid.filter((p) => !method || p.method === method).reduce((a, p) => a + p.amount, 0);
    totals.passesSold += paid.length;
    totals.passAmount += amount();
    totals.passCash += amount('CASH');
    totals.passQr += amount('QR');
    totals.visits += came.length;
    const neverCame = validInPeriod && came.length === 0 && m.status !== 'SUSPENDED';
    if (neverCame) totals.neverCame++;
    rows.push({
      memberId: m.id,
      shopId: m.shopId,
      shopName: shop.name,
      number: m.number,
      fullName: m.fullName,
      plates: m.plates,
      status: (m.status === 'ACTIVE' && m.validUntil < today ? 'EXPIRED' : m.status) as MemberStatus,
      validUntil: m.validUntil,
      visits: came.length,
      lastVisitAt: last ? last.toISOString() : null,
      passesSold: paid.length,
      passAmount: amount(),
      neverCame,
    });
  }
  return { totals, rows, totalRows: rows.length };
}

async function report(token: string, body: Record<string, unknown>) {
  const res = await call<MembersReport>(t.app, 'POST', 'membership/report', { token, body });
  return res;
}

/** Rows compared whatever the order among equal visits; the order by visits checked apart. */
function expectSame(got: MembersReport, want: MembersReport) {
  expect(got.totals).toEqual(want.totals);
  expect(got.totalRows).toBe(want.totalRows);
  const byId = (xs: MembersReportRow[]) => [...xs].sort((a, b) => a.memberId.localeCompare(b.memberId));
  expect(byId(got.rows)).toEqual(byId(want.rows));
  const visits = got.rows.map((r) => r.visits);
  expect(visits).toEqual([...visits].sort((a, b) => b - a));
}

beforeAll(async () => {
  t = await createTestApp();
  const agent = await signedIn(t, 'AGENT');
  agentToken = agent.token;
  dayShop = await makeShop({
    name: 'ຕະຫຼາດເຊົ້າ',
    openShop: '07:00',
    closeShop: '19:00',
    agentId: agent.id,
    memberReminderDays: 7,
  });
  branch = await makeShop({
    name: 'ຕະຫຼາດເຊົ້າ ສາຂາ',
    openShop: '07:00',
    closeShop: '19:00',
    parentId: dayShop.id,
    agentId: agent.id,
    memberReminderDays: 0,
  });
  night = await makeShop({
    name: 'ຕະຫຼາດກາງຄືນ',
    openShop: '18:00',
    closeShop: '02:00',
    memberReminderDays: 14,
  });
  await makeShop({
    name: 'Tokyo lot',
    openShop: null,
    closeShop: null,
    timezone: 'Asia/Tokyo',
    memberReminderDays: 3,
  });
  adminToken = (await signedIn(t, 'ADMIN')).token;
  managerToken = (await signedIn(t, 'MANAGER', { shopId: dayShop.id })).token;
  staffToken = (await signedIn(t, 'SHOP', { shopId: dayShop.id })).token;
  await writeRows();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('membership/report equals a plain count of the raw rows', () => {
  const ids = () => shops.map((s) => s.id);

  it('every shop and each shop, over past periods and one that reaches today', async () => {
    const today = todayOf(night);
    const periods: Array<[string, string]> = [
      [addDaysToDate(today, -30), addDaysToDate(today, -3)],
      [addDaysToDate(today, -7), today],
      [addDaysToDate(today, -70), addDaysToDate(today, 20)],
      [today, today],
    ];
    for (const [from, to] of periods) {
      const all = await report(adminToken, { from, to });
      expect(all.statusCode, JSON.stringify(all.body)).toBe(200);
      expectSame(all.body.data as MembersReport, expected(ids(), from, to));
      for (const shop of shops) {
        const one = await report(adminToken, { shopId: shop.id, from, to });
        expectSame(one.body.data as MembersReport, expected([shop.id], from, to));
      }
    }
  });

  it('has something of every kind to count', async () => {
    const today = todayOf(night);
    const got = (await report(adminToken, { from: addDaysToDate(today, -70), to: today })).body
      .data as MembersReport;
    expect(got.totals.passesSold).toBeGreaterThan(0);
    expect(got.totals.passCash).toBeGreaterThan(0);
    expect(got.totals.passQr).toBeGreaterThan(0);
    expect(got.totals.visits).toBeGreaterThan(0);
    expect(got.totals.neverCame).toBeGreaterThan(0);
    expect(got.totals.active).toBeGreaterThan(0);
    expect(got.totals.expiring).toBeGreaterThan(0);
    expect(got.totals.passCash + got.totals.passQr).toBe(got.totals.passAmount);
    // Cancelled members with a payment in the period are listed with it.
    expect(got.rows.some((r) => r.status === 'CANCELLED' && r.passesSold > 0)).toBe(true);
    expect(got.rows.some((r) => r.status === 'EXPIRED')).toBe(true);
  });

  it('the pass money equals the report rollup’s pass figures for the same business days', async () => {
    const today = todayOf(dayShop);
    const from = addDaysToDate(today, -40);
    const members = (await report(adminToken, { shopId: dayShop.id, from, to: today })).body
      .data as MembersReport;
    const byDate = await call<{ totals: { passCount: number; passAmount: number } }>(
      t.app,
      'POST',
      'report/bill/date',
      { token: adminToken, body: { shopId: dayShop.id, from, to: today, byClosing: true } },
    );
    expect([byDate.body.data?.totals.passCount, byDate.body.data?.totals.passAmount]).toEqual([
      members.totals.passesSold,
      members.totals.passAmount,
    ]);
  });
});

describe('membership/report shows only the caller’s shops', () => {
  it('an agent and a manager see their shop and its branch; shop staff their shop', async () => {
    const today = todayOf(dayShop);
    const body = { from: addDaysToDate(today, -40), to: today };
    const mine = expected([dayShop.id, branch.id], body.from, body.to);
    for (const token of [agentToken, managerToken]) {
      const res = await report(token, body);
      expect(res.statusCode).toBe(200);
      expectSame(res.body.data as MembersReport, mine);
    }
    const staff = await report(staffToken, body);
    expectSame(staff.body.data as MembersReport, expected([dayShop.id], body.from, body.to));
    const own = await report(staffToken, { ...body, shopId: dayShop.id });
    expect(own.statusCode).toBe(200);
  });

  it('another shop is 403, an unknown one 404, a bad period 400, and no token 401', async () => {
    const today = todayOf(dayShop);
    const body = { from: addDaysToDate(today, -10), to: today };
    const other = await report(staffToken, { ...body, shopId: night.id });
    expect([other.statusCode, other.body.message]).toEqual([403, 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້']);
    expect((await report(managerToken, { ...body, shopId: night.id })).statusCode).toBe(403);
    expect((await report(agentToken, { ...body, shopId: night.id })).statusCode).toBe(403);
    const unknown = await report(adminToken, { ...body, shopId: '5f4b5d53-7a4e-4a53-9d57-2a5f7b9b0c11' });
    expect(unknown.statusCode).toBe(404);
    const backwards = await report(adminToken, { from: today, to: addDaysToDate(today, -1) });
    expect([backwards.statusCode, backwards.body.messages]).toEqual([400, { to: 'ວັນທີເລີ່ມຕ້ອງບໍ່ຫຼັງວັນທີສິ້ນສຸດ' }]);
    const long = await report(adminToken, { from: '2020-01-01', to: '2026-01-01' });
    expect([long.statusCode, Object.keys(long.body.messages ?? {})]).toEqual([400, ['from']]);
    const none = await call(t.app, 'POST', 'membership/report', { body });
    expect(none.statusCode).toBe(401);
  });
});

describe('a report over more members than it lists', () => {
  it('lists the first 5,000 (most visits first) and counts every member in its totals', async () => {
    const big = await insertShop(t.db, { name: 'Big lot', openShop: null, closeShop: null });
    const today = businessDate(new Date(), { timezone: 'Asia/Vientiane', openShop: null, closeShop: null });
    await t.db.execute(sql`
      insert into members (shop_id, number, full_name, vehicle_type, valid_from, valid_until)
      select ${big.id}::uuid, 'B' || g, 'Member ' || g, 'CAR', ${today}::date - 5, ${today}::date + 20
      from generate_series(1, ${MEMBERS_REPORT_MAX_ROWS + 7}) g`);
    const res = await report(adminToken, { shopId: big.id, from: addDaysToDate(today, -3), to: today });
    expect(res.statusCode).toBe(200);
    const data = res.body.data as MembersReport;
    expect(data.rows).toHaveLength(MEMBERS_REPORT_MAX_ROWS);
    expect(data.totalRows).toBe(MEMBERS_REPORT_MAX_ROWS + 7);
    expect(data.totals).toMatchObject({
      active: MEMBERS_REPORT_MAX_ROWS + 7,
      neverCame: MEMBERS_REPORT_MAX_ROWS + 7,
    });
    // The other tests count every shop as an admin: these members go again.
    await t.db.delete(members).where(eq(members.shopId, big.id));
  });
});
