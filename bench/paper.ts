/**
 * `npm run bench:paper` (and part of `npm run bench` when DATABASE_URL is set): the paper lists
 * (issue 13) over 10,000 shops and 10,000,000 prints, in a database of their own on the
 * DATABASE_URL server (BENCH_PAPER_DATABASE, default ph_paper_bench: loaded once with SQL,
 * reused by later runs). Each call through the real server in its own process, sequential
 * requests (latency), p50 / p95, next to the strongest plain baseline: the very same query as a
 * named prepared statement over pg in this process. Target: p95 ≤ 100 ms through the server.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { shopPaper } from '../apps/server/src/db/schema/rolls.ts';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { rebuildPaper } from '../apps/server/src/modules/rolls/paper.rebuild.ts';
import {
  keepPastMonthSql,
  lowPaperSql,
  pastMonthCheckSql,
  ticketCheckSql,
} from '../apps/server/src/modules/rolls/paper.repository.ts';
import { shopScope } from '../apps/server/src/tenancy/scope.ts';
import { ownDatabase } from './database.ts';
import { startBenchServer } from './server.ts';
import { ms, out, runAlone, timed, type Verdict } from './stats.ts';

const SHOPS = 10_000;
const PRINTS_PER_SHOP = 1_000;
const AGENTS = 50;
const TARGET_MS = 100;
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * 10,000 shops of 50 agents, one bill each printed 1,000 times over the last year (a tenth of the
 * prints with a roll serial, a few outside every delivered range), six deliveries per shop whose
 * tickets per roll vary so that some shops run low and some print more than they received. Rows
 * go in with triggers off (as a restore does) and the paper counts are rebuilt from them.
 */
async function load(db: pg.Client) {
  const have = await db.query<{ shops: string; prints: string }>(
    `select (select count(*) from shops where code like 'PB%') as shops,
            (select count(*) from bill_prints) as prints`,
  );
  const row = have.rows[0];
  if (Number(row?.shops) >= SHOPS && Number(row?.prints) >= SHOPS * PRINTS_PER_SHOP) {
    out(
      `paper bench database loaded already: ${row?.shops} shops, ${Number(row?.prints).toLocaleString('en')} prints`,
    );
    return;
  }
  const started = Date.now();
  out(
    `loading ${SHOPS.toLocaleString('en')} shops and ${(SHOPS * PRINTS_PER_SHOP).toLocaleString('en')} prints…`,
  );
  const hash = await hashPassword('bench-agent-pass-1');
  await db.query('begin');
  await db.query('set local session_replication_role = replica');
  await db.query(`set local maintenance_work_mem = '1GB'`);
  await db.query(
    'truncate bill_prints, bills, roll_deliveries, shop_paper, paper_prints_daily, paper_prints_monthly',
  );
  await db.query(
    `insert into users (username, full_name, role, password_hash)
     select 'paper-agent-' || g, 'Paper agent ' || g, 'AGENT', $1 from generate_series(1, ${AGENTS}) g
     on conflict do nothing`,
    [hash],
  );
  await db.query(
    `insert into shops (name, code, agent_id, timezone)
     select 'Paper shop ' || g, 'PB' || lpad(g::text, 5, '0'),
       (select id from users where username = 'paper-agent-' || (g % ${AGENTS} + 1)),
       case when g % 10 = 0 then 'Asia/Bangkok' else 'Asia/Vientiane' end
     from generate_series(1, ${SHOPS}) g
     on conflict do nothing`,
  );
  await db.query(
    `insert into bills (shop_id, reference, number, vehicle_type, business_date)
     select id, 'PB' || code, 1, 'MOTORBIKE', current_date from shops where code like 'PB%'`,
  );
  out(`  shops, agents and bills in ${secs(started)}`);
  let t = Date.now();
  await db.query(`drop index if exists bill_prints_bill_idx, bill_prints_serial_idx`);
  await db.query(
    `insert into bill_prints (bill_id, shop_id, kind, printed_at, roll_serial)
     select b.id, b.shop_id, 'REPRINT', now() - (random() * 365 * 86400) * interval '1 second',
       case when g % 10 = 0 then substr(b.reference, 5)::bigint * 1000
         + case when g % 1000 = 0 then 500 + g / 1000 % 3 else g % 120 end end
     from bills b, generate_series(1, ${PRINTS_PER_SHOP}) g
     where b.reference like 'PBPB%'`,
  );
  out(`  bill_prints in ${secs(t)}`);
  t = Date.now();
  await db.query(`create index bill_prints_bill_idx on bill_prints (bill_id, id)`);
  await db.query(
    `create index bill_prints_serial_idx on bill_prints (shop_id, printed_at) include (roll_serial) where roll_serial is not null`,
  );
  out(`  bill_prints indexes in ${secs(t)}`);
  t = Date.now();
  await db.query(
    `insert into roll_deliveries (kind, shop_id, delivered_on, quantity, tickets_per_roll, serial_first, serial_last, unit_price)
     select 'SHOP', s.id, current_date - (365 - k * 60), 20, 5 + n % 10,
       n * 1000 + k * 20, n * 1000 + k * 20 + 19, 15000
     from (select id, substr(code, 3)::int as n from shops where code like 'PB%') s, generate_series(0, 5) k`,
  );
  out(`  deliveries in ${secs(t)}`);
  t = Date.now();
  await rebuildPaper(db, null);
  out(`  paper counts rebuilt from the prints in ${secs(t)}`);
  await db.query('commit');
  t = Date.now();
  await db.query(
    'vacuum (analyze) bill_prints, roll_deliveries, shop_paper, paper_prints_daily, paper_prints_monthly, shops',
  );
  out(`  vacuumed in ${secs(t)}; loaded in ${secs(started)}`);
}

