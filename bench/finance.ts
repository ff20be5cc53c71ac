/**
 * `npm run bench:finance` (and part of `npm run bench` when DATABASE_URL is set): the finance
 * report (issue 15, `POST /v1/reports/finance`) over 10,000 shops × 24 months of invoices with
 * their payments, wallet entries and commissions, in a database of its own on the DATABASE_URL
 * server (BENCH_FINANCE_DATABASE, default ph_finance_bench: loaded once with SQL, reused by later
 * runs). Through the real server in its own process, sequential requests, p50 / p95, next to the
 * very same statement as a named prepared statement over pg in this process. Target: 24 months
 * ≤ 100 ms p95 through the server. The report reads the monthly rollup (finance_monthly, migration
 * 0016); the loaded money is also put through `finance:check` (the rollup against the rows included).
 */
import pg from 'pg';
import { financeCheck } from '../apps/server/src/modules/finance/finance.check.ts';
import { FINANCE_REPORT_SQL } from '../apps/server/src/modules/finance/finance.report.ts';
import { ownDatabase } from './database.ts';
import { startBenchServer } from './server.ts';
import { ms, out, runAlone, timed, type Verdict } from './stats.ts';

const SHOPS = 10_000;
const MONTHS = 24;
const AGENTS = 50;
const TARGET_MS = 100;
const TZ = 'Asia/Vientiane';
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** 'YYYY-MM' of the month `offset` months from this one. */
const monthOf = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};

/**
 * 10,000 main shops of 50 agents (every tenth without one); for each of the last 24 months an
 * invoice per shop (a package line and, on every fifth, a promotion's discount), paid in full
 * after the month in one of the four ways for all but the last four months (partly paid, unpaid),
 * a third of the wallet payments reversed-free; a monthly top-up per shop and the wallet payments
 * in the ledger with a consistent running balance; each payment's commission at 10 %. Rows go in
 * with triggers off (as a restore does), consistent by construction (finance:check proves it).
 */
