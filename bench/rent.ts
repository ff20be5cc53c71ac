/**
 * `npm run bench:rent`: making a month's rent invoices (issue 15) for 10,000 main shops over a
 * month of 10,000,000 bills (1,000 per shop on average, as the report_monthly rollup the bills
 * trigger keeps), in a database of its own on the DATABASE_URL server (BENCH_RENT_DATABASE,
 * default ph_rent_bench: migrated, loaded once with SQL, reused by later runs). Timed through the
 * real code (generation.ts: the reads, the pure lines of each shop, 500 shops per transaction with
 * the numbers, lines, charges, promotions' uses and one audit event per invoice), next to the
 * strongest plain baseline: one INSERT … SELECT making the same invoices with only the package
 * and extra-ticket lines, numbered from the same counter, in the same process. Target ≤ 60 s.
 * Each run starts from a month with no invoices (the bench's own rows are cleared first).
 */
import pg from 'pg';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { generateMonth } from '../apps/server/src/modules/rent/generation.ts';
import { ownDatabase } from './database.ts';
import { out, runAlone, type Verdict } from './stats.ts';

const SHOPS = 10_000;
const BILLS_PER_SHOP = 1_000;
const AGENTS = 50;
const MONTH = '2026-09';
const FIRST = `${MONTH}-01`;
const TARGET_S = 60;
const TZ = 'Asia/Vientiane';

const secs = (since: number) => (Date.now() - since) / 1000;

/**
 * 50 agents, five packages; 10,000 main shops (every tenth with a branch) on a package from
 * January and, for half of them, another from June (the mid-year change); a year of
 * report_monthly rows (check-ins by three staff, check-outs by two methods) whose month MONTH
 * holds 10,000,000 tickets; two roll deliveries per shop in the month (two prices); ten
 * promotions of each type and audience; 1,000 pending charges. Triggers off (as a restore does).
 */
