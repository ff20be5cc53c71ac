/**
 * Reports at scale (issue 4), against the real server in its own process:
 *  - loads BENCH_BILLS bills (default 10,000,000: 200 shops × 2 years) with the demo generator
 *    when the database has fewer, and prints the load time;
 *  - each report endpoint for one shop and for all shops (as the admin), one month, in both modes
 *    (calendar day / by closing), sequential requests (latency, not throughput), next to the same
 *    figures by a plain GROUP BY over bills (bench/report-baseline.ts) in the same run: p50/p95
 *    and the speed-up; the totals of both must be equal or the bench fails;
 *  - regular customers over the last 1, 3 and 12 months for all shops, an agent and one shop, next
 *    to a prepared GROUP BY (bench/regulars.ts);
 *  - the bill history at depth ≥ 10,000 rows, following meta.nextCursor, and its searches over all
 *    shops (part of a plate, a staff member), and plate fragments of one to four characters next to
 *    the unfiltered page and a prepared substring search (bench/plates.ts).
 */
import { execSync } from 'node:child_process';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { type OpenedDatabase, openDatabase } from '../apps/server/src/db/open.ts';
import { seedDemo } from '../apps/server/src/modules/demo/demo.seed.ts';
import { historyBench, searchBench } from './history.ts';
import { plateBench } from './plates.ts';
import { regularsBench } from './regulars.ts';
import { baseline, pick, type Range, type Totals } from './report-baseline.ts';
import type { BenchServer } from './server.ts';
import { ms, out, timed, type Verdict } from './stats.ts';

const loadAverage = () => execSync('uptime').toString().split('load average:')[1]?.trim() ?? '?';

interface Report {
  name: string;
  path: string;
  body: (r: Range) => Record<string, unknown>;
  totals: (data: Record<string, unknown>) => Record<string, unknown>;
  base: (db: pg.ClientBase, r: Range) => Promise<Totals>;
}

const range = (r: Range) => ({ shopId: r.shopId, from: r.from, to: r.to, byClosing: r.byClosing });
const ofTotals = (d: Record<string, unknown>) => d.totals as Record<string, unknown>;

// biome-ignore format: one report per row
const REPORTS: Report[] = [
  { name: 'chart', path: '/report/chart', body: range, totals: ofTotals, base: baseline.chart },
  { name: 'bill/date', path: '/report/bill/date', body: range, totals: ofTotals, base: baseline.byDate },
  { name: 'bill/month', path: '/report/bill/month', body: range, totals: ofTotals, base: baseline.byMonth },
  { name: 'bill/cancel', path: '/report/bill/cancel', body: (r) => ({ ...range(r), page: 1, pageSize: 50 }), totals: ofTotals, base: baseline.cancel },
  { name: 'customer-important', path: '/report/customer-important', body: (r) => ({ ...range(r), minVisits: 3 }), totals: (d) => d, base: (db, r) => baseline.customers(db, r, 3) },
  { name: 'payment-by-staff', path: '/report/payment-by-staff', body: range, totals: ofTotals, base: baseline.byStaff },
  { name: 'balance-for-shop', path: '/report/balance-for-shop', body: (r) => ({ shopId: r.shopId, byClosing: r.byClosing }), totals: ofTotals, base: baseline.balance },
];

/** The twelve whole calendar months before this one, as [from, to]. */
function lastMonths(now = new Date()): [string, string][] {
  return Array.from({ length: 12 }, (_, i) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12 + i, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
    return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
  });
}

async function loadBills(opened: OpenedDatabase, want: number): Promise<Verdict | null> {
  const has = Number((await opened.database.pool.query('select count(*) as n from bills')).rows[0]?.n);
  if (has >= want * 0.9) {
    out(`\nReports: the database holds ${has.toLocaleString('en')} bills already (load not timed).`);
    return null;
  }
  const shops = Math.max(6, Math.round((200 * want) / 10_000_000));
  // Two years always (the year reports); fewer bills a day below 10M (61 a day makes 10M).
  const perDay = Math.min(61, Math.max(10, Math.round(want / (shops * 730))));
  out(
    `\nLoading ~${want.toLocaleString('en')} bills: ${shops} shops × 730 days × ~${perDay} (load average ${loadAverage()})…`,
  );
  const s = await seedDemo(opened.database, {
    shops,
    days: 730,
    perDay,
    seed: 11,
    append: true,
    prints: false,
  });
  out(
    `  ${s.bills.toLocaleString('en')} bills loaded in ${s.seconds.toFixed(1)} s (load average ${loadAverage()})`,
  );
  if (want < 10_000_000) return null;
  return {
    what: `load ${(s.bills / 1e6).toFixed(1)}M bills`,
    target: '≤ 180 s',
    measured: `${s.seconds.toFixed(1)} s`,
    pass: s.seconds <= 180,
  };
}

function same(a: Totals, b: Totals): boolean {
  return Object.keys(b).every((k) => a[k] === b[k]);
}