interface Call {
  name: string;
  path: string;
  body: Record<string, unknown>;
  /** The statements the server runs for it, as the baseline runs them. */
  query: { sql: string; params: unknown[] }[];
}

const monthOf = (offset: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toISOString().slice(0, 7);
};
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

export async function paperBench(serverUrl = process.env.DATABASE_URL): Promise<Verdict[]> {
  if (!serverUrl) {
    out('\nPaper lists: skipped (they need DATABASE_URL, a PostgreSQL server for ph_paper_bench).');
    return [];
  }
  const url = await ownDatabase(serverUrl, process.env.BENCH_PAPER_DATABASE ?? 'ph_paper_bench');
  const server = await startBenchServer({
    DATABASE_URL: url,
    INITIAL_ADMIN_USERNAME: ADMIN.username,
    INITIAL_ADMIN_PASSWORD: ADMIN.password,
    JOBS_WORKERS: 'false',
  });
  const db = new pg.Client({ connectionString: url, options: '-c jit=off -c work_mem=32MB' });
  await db.connect();
  const verdicts: Verdict[] = [];
  try {
    await load(db);
    const login = async (username: string, password: string) => {
      const res = await fetch(`${server.base}/parking-hub-api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      return ((await res.json()) as { data: { token: string } }).data.token;
    };
    const adminToken = await login(ADMIN.username, ADMIN.password);
    const agentToken = await login('paper-agent-7', 'bench-agent-pass-1');
    const agentId = (await db.query<{ id: string }>(`select id from users where username = 'paper-agent-7'`))
      .rows[0]?.id;
    const shopId = (await db.query<{ id: string }>(`select id from shops where code = 'PB00042'`)).rows[0]
      ?.id;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
    const dialect = new PgDialect();
    // The agent's scope exactly as the server makes it.
    const agentCondition = shopScope(
      {
        id: agentId ?? '',
        username: 'paper-agent-7',
        fullName: '',
        role: 'AGENT',
        shopId: null,
        sessionId: '',
      },
      shopPaper.shopId,
    );
    const low = (o: { onlyLow: boolean; agent?: boolean }) =>
      dialect.sqlToQuery(
        lowPaperSql({
          scope: o.agent ? agentCondition : undefined,
          onlyLow: o.onlyLow,
          lowPaperDays: 7,
          today,
          limit: 20,
          offset: 0,
        }),
      );
    // A past month: what the server runs, its figures kept (paper_checks) and then read.
    const check = (month: string, o: { shopId?: string; agent?: boolean } = {}) => {
      const q = {
        scope: o.agent ? agentCondition : undefined,
        shopId: o.shopId,
        onlyFlagged: false,
        monthStart: `${month}-01`,
        nextMonth: nextMonth(month),
        limit: 20,
        offset: 0,
      };
      return month === monthOf(0)
        ? [dialect.sqlToQuery(ticketCheckSql(q))]
        : [dialect.sqlToQuery(keepPastMonthSql(q)), dialect.sqlToQuery(pastMonthCheckSql(q))];
    };
    const thisMonth = monthOf(0);
    const halfYear = monthOf(-6);
    const calls: (Call & { token: string })[] = [
      {
        name: 'low-paper, every shop',
        path: 'rolls/low-paper',
        body: {},
        query: [low({ onlyLow: false })],
        token: adminToken,
      },
      {
        name: 'low-paper, low only',
        path: 'rolls/low-paper',
        body: { onlyLow: true },
        query: [low({ onlyLow: true })],
        token: adminToken,
      },
      {
        name: 'low-paper, an agent',
        path: 'rolls/low-paper',
        body: {},
        query: [low({ onlyLow: false, agent: true })],
        token: agentToken,
      },
      {
        name: 'ticket-check, this month',
        path: 'rolls/ticket-check',
        body: { month: thisMonth },
        query: check(thisMonth),
        token: adminToken,
      },
      {
        name: 'ticket-check, 6 months ago',
        path: 'rolls/ticket-check',
        body: { month: halfYear },
        query: check(halfYear),
        token: adminToken,
      },
      {
        name: 'ticket-check, an agent',
        path: 'rolls/ticket-check',
        body: { month: thisMonth },
        query: check(thisMonth, { agent: true }),
        token: agentToken,
      },
      {
        name: 'ticket-check, one shop',
        path: 'rolls/ticket-check',
        body: { month: halfYear, shopId },
        query: check(halfYear, { shopId }),
        token: adminToken,
      },
    ];
    const counts = await db.query<{ prints: string; shops: string }>(
      `select (select count(*) from bill_prints) as prints, (select count(*) from shop_paper) as shops`,
    );
    out(
      `\nPaper lists over ${Number(counts.rows[0]?.shops).toLocaleString('en')} shops and ${Number(counts.rows[0]?.prints).toLocaleString('en')} prints (sequential requests):`,
    );
    // The first list of a day and the first check of a past month also fill the caches
    // (decision 018): timed once here from empty caches, so the figures below are not all there is.
    await db.query('truncate paper_pace, paper_checks');
    for (const c of [calls[0], calls[4]]) {
      if (!c) continue;
      const started = performance.now();
      const res = await fetch(`${server.base}/parking-hub-api/v1/${c.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
      });
      await res.json();
      out(`  ${c.name}, first call with empty caches: ${ms(performance.now() - started)}`);
    }
    out('  call                          endpoint p50 / p95          prepared statement p50 / p95');
    for (const [i, c] of calls.entries()) {
      const endpoint = await timed(
        async () => {
          const res = await fetch(`${server.base}/parking-hub-api/v1/${c.path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
            body: JSON.stringify(c.body),
          });
          if (!res.ok) throw new Error(`${c.path}: ${res.status} ${await res.text()}`);
          await res.json();
        },
        { min: 30, max: 200, budgetMs: 6000, warmUp: 3 },
      );
      const base = await timed(
        async () => {
          for (const [j, q] of c.query.entries())
            await db.query({ name: `paper-${i}-${j}`, text: q.sql, values: q.params });
        },
        { min: 30, max: 200, budgetMs: 6000, warmUp: 3 },
      );
      out(
        `  ${c.name.padEnd(28)} ${ms(endpoint.p50).padStart(9)} / ${ms(endpoint.p95).padStart(9)}      ${ms(base.p50).padStart(9)} / ${ms(base.p95).padStart(9)}`,
      );
      verdicts.push({
        what: `paper: ${c.name} (p95)`,
        target: `≤ ${TARGET_MS} ms`,
        measured: `${ms(endpoint.p95)} (query alone ${ms(base.p95)})`,
        pass: endpoint.p95 <= TARGET_MS,
      });
    }
  } finally {
    await db.end();
    await server.stop();
  }
  return verdicts;
}

runAlone(import.meta.url, () => paperBench());
