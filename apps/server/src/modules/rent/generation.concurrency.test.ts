/**
 * Making a month's invoices is idempotent (issue 15): two server instances (and the job) making the
 * same month at once give each shop exactly one invoice, numbered 1..N without a gap; a run that
 * dies half way (a batch refused by a trigger, or the real server process killed with SIGKILL)
 * leaves whole batches, and a run after it makes the rest, still without a gap.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherInstance,
  asSuperuser,
  call,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  eventually,
  postApi,
  serverReady,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process.ts';
import { generateMonth } from './generation.ts';
import { runMonthlyInvoices } from './rent.jobs.ts';

const SHOPS = 1200;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let promotionId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
  const pkg = await t.db.execute<{ id: string }>(sql`
    insert into packages (name_lo, name_en, monthly_price, tickets_included, extra_ticket_price)
    values ('ກາງ', 'Mid', 200000, 1000, 50) returning id`);
  const packageId = pkg.rows[0]?.id as string;
  await t.db.execute(sql`
    insert into shops (name, package_id, created_at)
    select 'Bulk shop ' || g, ${packageId}, '2025-12-01T10:00:00+07:00' from generate_series(1, ${SHOPS}) g`);
  // Every shop has tickets over its allowance in each month used here, and a charge pending.
  await t.db.execute(sql`
    insert into report_monthly (shop_id, cal_month, biz_month, staff_id, method, bills_in)
    select s.id, m::date, m::date, '00000000-0000-0000-0000-000000000000', '', 1000 + (s.seq % 50)
    from shops s, unnest(array['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01']) m`);
  await t.db.execute(sql`
    insert into rent_charges (shop_id, month, description_lo, description_en, quantity, unit_price)
    select id, '2026-01-01', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 1, 50000 from shops`);
  const promo = await t.db.execute<{ id: string }>(sql`
    insert into promotions (title, discount_type, discount_value, valid_from, valid_until, audience)
    values ('ALL 5%', 'PERCENT', 5, '2026-01-01', '2026-12-31', 'ALL') returning id`);
  promotionId = promo.rows[0]?.id as string;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function monthState(month: string) {
  const r = await t.db.execute<{ n: string; shops: string; min: number; max: number }>(sql`
    select count(*)::text as n, count(distinct shop_id)::text as shops, min(seq) as min, max(seq) as max
    from rent_invoices where month = ${`${month}-01`}::date`);
  const row = r.rows[0];
  return { n: Number(row?.n), shops: Number(row?.shops), min: row?.min ?? null, max: row?.max ?? null };
}

/** Every number of the year taken is on exactly one invoice, and the counter is at the last one. */
async function expectGapFree() {
  const r = await t.db.execute<{ n: string; max: number; counter: number; distinct: string }>(sql`
    select count(*)::text as n, max(seq) as max, count(distinct seq)::text as distinct,
           (select last_number from invoice_counters where year = max(i.year)) as counter
    from rent_invoices i`);
  const row = r.rows[0];
  expect(Number(row?.n)).toBe(row?.max);
  expect(Number(row?.distinct)).toBe(row?.max);
  expect(row?.counter).toBe(row?.max);
  return row?.max ?? 0;
}

async function uses() {
  const r = await t.db.execute<{ uses: number }>(sql`select uses from promotions where id = ${promotionId}`);
  return r.rows[0]?.uses;
}

