import { businessDate } from '@parking-hub/contracts/business-day';
import { calculateFee } from '@parking-hub/contracts/fee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/audit.verify.ts';
import { plateKey, ruleOf } from '../bills/bills.mapping.ts';
import { billApi } from '../bills/bills.test-support.ts';
import { financeCheck } from '../finance/finance.check.ts';
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

  it('gives every main shop a package from the month it opened, one with a change since (history)', async () => {
    const months = await q<{ shop_id: string; n: number; branches: number; allowed: number | null }>(
      `select s.id as shop_id, count(sp.*)::int as n,
              (select count(*)::int from shops b where b.parent_id = s.id) as branches,
              (select p.branches_allowed from packages p where p.id = s.package_id) as allowed
       from shops s left join shop_packages sp on sp.shop_id = s.id
       where s.parent_id is null group by s.id`,
    );
    expect(months.map((m) => m.n).sort()).toEqual([1, 1, 1, 1, 1, 2]);
    // A shop with a branch has a package that allows it.
    expect(months.filter((m) => m.allowed !== null && m.branches > m.allowed)).toEqual([]);
    const mismatched = await q(
      `select s.id from shops s where s.package_id is distinct from (select package_id from shop_packages sp
         where sp.shop_id = coalesce(s.parent_id, s.id) order by from_month desc limit 1)`,
    );
    expect(mismatched).toEqual([]);
    expect((await q<{ n: number }>('select count(*)::int as n from packages'))[0]?.n).toBe(3);
  });

  it('gives every main shop a card pool and members who bought and renewed passes, in the reports', async () => {
    const pools = await q<{ main: boolean; cards: number; held: number; members: number; live: number }>(
      `select s.parent_id is null as main, count(distinct n.id)::int as cards,
              count(distinct n.id) filter (where n.status = 'ASSIGNED')::int as held,
              count(distinct m.id)::int as members, count(distinct m.id) filter (where m.status <> 'CANCELLED')::int as live
       from shops s left join member_numbers n on n.shop_id = s.id left join members m on m.shop_id = s.id
       group by s.id`,
    );
    for (const p of pools.filter((x) => x.main && x.members > 0))
      expect([p.cards, p.held]).toEqual([200, p.live]);
    expect(pools.filter((x) => !x.main).map((x) => x.members)).toEqual([0, 0]);
    const statuses = await q<{ status: string }>('select distinct status from members order by 1');
    expect(statuses.map((x) => x.status)).toEqual(['ACTIVE', 'CANCELLED', 'EXPIRED', 'SUSPENDED']);
    // Each member: a sale then renewals, periods back to back or after a gap, fee_paid their sum,
    // the last period their validity; a live member's plates are no other live member's of the shop.
    const wrong = await q(
      `select m.id from members m
       join lateral (select array_agg(p.kind order by p.taken_at) as kinds, sum(p.amount)::int as paid,
                            max(p.period_until) as until, bool_and(p.business_date <= p.period_from) as ahead
                     from member_payments p where p.member_id = m.id) p on true
       where p.kinds[1] <> 'SELL' or 'SELL' = any(p.kinds[2:]) or p.paid <> m.fee_paid
          or p.until <> m.valid_until or not p.ahead
          or exists (select 1 from members o where o.shop_id = m.shop_id and o.id <> m.id
                       and o.status <> 'CANCELLED' and m.status <> 'CANCELLED' and o.plate_keys && m.plate_keys)`,
    );
    expect(wrong).toEqual([]);
    // Plates keyed as the gate keys them (in JS: a regex class in SQL depends on the cluster's locale).
    const keyed = await q<{ plates: string[]; plate_keys: string[] }>(
      'select plates, plate_keys from members',
    );
    expect(
      keyed.filter((m) => m.plate_keys.join('|') !== m.plates.map((x) => plateKey(x)).join('|')),
    ).toEqual([]);
    expect(
      (await q<{ n: number }>(`select count(*)::int as n from member_payments where kind = 'RENEW'`))[0]?.n,
    ).toBeGreaterThan(20);
    const prices = await q<{ vehicle_type: string; pass_1m: number; pass_12m: number }>(
      `select distinct vehicle_type, pass_1m, pass_12m from price_rules where pass_1m is not null order by 1`,
    );
    expect(prices).toEqual([
      { vehicle_type: 'CAR', pass_1m: 150_000, pass_12m: 1_500_000 },
      { vehicle_type: 'MOTORBIKE', pass_1m: 60_000, pass_12m: 600_000 },
    ]);
    // The passes are in the rollup (report_check above agrees with them), as PASS_CASH and PASS_QR.
    const [rollup] = await q<{ passes: number; amount: number; methods: string[] }>(
      `select sum(passes)::int as passes, sum(amount) filter (where method like 'PASS_%')::int as amount,
              array_agg(distinct method) filter (where method like 'PASS_%') as methods from report_daily`,
    );
    const [paid] = await q<{ n: number; amount: number }>(
      'select count(*)::int as n, sum(amount)::int as amount from member_payments',
    );
    expect(rollup).toEqual({ passes: paid?.n, amount: paid?.amount, methods: ['PASS_CASH', 'PASS_QR'] });
    // A bill carries a member only on a business day one of their passes covers.
    const outside = await q(
      `select b.id from bills b where b.member_id is not null and not exists (
         select 1 from member_payments p where p.member_id = b.member_id
           and b.business_date between p.period_from and p.period_until)`,
    );
    expect(outside).toEqual([]);
    expect(summary.members).toBeGreaterThan(100);
  });

  it('invoices every month so far, paid as shops pay, and the money adds up (finance:check)', async () => {
    // now is 20/11: October is the last month invoiced.
    const months = await q<{ month: string; n: number }>(
      `select to_char(month, 'YYYY-MM') as month, count(*)::int as n from rent_invoices group by month order by month`,
    );
    expect(months.at(-1)?.month).toBe('2026-10');
    expect(months.every((m) => m.n > 0)).toBe(true);
    // A new shop's first month is free here (the demo's promotion): PAID at 0. Whatever was
    // paid went through the payment service: each invoice's status agrees with its payments.
    const statuses = await q(
      `select i.number from rent_invoices i
         left join (select invoice_id, sum(amount) as paid from rent_payments group by invoice_id) p on p.invoice_id = i.id
        where i.paid <> coalesce(p.paid, 0) or (i.status = 'PAID') <> (i.paid = i.total)`,
    );
    expect(statuses).toEqual([]);
    // Numbers of the year without a gap, each invoice issued on the 1st of the month after.
    const numbers = await q<{ seq: number; issued: string; month: string }>(
      `select seq, to_char(created_at at time zone 'Asia/Vientiane', 'YYYY-MM-DD HH24:MI') as issued,
              to_char(month + interval '1 month', 'YYYY-MM-DD') as month
         from rent_invoices order by seq`,
    );
    expect(numbers.map((r) => r.seq)).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.every((r) => r.issued === `${r.month} 06:00`)).toBe(true);
    // Commissions on every payment of an invoice with an agent.
    const missing = await q(
      `select p.id from rent_payments p join rent_invoices i on i.id = p.invoice_id
        where i.agent_id is not null and not exists (select 1 from agent_commissions c where c.payment_id = p.id)`,
    );
    expect(missing).toEqual([]);
    expect(await financeCheck(t.database.pool)).toEqual([]);
  });

  it("has the staff app's releases: Android and iOS, the minimum raised by 1.4.0", async () => {
    const rows = await q<{ platform: string; version: string; min_version: string; force_update: boolean }>(
      `select platform, version, min_version, force_update from app_versions order by platform, major, minor, patch`,
    );
    expect(rows.map((r) => `${r.platform} ${r.version} (min ${r.min_version})`)).toEqual([
      'android 1.3.0 (min 1.0.0)',
      'android 1.4.0 (min 1.2.0)',
      'android 1.4.2 (min 1.2.0)',
      'ios 1.4.0 (min 1.2.0)',
      'ios 1.4.2 (min 1.2.0)',
    ]);
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

  it('leaves an audit trail of every kind by the demo users over the demo period, on a chain that verifies', async () => {
    const trail = await trailOf();
    expect(trail.length).toBe(summary.events);
    const kinds = ['user.create', 'auth.login', 'shop.create', 'shop.create_branch', 'price.create'];
    for (const action of [...kinds, 'price.update', 'bill.cancel', 'bill.correct', 'bill.lost']) {
      expect(of(trail, action).length, action).toBeGreaterThan(0);
    }
    // Inside the demo's period, and the whole chain (the tests' own sign-ins after it) in time order.
    const start = new Date(now.getTime() - (14 + 30) * 86_400_000);
    expect(trail.filter((e) => e.at < start || e.at > now)).toEqual([]);
    const times = (await q<{ at: Date }>('select at from audit_events order by id')).map((e) =>
      e.at.getTime(),
    );
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true, checked: times.length });

    // Every actor a demo user, named and ranked as they are; the installation alone by the system.
    const users = await q<{ id: string; full_name: string; role: string; created_at: Date }>(
      'select id, full_name, role, created_at from users',
    );
    const user = new Map(users.map((u) => [u.id, `${u.full_name} ${u.role}`]));
    const strangers = trail.filter(
      (e) => e.actor_id && user.get(e.actor_id) !== `${e.actor_name} ${e.actor_role}`,
    );
    expect(strangers).toEqual([]);
    const bySystem = trail.filter((e) => e.actor_id === null).map((e) => `${e.actor_name} ${e.action}`);
    expect(bySystem).toEqual(['system user.create']);
    // Every user and shop made in the trail, at the time its row says; the staff by their manager.
    const made = new Map(of(trail, 'user.create').map((e) => [e.entity_id, e.at.getTime()]));
    expect(users.map((u) => made.get(u.id))).toEqual(users.map((u) => u.created_at.getTime()));
    const staffBy = of(trail, 'user.create').filter((e) => (e.after as { role: string }).role === 'SHOP');
    expect(staffBy.map((e) => e.actor_role)).toEqual(Array(16).fill('MANAGER'));
    const shops = await q<{ id: string; created_at: Date }>('select id, created_at from shops');
    const opened = [...of(trail, 'shop.create'), ...of(trail, 'shop.create_branch')];
    const openedAt = new Map(opened.map((e) => [e.entity_id, e.at.getTime()]));
    expect(shops.map((s) => openedAt.get(s.id))).toEqual(shops.map((s) => s.created_at.getTime()));
  });

  it("the trail's tariffs end as the rules are, and its cashiers sign in every day", async () => {
    const trail = await trailOf();
    const rules = await q<{
      id: string;
      mode: string;
      flat_fee: number;
      first_period_fee: number;
      lost: number;
    }>('select id, mode, flat_fee, first_period_fee, lost_ticket_fee as lost from price_rules');
    const last = new Map(
      trail.filter((e) => e.entity === 'price_rule').map((e) => [e.entity_id, e.after as Fees]),
    );
    expect(last.size).toBe(rules.length);
    for (const r of rules) {
      const a = last.get(r.id);
      expect([a?.mode, a?.flatFee, a?.firstPeriodFee, a?.lostTicketFee]).toEqual([
        r.mode,
        r.flat_fee,
        r.first_period_fee,
        r.lost,
      ]);
    }
    const entry = (f: Fees) => (f.mode === 'FLAT' ? f.flatFee : f.firstPeriodFee);
    const raises = of(trail, 'price.update').filter((e) => entry(e.after as Fees) > entry(e.before as Fees));
    expect(raises.length).toBeGreaterThan(0);

    // Every user at least once, every cashier on each whole day of the demo's 14.
    const users = await q<{ id: string; role: string; last_login_at: Date }>(
      'select id, role, last_login_at from users',
    );
    for (const u of users) {
      const signIns = of(trail, 'auth.login').filter((e) => e.actor_id === u.id);
      expect(signIns.length, u.id).toBeGreaterThanOrEqual(u.role === 'SHOP' ? 13 : 1);
      expect(u.last_login_at.getTime()).toBeGreaterThanOrEqual(signIns.at(-1)?.at.getTime() ?? 0);
    }
  });

  it("the trail cancels, corrects and loses the demo's bills as the bill services record it", async () => {
    const trail = await trailOf();
    // One event per cancelled or lost bill, by whom and when the bill says.
    const [bills] = await q<{ cancelled: number; cancels: number; lost: number; losses: number }>(
      `select count(*) filter (where b.status = 'CANCELLED')::int as cancelled,
              count(e.id) filter (where e.action = 'bill.cancel' and e.at = b.cancelled_at
                and e.actor_id = b.cancelled_by and e.after->>'cancelReason' = b.cancel_reason)::int as cancels,
              count(*) filter (where b.status = 'LOST')::int as lost,
              count(e.id) filter (where e.action = 'bill.lost' and e.at = b.check_out_at
                and e.actor_id = b.check_out_by and (e.after->>'fee')::int = b.fee)::int as losses
       from bills b
       left join audit_events e on e.entity = 'bill' and e.entity_id = b.id::text and e.action <> 'bill.correct'
       where b.status in ('CANCELLED', 'LOST')`,
    );
    const lost = of(trail, 'bill.lost').length;
    expect(bills).toEqual({ cancelled: summary.cancelled, cancels: summary.cancelled, lost, losses: lost });
    expect(of(trail, 'bill.cancel').length).toBe(summary.cancelled);
    // Corrections by a manager before the vehicle left; the bill as stored is the corrected one.
    const corrected = await q<Record<string, unknown>>(
      `select e.after, e.at, e.actor_role as role, b.plate, b.vehicle_type, b.check_in_at, b.check_out_at
       from audit_events e join bills b on b.id::text = e.entity_id where e.action = 'bill.correct'`,
    );
    expect(corrected.length).toBe(of(trail, 'bill.correct').length);
    for (const c of corrected) {
      const after = c.after as Record<string, string>;
      const fixed = [c.role, after.plate ?? c.plate, after.vehicleType ?? c.vehicle_type];
      expect(fixed).toEqual(['MANAGER', c.plate, c.vehicle_type]);
      const [at, inAt, outAt] = [c.at, c.check_in_at, c.check_out_at] as (Date | null)[];
      expect(at && inAt && at > inAt && (!outAt || at < outAt)).toBe(true);
    }

    // The same shapes as the services write: a cancellation, a correction and a lost ticket now.
    const { token } = await loginAs(t.app, 'manager-tls', DEMO_PASSWORD);
    const api = billApi(t);
    const ids: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await api.checkIn(token, { vehicleType: 'CAR', plate: 'ກຂ 1234' })).body.data?.id);
    }
    await api.post('bills/update', token, { action: 'CANCEL', id: ids[0], reason: 'ພິມຜິດ' });
    const correction = { action: 'CORRECT', id: ids[1], plate: 'ກຂ 1243', reason: 'ປ້ອນທະບຽນລົດຜິດ' };
    await api.post('bills/update', token, correction);
    await api.post('bill/lost', token, { id: ids[2] });
    const real = await q<AuditRow>(
      `select * from audit_events where id > $1 and (action like 'bill.%' or action = 'auth.login')`,
      [trail.at(-1)?.id],
    );
    const actions = ['auth.login', 'bill.cancel', 'bill.correct', 'bill.lost'];
    expect([...new Set(real.map((e) => e.action))].sort()).toEqual(actions);
    const shape = (e: AuditRow) => `${e.action} ${keys(e.before)} ${keys(e.after)}`;
    const demoShapes = new Set(trail.map(shape));
    expect(real.map(shape).filter((s) => !demoShapes.has(s))).toEqual([]);
  });
});

/** The events the seed appended: the first on the chain. */
const trailOf = () => q<AuditRow>('select * from audit_events order by id limit $1', [summary.events]);
const of = (events: AuditRow[], action: string) => events.filter((e) => e.action === action);

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

type Fees = { mode: string; flatFee: number; firstPeriodFee: number; lostTicketFee: number };

const keys = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v).sort().join(',') : String(v));