async function load(db: pg.Client) {
  const have = await db.query<{ shops: string; tickets: string }>(
    `select (select count(*) from shops where code like 'RB%' and parent_id is null) as shops,
            (select coalesce(sum(bills_in), 0) from report_monthly where cal_month = $1) as tickets`,
    [FIRST],
  );
  if (
    Number(have.rows[0]?.shops) >= SHOPS &&
    Number(have.rows[0]?.tickets) >= SHOPS * BILLS_PER_SHOP * 0.99
  ) {
    out(`rent bench database loaded already: ${have.rows[0]?.shops} main shops`);
    return;
  }
  const started = Date.now();
  out(
    `loading ${SHOPS.toLocaleString('en')} shops and a month of ${(SHOPS * BILLS_PER_SHOP).toLocaleString('en')} bills…`,
  );
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  await db.query(
    `insert into users (username, full_name, role, password_hash)
     select 'rent-agent-' || g, 'Rent agent ' || g, 'AGENT', 'x' from generate_series(1, ${AGENTS}) g
     on conflict do nothing`,
  );
  await db.query(
    `insert into packages (name_lo, name_en, monthly_price, tickets_included, extra_ticket_price)
     select 'ແພັກເກັດ ' || g, 'Package ' || g, g * 100000, g * 400, 60 - g * 10 from generate_series(1, 5) g`,
  );
  await db.query(
    `insert into shops (name, code, agent_id, created_at)
     select 'Rent shop ' || g, 'RB' || lpad(g::text, 5, '0'),
       (select id from users where username = 'rent-agent-' || (g % ${AGENTS} + 1)),
       timestamptz '2025-01-01 10:00+07' + (g % 600) * interval '1 day'
     from generate_series(1, ${SHOPS}) g`,
  );
  await db.query(
    `insert into shops (name, code, agent_id, parent_id, created_at)
     select 'Rent branch ' || s.code, 'RBB' || substr(s.code, 3), s.agent_id, s.id, s.created_at
     from shops s where s.code like 'RB%' and s.parent_id is null and substr(s.code, 3)::int % 10 = 0`,
  );
  await db.query(
    `with p as (select id, row_number() over (order by name_en) as n from packages where name_en like 'Package %'),
          s as (select id, substr(code, 3)::int as n from shops where code like 'RB%' and parent_id is null)
     insert into shop_packages (shop_id, from_month, package_id)
     select s.id, date '2026-01-01', (select id from p where p.n = s.n % 5 + 1) from s
     union all
     select s.id, date '2026-06-01', (select id from p where p.n = (s.n + 2) % 5 + 1) from s where s.n % 2 = 0`,
  );
  await db.query(
    `update shops m set package_id = sp.package_id
     from (select distinct on (shop_id) shop_id, package_id from shop_packages order by shop_id, from_month desc) sp
     where sp.shop_id = m.id`,
  );
  let t = Date.now();
  // A shop's month: its tickets split over three staff (method ''), and check-outs by two methods;
  // MONTH's tickets are 1,000 per shop on average (500–1,500), a branch carrying a tenth of its main shop's.
  await db.query(
    `insert into report_monthly (shop_id, cal_month, biz_month, staff_id, method, bills_in, bills_out, amount)
     select s.id, m::date, m::date, st.staff, st.method,
            case when st.method = '' then s.n / 3 + case when st.staff = '00000000-0000-0000-0000-000000000001'::uuid then s.n % 3 else 0 end else 0 end,
            case when st.method = '' then 0 else 300 end,
            case when st.method = '' then 0 else 300 * 2000 end
     from (select id, case when parent_id is null then 500 + substr(code, 3)::int * 37 % 1001 else 100 end as n
           from shops where code like 'RB%') s
     cross join generate_series(timestamp '2025-10-01', timestamp '2026-10-01', interval '1 month') m
     cross join (values ('00000000-0000-0000-0000-000000000001'::uuid, ''), ('00000000-0000-0000-0000-000000000002'::uuid, ''),
                        ('00000000-0000-0000-0000-000000000003'::uuid, ''), ('00000000-0000-0000-0000-000000000001'::uuid, 'CASH'),
                        ('00000000-0000-0000-0000-000000000002'::uuid, 'QR')) st(staff, method)`,
  );
  out(`  report_monthly in ${secs(t).toFixed(1)} s`);
  t = Date.now();
  await db.query(
    `insert into roll_deliveries (kind, shop_id, delivered_on, quantity, tickets_per_roll, unit_price)
     select 'SHOP', s.id, date '${FIRST}' + k * 9, 1 + k, 1000, case when k = 0 then 15000 else 18000 end
     from shops s, generate_series(0, 1) k where s.code like 'RB%'`,
  );
  await db.query(
    `insert into roll_deliveries (kind, shop_id, delivered_on, quantity, tickets_per_roll, unit_price)
     select 'SHOP', s.id, date '${FIRST}' - 20, 3, 1000, 15000 from shops s where s.code like 'RB%'`,
  );
  const agent = (n: number) => `(select id from users where username = 'rent-agent-${n}')`;
  await db.query(
    `insert into promotions (title, discount_type, discount_value, valid_from, valid_until, audience, agent_id, shop_ids,
                             package_ids, max_uses, owner_agent_id, created_at)
     values
      ('ALL 5%', 'PERCENT', 5, '2026-01-01', '2026-12-31', 'ALL', null, '{}', '{}', null, null, now() - interval '10 days'),
      ('ALL 8% pkg', 'PERCENT', 8, '2026-01-01', '2026-12-31', 'ALL', null, '{}',
         array(select id from packages where name_en = 'Package 3'), null, null, now() - interval '9 days'),
      ('Agent 1 30k', 'AMOUNT', 30000, '2026-09-10', '2026-10-10', 'AGENT', ${agent(1)}, '{}', '{}', null, null, now() - interval '8 days'),
      ('Agent 2 own 50k', 'AMOUNT', 50000, '2026-01-01', '2026-12-31', 'AGENT', ${agent(2)}, '{}', '{}', null, ${agent(2)}, now() - interval '7 days'),
      ('Shops 500 free', 'FREE_MONTHS', 2, '2026-08-01', '2026-12-31', 'SHOPS', null,
         array(select id from shops where code like 'RB%' and parent_id is null order by code limit 500), '{}', null, null, now() - interval '6 days'),
      ('New shops 20%', 'PERCENT', 20, '2026-01-01', '2026-12-31', 'NEW_SHOPS', null, '{}', '{}', null, null, now() - interval '5 days'),
      ('Capped 40%', 'PERCENT', 40, '2026-01-01', '2026-12-31', 'ALL', null, '{}', '{}', 100, null, now() - interval '4 days'),
      ('Off 90%', 'PERCENT', 90, '2026-01-01', '2026-12-31', 'ALL', null, '{}', '{}', null, null, now() - interval '3 days')`,
  );
  await db.query('update promotions set active = false where title = $1', ['Off 90%']);
  await db.query(
    `insert into rent_charges (shop_id, month, description_lo, description_en, quantity, unit_price)
     select id, date '2026-08-01', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 1, 250000
     from shops where code like 'RB%' and parent_id is null and substr(code, 3)::int % 10 = 3`,
  );
  out(`  rolls, promotions, charges in ${secs(t).toFixed(1)} s`);
  await db.query('commit');
  t = Date.now();
  await db.query(
    'vacuum (analyze) shops, shop_packages, packages, report_monthly, roll_deliveries, promotions, rent_charges',
  );
  out(`  vacuumed in ${secs(t).toFixed(1)} s; loaded in ${secs(started).toFixed(1)} s`);
}