export async function reportsBench(server: BenchServer, token: string): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  const opened = await openDatabase(loadConfig({ ...process.env, DATA_DIR: server.dataDir }), {
    joinRunning: true,
  });
  const db = new pg.Client({ connectionString: opened.url });
  try {
    const load = await loadBills(opened, Number(process.env.BENCH_BILLS ?? 10_000_000));
    if (load) verdicts.push(load);
    await db.connect();
    const busiest = await db.query<{ shop_id: string; n: number }>(
      'select shop_id, last_number as n from shop_bill_counters order by last_number desc limit 1',
    );
    const shop = busiest.rows[0];
    if (!shop) throw new Error('no bills to report on');
    const months = lastMonths();
    const scale = Number(process.env.BENCH_REPORT_SECONDS ?? 12) * 1000;
    const call = async (report: Report, r: Range) => {
      const res = await fetch(`${server.base}/parking-hub-api/v1${report.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(report.body(r)),
      });
      const body = (await res.json()) as { data?: Record<string, unknown> };
      if (res.status !== 200 || !body.data)
        throw new Error(`${report.path} ${res.status}: ${JSON.stringify(body)}`);
      return report.totals(body.data);
    };
    out(`\nReports, one month, sequential requests (load average ${loadAverage()}):`);
    out(`  one shop = the busiest (${Number(shop.n).toLocaleString('en')} bills); all shops as the admin`);
    for (const scope of ['one shop', 'all shops'] as const) {
      for (const report of REPORTS) {
        for (const byClosing of [false, true]) {
          const rangeOf = (i: number): Range => {
            const [from = '', to = ''] = months[i % months.length] ?? [];
            return { shopId: scope === 'one shop' ? shop.shop_id : undefined, from, to, byClosing };
          };
          const fromApi = new Map<number, Totals>();
          const fromSql = new Map<number, Totals>();
          const api = await timed(
            async (i) => {
              const t = await call(report, rangeOf(i));
              fromApi.set(i % months.length, t as Totals);
            },
            { min: 20, max: 60, budgetMs: scale, warmUp: 2 },
          );
          const sql = await timed(
            async (i) => {
              fromSql.set(i % months.length, await report.base(db, rangeOf(i)));
            },
            // A plain GROUP BY over every shop takes seconds: three runs, no warm-up, are enough.
            { min: 3, max: 40, budgetMs: scale, warmUp: scope === 'one shop' ? 1 : 0 },
          );
          for (const [m, want] of fromSql) {
            const got = pick(fromApi.get(m) ?? (await call(report, rangeOf(m))), want);
            if (!same(got, want))
              throw new Error(
                `${report.name} (${scope}, ${months[m]?.[0]}, byClosing ${byClosing}): endpoint ${JSON.stringify(got)} ≠ GROUP BY ${JSON.stringify(want)}`,
              );
          }
          const mode = byClosing ? 'by closing' : 'calendar';
          const speedUp = (sql.p50 / api.p50).toFixed(sql.p50 < 10 * api.p50 ? 1 : 0);
          out(
            `  ${report.name.padEnd(19)} ${scope.padEnd(9)} ${mode.padEnd(10)} endpoint p50 ${ms(api.p50).padStart(9)} p95 ${ms(api.p95).padStart(9)} (${api.runs})` +
              `   GROUP BY p50 ${ms(sql.p50).padStart(10)} p95 ${ms(sql.p95).padStart(10)} (${sql.runs})   ×${speedUp}   totals equal`,
          );
          const limit = scope === 'one shop' ? 50 : 200;
          verdicts.push({
            what: `${report.name}, ${scope}, ${mode}`,
            target: `p95 ≤ ${limit} ms`,
            measured: `p95 ${ms(api.p95)} (×${speedUp} vs GROUP BY)`,
            pass: api.p95 <= limit,
          });
        }
      }
    }
    // A year over every shop (the admin's scope rows): the period reports, the chart (whose top
    // shops still read the shop rows) and the regular customers (plate_visits: this twelve months'
    // span is two whole months of one year and the whole next year less what lies outside).
    // The totals are checked once against the GROUP BY.
    const [yearFrom = ''] = months[0] ?? [];
    const [, yearTo = ''] = months[months.length - 1] ?? [];
    out(`\nReports, all shops, one year (${yearFrom} – ${yearTo}), sequential requests:`);
    for (const report of REPORTS.filter((r) =>
      ['chart', 'bill/date', 'bill/month', 'customer-important'].includes(r.name),
    )) {
      for (const byClosing of [false, true]) {
        const r: Range = { shopId: undefined, from: yearFrom, to: yearTo, byClosing };
        let got: Record<string, unknown> = {};
        const api = await timed(
          async () => {
            got = await call(report, r);
          },
          { min: 10, max: 40, budgetMs: scale, warmUp: 2 },
        );
        const want = await report.base(db, r);
        if (!same(pick(got, want), want))
          throw new Error(`${report.name} (all shops, a year): endpoint ≠ GROUP BY ${JSON.stringify(want)}`);
        const mode = byClosing ? 'by closing' : 'calendar';
        out(
          `  ${report.name.padEnd(19)} ${mode.padEnd(10)} endpoint p50 ${ms(api.p50).padStart(9)} p95 ${ms(api.p95).padStart(9)} (${api.runs})   totals equal`,
        );
        verdicts.push({
          what: `${report.name}, all shops, a year, ${mode}`,
          target: 'p95 ≤ 150 ms',
          measured: `p95 ${ms(api.p95)}`,
          pass: api.p95 <= 150,
        });
      }
    }
    verdicts.push(...(await regularsBench(server.base, token, db, shop.shop_id)));
    verdicts.push(await historyBench(server.base, token, shop.shop_id));
    verdicts.push(...(await searchBench(server.base, token, db)));
    verdicts.push(...(await plateBench(server.base, token, db)));
  } finally {
    await db.end();
    await opened.close();
  }
  return verdicts;
}
