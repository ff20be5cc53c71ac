import { businessDate } from '@parking-hub/contracts/business-day';
import { calculateFee } from '@parking-hub/contracts/fee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { ruleOf } from '../bills/bills.mapping.ts';
import { billApi } from '../bills/bills.test-support.ts';
import { DEMO_PASSWORD, type SeedSummary, seedDemo } from './demo.seed.ts';

let t: TestApp;
let summary: SeedSummary;
const now = new Date('2026-11-20T10:30:00+07:00');
beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemo(t.database, { shops: 6, days: 14, seed: 3, now });
}, 120_000);
afterAll(() => t.close());

const q = async <T>(text: string, values: unknown[] = []) =>
  (await t.database.pool.query(text, values)).rows as T[];

describe('npm run seed:demo', () => {
  it('makes six shops with branches, users of every role, rules of both kinds and members', async () => {
    expect(summary).toMatchObject({ skipped: false, shops: 8, branches: 2 });
    const roles = await q<{ role: string; n: number }>(
      'select role, count(*)::int as n from users group by role',
    );
    expect(Object.fromEntries(roles.map((r) => [r.role, r.n]))).toEqual({
      'SUPER-ADMIN': 1,
      ADMIN: 1,
      AGENT: 2,
      MANAGER: 6,
      SHOP: 16,
    });
    const modes = await q<{ mode: string }>('select distinct mode from price_rules order by mode');
    expect(modes.map((m) => m.mode)).toEqual(['FLAT', 'TIMED']);
    expect((await q<{ n: number }>('select count(*)::int as n from members'))[0]?.n).toBeGreaterThan(100);
    // Every demo user signs in with the documented password.
    for (const username of ['admin', 'ops', 'agent1', 'manager-tls', 'staff-tls-1', 'staff-nmr-b-2']) {
      await loginAs(t.app, username, DEMO_PASSWORD);
    }
  });

  it('writes bills the API agrees with: gap-free numbers, right business days and fees, every status', async () => {
    expect(summary.bills).toBeGreaterThan(20_000);
    const gaps = await q(
      `select shop_id from bills group by shop_id
       having count(*) <> count(distinct number) or min(number) <> 1 or max(number) <> count(*)`,
    );
    expect(gaps).toEqual([]);
    const counters = await q(
      `select c.shop_id from shop_bill_counters c join (select shop_id, max(number) as hi from bills group by shop_id) b
       on b.shop_id = c.shop_id where c.last_number <> b.hi`,
    );
    expect(counters).toEqual([]);
    // The rollup the load sums as it writes equals the one report_from_bills makes of the bills.
    expect(await q('select * from report_check(null)')).toEqual([]);
    expect(await q('select * from report_scope_check()')).toEqual([]);
    expect(await q('select * from report_monthly_check()')).toEqual([]);
    expect((await q<{ n: number }>('select count(*)::int as n from report_daily'))[0]?.n).toBeGreaterThan(0);
    // The regular customers' rows, counted from the bills the triggers did not see.
    expect(await q('select * from plate_visits_check()')).toEqual([]);
    expect((await q<{ n: number }>('select count(*)::int as n from plate_visits'))[0]?.n).toBeGreaterThan(0);
    // Vacuumed and analysed as autovacuum would in time: the reports' index-only scans and plans
    // are as fast on a fresh load as on a database that has run for a while.
    const kept = await q<{ relname: string; vacuumed: boolean; analysed: boolean }>(
      `select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analysed
       from pg_stat_user_tables
       where relname in ('bills', 'report_daily', 'report_scope_daily', 'report_monthly') order by relname`,
    );
    expect(kept).toEqual(
      ['bills', 'report_daily', 'report_monthly', 'report_scope_daily'].map((relname) => ({
        relname,
        vacuumed: true,
        analysed: true,
      })),
    );
    const statuses = await q<{ status: string }>('select distinct status from bills order by status');
    expect(statuses.map((s) => s.status)).toEqual(['CANCELLED', 'CLOSED', 'LOST', 'PARKED']);
    expect(
      (await q<{ n: number }>('select count(*)::int as n from bills where check_in_at > $1', [now]))[0]?.n,
    ).toBe(0);

    const sample = await q<Record<string, never>>(
      `select b.*, b.business_date::text as bdate, b.out_business_date::text as out_bdate, s.timezone, s.open_shop, s.close_shop, to_json(r.*) as rule
       from bills b join shops s on s.id = b.shop_id
       join price_rules r on r.shop_id = b.shop_id and r.vehicle_type = b.vehicle_type
       where b.status in ('CLOSED', 'LOST') order by random() limit 300`,
    );
    for (const b of sample as Record<string, unknown>[]) {
      const hours = {
        timezone: b.timezone as string,
        openShop: b.open_shop as string | null,
        closeShop: b.close_shop as string | null,
      };
      expect(b.bdate).toBe(businessDate(b.check_in_at as Date, hours));
      expect(b.out_bdate).toBe(businessDate(b.check_out_at as Date, hours));
      const r = b.rule as Record<string, unknown>;
      const rule = ruleOf({
        rule: {
          id: r.id as string,
          mode: r.mode as string,
          flatFee: r.flat_fee as number,
          graceMinutes: r.grace_minutes as number,
          firstPeriodMinutes: r.first_period_minutes as number,
          firstPeriodFee: r.first_period_fee as number,
          nextPeriodMinutes: r.next_period_minutes as number,
          nextPeriodFee: r.next_period_fee as number,
          dailyCap: r.daily_cap as number | null,
          overnightFee: r.overnight_fee as number | null,
          lostTicketFee: r.lost_ticket_fee as number,
        },
      });
      if (!rule) throw new Error('no rule');
      const fee = calculateFee({
        rule,
        checkInAt: b.check_in_at as Date,
        checkOutAt: b.check_out_at as Date,
        hours,
        lost: b.status === 'LOST',
        member: b.member_id !== null,
      });
      expect(b.fee).toBe(fee.total);
    }
  });

  it('leaves the shops working: a demo cashier checks a vehicle in with the next number', async () => {
    const { token } = await loginAs(t.app, 'staff-tls-1', DEMO_PASSWORD);
    const [last] = await q<{ hi: number }>(
      `select max(number) as hi from bills where shop_id = (select shop_id from users where username = 'staff-tls-1')`,
    );
    const res = await billApi(t).checkIn(token);
    expect(res.body.data?.number).toBe((last?.hi ?? 0) + 1);
    expect((await seedDemo(t.database, { shops: 6, days: 1, seed: 3 })).skipped).toBe(true);
  });
});