/** The month back to no invoices: the bench's own rows (triggers off: invoices are never deleted otherwise). */
async function reset(db: pg.Client) {
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  await db.query('update rent_charges set invoice_id = null where invoice_id is not null');
  await db.query('delete from rent_invoice_lines');
  await db.query('delete from rent_invoices');
  await db.query('delete from invoice_counters');
  await db.query(`delete from audit_events where action = 'invoice.generate'`);
  await db.query('update promotions set uses = 0');
  await db.query('commit');
  await db.query(
    'vacuum (analyze) rent_invoices, rent_invoice_lines, rent_charges, promotions, audit_events',
  );
}

/**
 * The baseline: one statement makes every invoice with its package and extra-ticket amounts and
 * numbers from the year's counter, then one makes their lines; one transaction. No rolls, charges,
 * promotions or audit: the least the real run must do, done the plainest fast way.
 */
async function baseline(db: pg.Client, year: number) {
  await db.query('begin');
  await db.query(`select pg_advisory_xact_lock(7346206, ${MONTH.replace('-', '')})`);
  await db.query(
    `with t as (
       select coalesce(s.parent_id, s.id) as main, sum(r.bills_in) as n
       from report_monthly r join shops s on s.id = r.shop_id where r.cal_month = $1 group by 1),
     c as (
       select s.id, s.seq, s.agent_id, p.id as package_id, p.monthly_price, p.tickets_included, p.extra_ticket_price,
              coalesce(t.n, 0)::int as tickets
       from shops s
       join lateral (select package_id from shop_packages sp where sp.shop_id = s.id and sp.from_month <= $1
                     order by from_month desc limit 1) sp on true
       join packages p on p.id = sp.package_id
       left join t on t.main = s.id
       where s.parent_id is null
         and not exists (select 1 from rent_invoices i where i.shop_id = s.id and i.month = $1)),
     n as (
       insert into invoice_counters (year, last_number) select $2, count(*) from c
       on conflict (year) do update set last_number = invoice_counters.last_number + excluded.last_number
       returning last_number),
     numbered as (
       select c.*, (select last_number from n) - count(*) over () + row_number() over (order by c.seq) as seq_no,
              c.monthly_price + greatest(0, c.tickets - c.tickets_included)::bigint * c.extra_ticket_price as subtotal
       from c)
     insert into rent_invoices (number, year, seq, shop_id, month, agent_id, package_id, status, tickets, tickets_included,
                                subtotal, discount, total, due_date, public_token)
     select 'INV-' || $2 || '-' || lpad(seq_no::text, 6, '0'), $2, seq_no, id, $1, agent_id, package_id,
            case when subtotal > 0 then 'UNPAID' else 'PAID' end, tickets, tickets_included, subtotal, 0, subtotal,
            date '2026-10-10', md5(random()::text) || md5(random()::text)
     from numbered`,
    [FIRST, year],
  );
  await db.query(
    `insert into rent_invoice_lines (invoice_id, position, kind, description_lo, description_en, quantity, unit_price, amount, ref_id)
     select i.id, 1, 'PACKAGE', 'ແພັກເກັດ ' || p.name_lo, 'Package ' || p.name_en, 1, p.monthly_price, p.monthly_price, p.id
     from rent_invoices i join packages p on p.id = i.package_id where i.month = $1
     union all
     select i.id, 2, 'EXTRA_TICKETS', 'ບິນເກີນແພັກເກັດ', 'Tickets over the allowance', i.tickets - i.tickets_included,
            p.extra_ticket_price, (i.tickets - i.tickets_included)::bigint * p.extra_ticket_price, p.id
     from rent_invoices i join packages p on p.id = i.package_id
     where i.month = $1 and i.tickets > i.tickets_included and p.extra_ticket_price > 0`,
    [FIRST],
  );
  await db.query('commit');
}