async function load(db: pg.Client) {
  const have = await db.query<{ invoices: string }>(
    `select count(*) as invoices from rent_invoices where number like 'INV-B%'`,
  );
  if (Number(have.rows[0]?.invoices) >= SHOPS * MONTHS) {
    out(
      `finance bench database loaded already: ${Number(have.rows[0]?.invoices).toLocaleString('en')} invoices`,
    );
    return;
  }
  const started = Date.now();
  out(
    `loading ${SHOPS.toLocaleString('en')} shops × ${MONTHS} months of invoices, payments, wallets, commissions…`,
  );
  const first = `${monthOf(-MONTHS)}-01`;
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  await db.query(
    'truncate agent_commissions, commission_payouts, wallet_entries, wallets, rent_payments, rent_invoice_lines, rent_invoices cascade',
  );
  await db.query(
    `insert into users (username, full_name, role, password_hash)
     select 'finance-agent-' || g, 'Finance agent ' || g, 'AGENT', 'x' from generate_series(1, ${AGENTS}) g
     on conflict do nothing`,
  );
  await db.query(
    `insert into shops (name, code, agent_id)
     select 'Finance shop ' || g, 'FB' || lpad(g::text, 5, '0'),
       case when g % 10 = 0 then null else (select id from users where username = 'finance-agent-' || (g % ${AGENTS} + 1)) end
     from generate_series(1, ${SHOPS}) g
     on conflict do nothing`,
  );
  // Invoices: k = 0 … 23 (oldest first); the last four months partly paid (k 20, 21) or unpaid (22, 23).
  let t = Date.now();
  await db.query(
    `create temporary table fb on commit drop as
     select s.id as shop_id, s.agent_id, substr(s.code, 3)::int as n, k,
            ($1::date + k * interval '1 month')::date as month,
            100000 + (substr(s.code, 3)::int % 10) * 10000 as subtotal,
            case when (substr(s.code, 3)::int + k) % 5 = 0 then 20000 else 0 end as discount,
            (array['CASH','TRANSFER','QR','WALLET'])[(substr(s.code, 3)::int + k) % 4 + 1] as method
     from shops s, generate_series(0, ${MONTHS - 1}) k where s.code like 'FB%'`,
    [first],
  );
  await db.query(
    `insert into rent_invoices (id, number, year, seq, shop_id, month, agent_id, status, subtotal, discount,
                                promotion_discount, total, paid, due_date, public_token, created_at)
     select gen_random_uuid(), 'INV-B' || k || '-' || lpad(n::text, 6, '0'), extract(year from month)::int, n * 100 + k,
            shop_id, month, agent_id,
            case when k >= ${MONTHS - 2} then 'UNPAID' when k >= ${MONTHS - 4} then 'PARTLY_PAID' else 'PAID' end,
            subtotal, discount, discount, subtotal - discount,
            case when k >= ${MONTHS - 2} then 0 when k >= ${MONTHS - 4} then (subtotal - discount) / 2 else subtotal - discount end,
            (month + interval '1 month' + interval '9 days')::date, md5(n::text || '-' || k) || md5(k::text || '-' || n),
            month + interval '1 month'
     from fb`,
  );
  await db.query(
    `insert into rent_invoice_lines (invoice_id, position, kind, description_lo, description_en, quantity, unit_price, amount)
     select id, 1, 'PACKAGE', 'ແພັກເກັດ', 'Package', 1, subtotal, subtotal from rent_invoices where number like 'INV-B%'
     union all
     select id, 2, 'PROMOTION', 'ໂປຣໂມຊັນ', 'Promotion', 1, -discount, -discount from rent_invoices
      where number like 'INV-B%' and discount > 0`,
  );
  out(`  invoices and lines in ${secs(t)}`);
  t = Date.now();
  // One payment per paid or partly paid invoice, paid in the month after (platform zone), 10:00.
  await db.query(
    `insert into rent_payments (id, invoice_id, shop_id, amount, method, paid_at, created_at)
     select gen_random_uuid(), i.id, i.shop_id, i.paid, fb.method,
            ((i.month + interval '1 month' + (fb.n % 20) * interval '1 day' + interval '10 hours')::timestamp at time zone '${TZ}'),
            now()
     from rent_invoices i join fb on fb.shop_id = i.shop_id and fb.month = i.month
     where i.number like 'INV-B%' and i.paid > 0`,
  );
  // The wallet: a top-up of 200,000 on the 1st of the month after each month, and the wallet
  // payments; seq in time order per shop, balance_after the running sum.
  await db.query(
    `insert into wallet_entries (shop_id, kind, amount, balance_after, method, idempotency_key, invoice_id, payment_id,
                                 created_at, agent_id)
     select shop_id, kind, amount, sum(amount) over (partition by shop_id order by at, kind desc), method, key, invoice_id,
            payment_id, at, (select agent_id from shops where id = shop_id)
     from (
       select fb.shop_id, 'TOP_UP' as kind, 200000::bigint as amount, 'CASH' as method, 'fb-' || fb.n || '-' || fb.k as key,
              null::uuid as invoice_id, null::uuid as payment_id,
              ((fb.month + interval '1 month')::timestamp at time zone '${TZ}') as at
       from fb
       union all
       select p.shop_id, 'INVOICE_PAYMENT', -p.amount, 'WALLET', null, p.invoice_id, p.id, p.paid_at
       from rent_payments p join rent_invoices i on i.id = p.invoice_id
       where p.method = 'WALLET' and i.number like 'INV-B%'
     ) x order by shop_id, at, kind desc`,
  );
  await db.query(
    `update rent_payments p set wallet_entry_id = e.id from wallet_entries e where e.payment_id = p.id`,
  );
  await db.query(
    `insert into wallets (shop_id, balance, updated_at)
     select shop_id, sum(amount), max(created_at) from wallet_entries group by shop_id`,
  );
  out(`  payments and wallet ledger in ${secs(t)}`);
  t = Date.now();
  await db.query(
    `insert into agent_commissions (agent_id, payment_id, invoice_id, shop_id, month, base, rate_bp, amount, status, created_at)
     select i.agent_id, p.id, i.id, i.shop_id, date_trunc('month', p.paid_at at time zone '${TZ}')::date, p.amount, 1000,
            round(p.amount * 1000 / 10000.0), 'PENDING', p.paid_at
     from rent_payments p join rent_invoices i on i.id = p.invoice_id
     where i.agent_id is not null and i.number like 'INV-B%'`,
  );
  out(`  commissions in ${secs(t)}`);
  t = Date.now();
  // Loaded with triggers off: the report's monthly rollup refilled from the rows (as after a restore).
  await db.query('select finance_rollup_rebuild($1)', [TZ]);
  out(`  finance report rollup rebuilt in ${secs(t)}`);
  await db.query('commit');
  t = Date.now();
  await db.query(
    'vacuum (analyze) rent_invoices, rent_invoice_lines, rent_payments, wallet_entries, wallets, agent_commissions, finance_monthly, shops, users',
  );
  out(`  vacuumed in ${secs(t)}; loaded in ${secs(started)}`);
}