describe('idempotent generation', () => {
  it('two instances and the job making the same month at once: one invoice per shop, 1..N without a gap', async () => {
    const t2 = await anotherInstance(t);
    try {
      const body = { month: '2026-02' };
      const [a, b, job] = await Promise.all([
        call<{ created: number; existing: number }>(t.app, 'POST', 'manual-summary-rent', {
          token: admin.token,
          body,
        }),
        call<{ created: number; existing: number }>(t2.app, 'POST', 'manual-summary-rent', {
          token: admin.token,
          body,
        }),
        runMonthlyInvoices({ db: t2.db, config: t2.config }, { now: new Date('2026-03-01T00:00:00Z') }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const created = [a.body.data?.created ?? 0, b.body.data?.created ?? 0, job.created];
      expect(created.reduce((x, y) => x + y, 0)).toBe(SHOPS);
      // Exactly one of the three made them all; the others waited for it and found them made.
      expect(created.filter((c) => c === SHOPS)).toHaveLength(1);
      expect(await monthState('2026-02')).toEqual({ n: SHOPS, shops: SHOPS, min: 1, max: SHOPS });
      expect(await expectGapFree()).toBe(SHOPS);
      expect(await uses()).toBe(SHOPS);
      const pending = await t.db.execute<{ n: string }>(
        sql`select count(*)::text as n from rent_charges where invoice_id is null`,
      );
      expect(Number(pending.rows[0]?.n)).toBe(0);
    } finally {
      await t2.close();
    }
  });

  it('a batch refused half way leaves whole batches; the next run makes the rest without a gap', async () => {
    const before = await expectGapFree();
    const usesBefore = await uses();
    // The 700th shop's invoice is refused: batches of 200 → 3 batches (600 invoices) committed.
    const victim = await t.db.execute<{ id: string }>(
      sql`select id from shops order by seq offset 699 limit 1`,
    );
    await asSuperuser(
      t,
      `create function s1_refuse() returns trigger language plpgsql as $$
       begin if new.shop_id = '${victim.rows[0]?.id}' then raise exception 'refused by the test'; end if; return new; end $$;
       create trigger s1_refuse before insert on rent_invoices for each row execute function s1_refuse();`,
    );
    await expect(
      generateMonth(t.db, { month: '2026-03', timezone: t.config.platformTimezone, ctx: null, batch: 200 }),
    ).rejects.toThrow();
    expect(await monthState('2026-03')).toEqual({ n: 600, shops: 600, min: before + 1, max: before + 600 });
    expect(await expectGapFree()).toBe(before + 600);
    expect(await uses()).toBe((usesBefore ?? 0) + 600);
    await asSuperuser(t, 'drop trigger s1_refuse on rent_invoices; drop function s1_refuse();');
    const rest = await generateMonth(t.db, {
      month: '2026-03',
      timezone: t.config.platformTimezone,
      ctx: null,
      batch: 200,
    });
    expect([rest.created, rest.existing]).toEqual([SHOPS - 600, 600]);
    expect(await monthState('2026-03')).toEqual({
      n: SHOPS,
      shops: SHOPS,
      min: before + 1,
      max: before + SHOPS,
    });
    expect(await expectGapFree()).toBe(before + SHOPS);
    expect(await uses()).toBe((usesBefore ?? 0) + SHOPS);
  });

  it('the server process killed during a run: whole batches stay, the lock goes with it, a new run completes', async () => {
    const before = await expectGapFree();
    // Each batch takes a second (a statement trigger that sleeps), so the kill lands mid-run.
    await asSuperuser(
      t,
      `create function s1_slow() returns trigger language plpgsql as $$ begin perform pg_sleep(1); return null; end $$;
       create trigger s1_slow after insert on rent_invoices for each statement execute function s1_slow();`,
    );
    const server = await startServerProcess({ DATABASE_URL: t.url });
    try {
      await serverReady(server);
      const answer = postApi(server, 'manual-summary-rent', { month: '2026-04' }, admin.token).catch(
        (e) => e,
      );
      // The first batch (500) is committed: kill the process while the next ones are under way.
      expect(await eventually(async () => (await monthState('2026-04')).n >= 500, 30_000)).toBe(true);
      server.child.kill('SIGKILL');
      await server.exited;
      await answer;
    } finally {
      await stopServerProcess(server);
    }
    await asSuperuser(t, 'drop trigger s1_slow on rent_invoices; drop function s1_slow();');
    const left = await monthState('2026-04');
    expect(left.n % 500).toBe(0);
    expect(left.n).toBeLessThan(SHOPS);
    expect(await expectGapFree()).toBe(before + left.n);
    // The killed run's month lock went with its connection: this run does not wait for it.
    const rest = await call<{ created: number; existing: number }>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-04' },
    });
    expect(rest.statusCode, JSON.stringify(rest.body)).toBe(200);
    expect([rest.body.data?.created, rest.body.data?.existing]).toEqual([SHOPS - left.n, left.n]);
    expect(await monthState('2026-04')).toEqual({
      n: SHOPS,
      shops: SHOPS,
      min: before + 1,
      max: before + SHOPS,
    });
    expect(await expectGapFree()).toBe(before + SHOPS);
  }, 120_000);

  it('a second run waits for the month’s lock; the call gives up after its wait with a Lao 409', async () => {
    const held = t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7346206, 202605)`);
      const res = await generateMonth(t.db, {
        month: '2026-05',
        timezone: t.config.platformTimezone,
        ctx: null,
        lockWaitMs: 200,
      }).catch((e: { statusCode?: number; key?: string }) => ({ statusCode: e.statusCode, key: e.key }));
      return res;
    });
    expect(await held).toEqual({ statusCode: 409, key: 'errors.rentGenerationBusy' });
    expect((await monthState('2026-05')).n).toBe(0);
  });
});