export async function rentBench(serverUrl = process.env.DATABASE_URL): Promise<Verdict[]> {
  if (!serverUrl) {
    out('\nRent invoices: skipped (they need DATABASE_URL, a PostgreSQL server for ph_rent_bench).');
    return [];
  }
  const url = await ownDatabase(serverUrl, process.env.BENCH_RENT_DATABASE ?? 'ph_rent_bench');
  await runMigrations(url);
  const db = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await db.connect();
  const database = connectDatabase(url, 10);
  try {
    await load(db);
    const figures = await db.query<{ shops: string; branches: string; tickets: string; rows: string }>(
      `select (select count(*) from shops where parent_id is null) as shops,
              (select count(*) from shops where parent_id is not null) as branches,
              (select sum(bills_in) from report_monthly where cal_month = $1) as tickets,
              (select count(*) from report_monthly) as rows`,
      [FIRST],
    );
    const f = figures.rows[0];
    out(
      `\nRent invoices of ${MONTH}: ${Number(f?.shops).toLocaleString('en')} main shops, ${Number(f?.branches).toLocaleString('en')} branches, ${Number(f?.tickets).toLocaleString('en')} tickets in the month (${Number(f?.rows).toLocaleString('en')} report_monthly rows in all)`,
    );
    const runs: number[] = [];
    let made = 0;
    let lines = 0;
    for (let i = 0; i < 2; i++) {
      await reset(db);
      const started = Date.now();
      const result = await generateMonth(database.db, { month: MONTH, timezone: TZ, ctx: null });
      runs.push(secs(started));
      made = result.created;
      lines = Number(
        (await db.query<{ n: string }>('select count(*) as n from rent_invoice_lines')).rows[0]?.n,
      );
      out(
        `  real code, run ${i + 1}: ${runs[i]?.toFixed(2)} s — ${made.toLocaleString('en')} invoices, ${lines.toLocaleString('en')} lines`,
      );
    }
    const kinds = await db.query<{ kind: string; n: string }>(
      'select kind, count(*) as n from rent_invoice_lines group by kind order by kind',
    );
    out(
      `  lines by kind: ${kinds.rows.map((k) => `${k.kind} ${Number(k.n).toLocaleString('en')}`).join(', ')}`,
    );
    await reset(db);
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric' }).format(new Date()),
    );
    const started = Date.now();
    await baseline(db, year);
    const base = secs(started);
    const baseCount = await db.query<{ i: string; l: string }>(
      'select (select count(*) from rent_invoices) as i, (select count(*) from rent_invoice_lines) as l',
    );
    out(
      `  baseline (one INSERT … SELECT, package and extra lines only): ${base.toFixed(2)} s — ${Number(baseCount.rows[0]?.i).toLocaleString('en')} invoices, ${Number(baseCount.rows[0]?.l).toLocaleString('en')} lines`,
    );
    await reset(db);
    const best = Math.min(...runs);
    const worst = Math.max(...runs);
    return [
      {
        what: `rent: a month's invoices, ${made.toLocaleString('en')} shops`,
        target: `≤ ${TARGET_S} s`,
        measured: `${worst.toFixed(1)} s worst of 2 (baseline ${base.toFixed(1)} s; best ${best.toFixed(1)} s)`,
        pass: made >= SHOPS * 0.99 && worst <= TARGET_S,
      },
    ];
  } finally {
    await database.close();
    await db.end();
  }
}

runAlone(import.meta.url, () => rentBench());
