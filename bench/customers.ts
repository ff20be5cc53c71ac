/**
 * `npm run bench:customers`: regular customers over every shop (an admin's report), for periods of
 * every shape, on a database already loaded by `npm run bench` (DATABASE_URL names it, e.g.
 * postgres://postgres@127.0.0.1:5432/ph_bench). The endpoint (`plate_visits`, migration 0008)
 * against the plain GROUP BY over the bills (`bench/report-baseline.ts`), in the same process, and
 * their totals compared. Sequential requests: p50 / p95 in ms.
 */
import { addDaysToDate as add } from '@parking-hub/contracts/business-day';
import pg from 'pg';
import { baseline, type Range } from './report-baseline.ts';
import { startBenchServer } from './server.ts';
import { out, timed } from './stats.ts';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a database loaded by npm run bench (10M bills)');
  const admin = { username: 'bench-admin', password: 'bench-password-1' };
  const server = await startBenchServer({
    INITIAL_ADMIN_USERNAME: admin.username,
    INITIAL_ADMIN_PASSWORD: admin.password,
  });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query('set jit = off');
  try {
    const login = await fetch(`${server.base}/parking-hub-api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const today = new Date().toISOString().slice(0, 10);
    const year = Number(today.slice(0, 4));
    const lastMonth = new Date(Date.UTC(year, Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 10);
    const periods: Array<[string, string, string]> = [
      ['this month so far', `${today.slice(0, 7)}-01`, today],
      ['last month', lastMonth, add(`${today.slice(0, 7)}-01`, -1)],
      ['last 30 days', add(today, -29), today],
      ['last year', `${year - 1}-01-01`, `${year - 1}-12-31`],
      ['this year so far', `${year}-01-01`, today],
      ['last 365 days', add(today, -364), today],
      ['last 730 days', add(today, -729), today],
    ];
    out(
      `Regular customers (minVisits 3) over every shop, ${(await db.query('select count(*) as n from bills')).rows[0]?.n} bills:`,
    );
    out(
      '  period              counting    endpoint p50 / p95        GROUP BY p50 / p95       ratio   totals',
    );
    for (const [name, from, to] of periods) {
      for (const byClosing of [false, true]) {
        const body = JSON.stringify({ from, to, byClosing, minVisits: 3 });
        let got: Record<string, number> = {};
        const endpoint = await timed(
          async () => {
            const res = await fetch(`${server.base}/parking-hub-api/v1/report/customer-important`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body,
            });
            const data = ((await res.json()) as { data: Record<string, number> }).data;
            got = {
              totalPlates: data.totalPlates ?? Number.NaN,
              totalVisits: data.totalVisits ?? Number.NaN,
              totalAmount: data.totalAmount ?? Number.NaN,
            };
          },
          { min: 10, max: 40, budgetMs: 8000, warmUp: 1 },
        );
        const r: Range = { shopId: undefined, from, to, byClosing };
        let want: Record<string, number> = {};
        const base = await timed(
          async () => {
            want = await baseline.customers(db, r, 3);
          },
          { min: 3, max: 10, budgetMs: 8000, warmUp: 0 },
        );
        const same = Object.keys(want).every((k) => want[k] === got[k]);
        out(
          `  ${name.padEnd(19)} ${(byClosing ? 'by closing' : 'calendar').padEnd(11)} ${endpoint.p50.toFixed(1).padStart(8)} / ${endpoint.p95.toFixed(1).padStart(8)} ms   ${base.p50.toFixed(0).padStart(7)} / ${base.p95.toFixed(0).padStart(7)} ms   ×${(base.p50 / endpoint.p50).toFixed(1).padStart(5)}   ${same ? 'equal' : `DIFFER ${JSON.stringify({ got, want })}`}`,
        );
        if (!same) process.exitCode = 1;
      }
    }
  } finally {
    await db.end();
    await server.stop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
