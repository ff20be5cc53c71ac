/**
 * Bills at speed, against the real server in its own process:
 *  - `POST /v1/bill/find` at 50 connections next to a bare Fastify + pg server doing the same
 *    single-row lookup, in the same run (bench/bill-find.ts: req/s, p50, p99, ratio);
 *  - check-ins at 50 connections from the staff of several shops, then a check that every shop's
 *    numbers are still 1…N with no gap and no repeat.
 */
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { seedDemo } from '../apps/server/src/modules/demo/demo.seed.ts';
import { findBench } from './bill-find.ts';
import { load, login, row, seconds } from './load.ts';
import type { BenchServer } from './server.ts';
import type { Verdict } from './stats.ts';

const out = (s: string) => process.stdout.write(`${s}\n`);

export async function billsBench(server: BenchServer): Promise<Verdict[]> {
  const opened = await openDatabase(loadConfig({ ...process.env, DATA_DIR: server.dataDir }), {
    joinRunning: true,
  });
  const shops = 20;
  try {
    out(`\nSeeding ${shops} demo shops × 30 days of bills for the bill benchmarks…`);
    const seeded = await seedDemo(opened.database, { shops, days: 30, seed: 7, append: true, prints: false });
    out(`  ${seeded.bills.toLocaleString('en')} bills in ${seeded.seconds.toFixed(1)} s`);
  } finally {
    await opened.close();
  }
  const client = new pg.Client({ connectionString: opened.url });
  await client.connect();
  try {
    const staff = await client.query<{ username: string; shop_id: string }>(
      `select username, shop_id from users where role = 'SHOP' and username like 'staff-%-1' order by username limit 10`,
    );
    const find = await findBench(server.base, opened.url);

    const tokens = await Promise.all(staff.rows.map((s) => login(server.base, s.username, 'demo1234')));
    const before = await client.query<{ n: string }>('select count(*) as n from bills');
    const types = ['MOTORBIKE', 'MOTORBIKE', 'MOTORBIKE', 'CAR'];
    const checkIns = await load(
      `${server.base}/parking-hub-api/v1/bill/create`,
      types.map((vehicleType) => JSON.stringify({ vehicleType })),
      (i) => ({ authorization: `Bearer ${tokens[i % tokens.length]}` }),
    );
    const after = await client.query<{ n: string }>('select count(*) as n from bills');
    const made = Number(after.rows[0]?.n) - Number(before.rows[0]?.n);
    out(
      `\nPOST /v1/bill/create (check-in), 50 connections, staff of ${tokens.length} shops, ${seconds()} s:`,
    );
    out(row('check-ins', checkIns));
    out(
      `  ${made.toLocaleString('en')} bills made = ${(made / seconds()).toFixed(0)} per second (target ≥ 500)`,
    );
    const gaps = await client.query<{
      shop_id: string;
      n: string;
      distinct_n: string;
      lo: number;
      hi: number;
    }>(
      `select shop_id, count(*) as n, count(distinct number) as distinct_n, min(number) as lo, max(number) as hi
       from bills group by shop_id
       having count(*) <> count(distinct number) or min(number) <> 1 or max(number) <> count(*)`,
    );
    out(
      gaps.rows.length === 0
        ? `  numbering: every shop's bills are numbered 1…N with no gap and no repeat`
        : `  numbering BROKEN in ${gaps.rows.length} shops: ${JSON.stringify(gaps.rows.slice(0, 3))}`,
    );
    // Every acknowledged check-in is a bill; at most the 50 requests in flight when the run
    // stopped (made, never answered to the load generator) are bills beyond them.
    const accounted = made >= checkIns.ok && made <= checkIns.ok + 50 + checkIns.errors;
    out(`  ${checkIns.ok.toLocaleString('en')} answered 201, ${made.toLocaleString('en')} bills made`);
    if (gaps.rows.length > 0 || !accounted) process.exitCode = 1;

    // The same with plates, as at a real gate: two tickets in three carry one, drawn from 400, so
    // pairs come back and the regular customers' rows (plate_visits, migration 0008) are written too.
    const plates = Array.from({ length: 400 }, (_, i) => `ນວ ${String(1000 + i)}`);
    const plated = Array.from({ length: 600 }, (_, i) => {
      const vehicleType = types[i % types.length];
      return JSON.stringify(
        i % 3 === 2 ? { vehicleType } : { vehicleType, plate: plates[(i * 7919) % plates.length] },
      );
    });
    const pairsBefore = await client.query<{ n: string }>('select count(*) as n from plate_visits');
    const platedIns = await load(`${server.base}/parking-hub-api/v1/bill/create`, plated, (i) => ({
      authorization: `Bearer ${tokens[i % tokens.length]}`,
    }));
    const pairsAfter = await client.query<{ n: string }>('select count(*) as n from plate_visits');
    out(`\nThe same, two in three with a plate (from 400, so they come back), ${seconds()} s:`);
    out(row('check-ins with plates', platedIns));
    out(
      `  plate_visits rows ${Number(pairsBefore.rows[0]?.n).toLocaleString('en')} → ${Number(pairsAfter.rows[0]?.n).toLocaleString('en')}`,
    );
    if (platedIns.errors > 0) process.exitCode = 1;
    const bills = Number(after.rows[0]?.n);
    return [
      find,
      {
        what: `check-ins, rollup trigger on, ${(bills / 1e6).toFixed(1)}M bills`,
        target: '≥ 500 /s',
        measured: `${(made / seconds()).toFixed(0)} /s, p99 ${checkIns.p99} ms`,
        pass: made / seconds() >= 500 && gaps.rows.length === 0,
        correct: gaps.rows.length === 0 && accounted,
      },
      {
        what: 'check-ins with plates (plate_visits kept too)',
        target: '≥ 500 /s',
        measured: `${platedIns.rps.toFixed(0)} /s, p99 ${platedIns.p99} ms`,
        pass: platedIns.rps >= 500 && platedIns.errors === 0,
        correct: platedIns.errors === 0,
      },
    ];
  } finally {
    await client.end();
  }
}
