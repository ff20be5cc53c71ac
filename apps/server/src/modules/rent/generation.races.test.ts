/**
 * What a month's invoice run read can change before its batch is written: a charge deleted (or
 * picked by another month's run), a promotion's last use taken by another month's run (the lock is
 * per month). The batch is undone and the run reads again; it never answers a 500, never gives a
 * promotion past its max_uses, never skips a number.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anotherInstance,
  asSuperuser,
  call,
  createTestApp,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import { eventually } from '../../test/server-process.ts';
import { generateMonth } from './generation.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
  const pkg = await t.db.execute<{ id: string }>(sql`
    insert into packages (name_lo, name_en, monthly_price, tickets_included, extra_ticket_price)
    values ('ກາງ', 'Mid', 200000, 1000, 50) returning id`);
  const shop = await t.db.execute<{ id: string }>(sql`
    insert into shops (name, package_id, created_at)
    values ('Race shop', ${pkg.rows[0]?.id}, '2025-12-01T10:00:00+07:00') returning id`);
  shopId = shop.rows[0]?.id as string;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Sessions of this test's database waiting for a row lock in a statement that mentions `text`. */
async function waitingOn(...texts: string[]): Promise<number> {
  const like = sql.join(
    texts.map((x) => sql`query ilike ${`%${x}%`}`),
    sql` or `,
  );
  const r = await t.db.execute<{ n: string }>(sql`
    select count(*)::text as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and (${like})`);
  return Number(r.rows[0]?.n ?? 0);
}

/** A session of its own (not one of the app's five pooled connections) holding a transaction open. */
async function holder() {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  await client.query('begin');
  return {
    query: (text: string, values: unknown[] = []) => client.query(text, values),
    async commit() {
      await client.query('commit');
      await client.end();
    },
  };
}

/** Every number of the year taken is on exactly one invoice, and the counter is at the last one. */
async function expectGapFree() {
  const r = await t.db.execute<{ n: string; max: number; counter: number }>(sql`
    select count(*)::text as n, max(seq) as max,
           (select last_number from invoice_counters where year = max(i.year)) as counter
    from rent_invoices i`);
  const row = r.rows[0];
  expect(Number(row?.n)).toBe(row?.max ?? 0);
  expect(row?.counter ?? 0).toBe(row?.max ?? 0);
}

async function linesOf(month: string) {
  const r = await t.db.execute<{ kind: string; refId: string | null }>(sql`
    select l.kind, l.ref_id as "refId" from rent_invoice_lines l join rent_invoices i on i.id = l.invoice_id
    where i.shop_id = ${shopId} and i.month = ${`${month}-01`}::date order by l.position`);
  return r.rows;
}

describe('a month’s run when what it read changes', () => {
  it('a charge deleted while the run writes it: the batch is made again without it (200, not a 500)', async () => {
    const charge = await t.db.execute<{ id: string }>(sql`
      insert into rent_charges (shop_id, month, description_lo, description_en, quantity, unit_price)
      values (${shopId}, '2026-01-01', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 1, 50000) returning id`);
    const chargeId = charge.rows[0]?.id as string;
    // As the charge's delete does: the row locked, then deleted; the run reads it before the delete commits.
    const h = await holder();
    await h.query('select id from rent_charges where id = $1 for update', [chargeId]);
    const answer = call<{ created: number }>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-02' },
    });
    expect(await eventually(async () => (await waitingOn('update rent_charges')) === 1, 20_000)).toBe(true);
    await h.query('delete from rent_charges where id = $1', [chargeId]);
    await h.commit();
    const res = await answer;
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data?.created).toBe(1);
    expect(await linesOf('2026-02')).toEqual([{ kind: 'PACKAGE', refId: expect.any(String) }]);
    await expectGapFree();
  }, 30_000);

  it('a charge that keeps changing under the run: a Lao 409 after a few reads, nothing written', async () => {
    await t.db.execute(sql`
      insert into rent_charges (shop_id, month, description_lo, description_en, quantity, unit_price)
      values (${shopId}, '2026-03-01', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 1, 50000)`);
    // Every pick of a charge comes back as not pending.
    await asSuperuser(
      t,
      `create function s1_unpicked() returns trigger language plpgsql as $$ begin return null; end $$;
       create trigger s1_unpicked before update on rent_charges for each row execute function s1_unpicked();`,
    );
    try {
      const counter = await t.db.execute(sql`select * from invoice_counters`);
      const res = await call(t.app, 'POST', 'manual-summary-rent', {
        token: admin.token,
        body: { month: '2026-03' },
      });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(409);
      expect(res.body.message).toBe('ຂໍ້ມູນຄ່າທຳນຽມ ຫຼື ໂປຣໂມຊັນປ່ຽນແປງລະຫວ່າງການອອກໃບແຈ້ງໜີ້: ກະລຸນາລອງໃໝ່');
      expect(await linesOf('2026-03')).toEqual([]);
      expect((await t.db.execute(sql`select * from invoice_counters`)).rows).toEqual(counter.rows);
    } finally {
      await asSuperuser(t, 'drop trigger s1_unpicked on rent_charges; drop function s1_unpicked();');
    }
    // Once it settles, the month is made with the charge.
    const again = await call(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03' },
    });
    expect(again.statusCode).toBe(200);
    expect((await linesOf('2026-03')).map((l) => l.kind)).toEqual(['PACKAGE', 'FEE']);
    await expectGapFree();
  }, 30_000);

  it('two months made at once never take a promotion past max_uses = 1', async () => {
    const promo = await t.db.execute<{ id: string }>(sql`
      insert into promotions (title, discount_type, discount_value, valid_from, valid_until, audience, max_uses)
      values ('Once', 'AMOUNT', 20000, '2026-04-01', '2026-12-31', 'ALL', 1) returning id`);
    const promotionId = promo.rows[0]?.id as string;
    // Two server instances, one making April and the other May: both plan with the promotion
    // unused, then wait for its row (or for the year's counter the other's batch holds) before
    // either writes.
    const t2 = await anotherInstance(t);
    const h = await holder();
    try {
      await h.query('select id from promotions where id = $1 for update', [promotionId]);
      const run = (db: TestApp['db'], month: string) =>
        generateMonth(db, { month, timezone: t.config.platformTimezone, ctx: null, lockWaitMs: 20_000 });
      const runs = Promise.all([run(t.db, '2026-04'), run(t2.db, '2026-05')]);
      runs.catch(() => undefined);
      expect(
        await eventually(
          async () => (await waitingOn('update promotions', 'invoice_counters')) === 2,
          20_000,
        ),
      ).toBe(true);
      await h.commit();
      const [april, may] = await runs;
      expect([april.created, may.created]).toEqual([1, 1]);
    } finally {
      await t2.close();
    }
    const uses = await t.db.execute<{ uses: number }>(
      sql`select uses from promotions where id = ${promotionId}`,
    );
    expect(uses.rows[0]?.uses).toBe(1);
    const used = await t.db.execute<{ n: string; lines: string }>(sql`
      select count(*)::text as n,
             (select count(*) from rent_invoice_lines where kind = 'PROMOTION' and ref_id = ${promotionId})::text as lines
      from rent_invoices where promotion_id = ${promotionId}`);
    expect(used.rows[0]).toEqual({ n: '1', lines: '1' });
    const kinds = [...(await linesOf('2026-04')), ...(await linesOf('2026-05'))].map((l) => l.kind);
    expect(kinds.filter((k) => k === 'PROMOTION')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'PACKAGE')).toHaveLength(2);
    await expectGapFree();
  }, 60_000);
});