export async function financeBench(serverUrl = process.env.DATABASE_URL): Promise<Verdict[]> {
  if (!serverUrl) {
    out('\nFinance report: skipped (it needs DATABASE_URL, a PostgreSQL server for ph_finance_bench).');
    return [];
  }
  const url = await ownDatabase(serverUrl, process.env.BENCH_FINANCE_DATABASE ?? 'ph_finance_bench');
  const server = await startBenchServer({
    DATABASE_URL: url,
    INITIAL_ADMIN_USERNAME: ADMIN.username,
    INITIAL_ADMIN_PASSWORD: ADMIN.password,
    JOBS_WORKERS: 'false',
    PLATFORM_TIMEZONE: TZ,
  });
  const db = new pg.Client({ connectionString: url, options: '-c jit=off -c work_mem=32MB' });
  await db.connect();
  const verdicts: Verdict[] = [];
  try {
    await load(db);
    let t = Date.now();
    const mismatches = await financeCheck(db);
    out(`finance:check on the bench data: ${mismatches.length} mismatches (${secs(t)})`);
    for (const m of mismatches.slice(0, 5)) out(`  ${JSON.stringify(m)}`);
    const res = await fetch(`${server.base}/parking-hub-api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    const agentId = (
      await db.query<{ id: string }>(`select id from users where username = 'finance-agent-7'`)
    ).rows[0]?.id;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    const from = monthOf(-MONTHS);
    const to = monthOf(-1);
    const calls = [
      { name: '24 months, every agent', body: { from, to } },
      { name: '24 months, one agent', body: { from, to, agentId } },
      { name: '3 months, every agent', body: { from: monthOf(-3), to } },
    ];
    const counts = await db.query<{
      invoices: string;
      payments: string;
      entries: string;
      commissions: string;
    }>(
      `select (select count(*) from rent_invoices) as invoices, (select count(*) from rent_payments) as payments,
              (select count(*) from wallet_entries) as entries, (select count(*) from agent_commissions) as commissions`,
    );
    const c = counts.rows[0];
    out(
      `\nFinance report over ${Number(c?.invoices).toLocaleString('en')} invoices, ${Number(c?.payments).toLocaleString('en')} payments, ${Number(c?.entries).toLocaleString('en')} wallet entries, ${Number(c?.commissions).toLocaleString('en')} commissions (sequential requests):`,
    );
    out('  call                          endpoint p50 / p95          prepared statement p50 / p95');
    for (const call of calls) {
      t = Date.now();
      const endpoint = await timed(
        async () => {
          const r = await fetch(`${server.base}/parking-hub-api/v1/reports/finance`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(call.body),
          });
          if (!r.ok) throw new Error(`reports/finance: ${r.status} ${await r.text()}`);
          await r.json();
        },
        { min: 30, max: 200, budgetMs: 8000, warmUp: 3 },
      );
      const params = [`${call.body.from}-01`, `${call.body.to}-01`, call.body.agentId ?? null, today];
      const base = await timed(
        () => db.query({ name: 'finance_report', text: FINANCE_REPORT_SQL, values: params }),
        { min: 30, max: 200, budgetMs: 8000, warmUp: 3 },
      );
      out(
        `  ${call.name.padEnd(28)} ${ms(endpoint.p50).padStart(9)} / ${ms(endpoint.p95).padStart(9)}      ${ms(base.p50).padStart(9)} / ${ms(base.p95).padStart(9)}`,
      );
      verdicts.push({
        what: `finance report: ${call.name} (p95)`,
        target: `≤ ${TARGET_MS} ms`,
        measured: `${ms(endpoint.p95)} (query alone ${ms(base.p95)})`,
        pass: endpoint.p95 <= TARGET_MS,
      });
    }
    verdicts.push({
      what: 'finance:check on the bench data',
      target: '0 mismatches',
      measured: String(mismatches.length),
      pass: mismatches.length === 0,
      correct: mismatches.length === 0,
    });
  } finally {
    await db.end();
    await server.stop();
  }
  return verdicts;
}

runAlone(import.meta.url, () => financeBench());
