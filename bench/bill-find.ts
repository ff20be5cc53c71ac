/**
 * `POST /v1/bill/find` (the scan path) next to a bare Fastify + pg server doing the same lookup,
 * in the same run, on the same references:
 *  - 2,000 references drawn from the whole database: every parked vehicle (up to 1,000: the scan at
 *    the exit, which computes the fee) and the rest at random over all bills, so all shops' rows
 *    are read, not one shop's hot pages;
 *  - each request carries the token of a staff member of that reference's shop (staff can only
 *    find their own shop's bills, and that is who scans all day), one signed-in user per shop;
 *  - the bare server runs a named prepared statement (decision 015), as ours does.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Load, load, login, row, seconds } from './load.ts';
import { endsWithBench, freePort, waitFor } from './server.ts';
import type { Verdict } from './stats.ts';

const out = (s: string) => process.stdout.write(`${s}\n`);
const SAMPLE = 2000;

interface Scan {
  reference: string;
  shopId: string;
}

async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = endsWithBench(
    spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(child, () =>
    fetch(`${base}/find`, {
      method: 'POST',
      body: '{"reference":"-"}',
      headers: { 'content-type': 'application/json' },
    }).then(
      () => true,
      () => false,
    ),
  );
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** What the scan box sees: the vehicles parked now, then bills at random from all of them. */
async function scanSample(client: pg.Client): Promise<Scan[]> {
  const parked = await client.query<{ reference: string; shop_id: string }>(
    `select reference, shop_id from bills where status = 'PARKED' order by random() limit ${SAMPLE / 2}`,
  );
  const range = await client.query<{ lo: number; hi: number }>(
    'select min(id)::float8 as lo, max(id)::float8 as hi from bills',
  );
  const { lo = 1, hi = 1 } = range.rows[0] ?? {};
  const want = SAMPLE - parked.rows.length;
  const ids = Array.from({ length: Math.ceil(want * 1.5) }, () =>
    Math.floor(lo + Math.random() * (hi - lo + 1)),
  );
  const any = await client.query<{ reference: string; shop_id: string }>(
    `select reference, shop_id from bills where id = any($1::bigint[]) and status <> 'PARKED' limit ${want}`,
    [ids],
  );
  const scans = [...parked.rows, ...any.rows].map((r) => ({ reference: r.reference, shopId: r.shop_id }));
  for (let i = scans.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [scans[i], scans[j]] = [scans[j] as Scan, scans[i] as Scan];
  }
  return scans;
}

/** One signed-in staff member (role SHOP, demo password) per shop of the sample. */
async function staffTokens(base: string, client: pg.Client, shopIds: string[]): Promise<Map<string, string>> {
  const staff = await client.query<{ shop_id: string; username: string }>(
    `select distinct on (shop_id) shop_id, username from users
     where role = 'SHOP' and status = 'ACTIVE' and shop_id = any($1::uuid[]) order by shop_id, username`,
    [shopIds],
  );
  const tokens = new Map<string, string>();
  const queue = [...staff.rows];
  // Four at a time: each sign-in is an argon2 verify on the server's thread pool.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let s = queue.shift(); s; s = queue.shift())
        tokens.set(s.shop_id, await login(base, s.username, 'demo1234'));
    }),
  );
  return tokens;
}

interface Answers {
  bare: { id: string; number: number; status: string; shop_name: string; fee: number | null };
  ours: { bill: { id: string; number: number; status: string; shopName: string; fee: number | null } };
}

/** Both servers give the same bill for the same reference (first 100 of the sample). */
async function sameAnswers(bareBase: string, ourBase: string, scans: Scan[], tokens: Map<string, string>) {
  let differ = 0;
  for (const s of scans.slice(0, 100)) {
    const body = JSON.stringify({ reference: s.reference });
    const headers = { 'content-type': 'application/json' };
    const bare = (await (await fetch(`${bareBase}/find`, { method: 'POST', body, headers })).json()) as {
      data?: Answers['bare'];
    };
    const ours = (await (
      await fetch(`${ourBase}/parking-hub-api/v1/bill/find`, {
        method: 'POST',
        body,
        headers: { ...headers, authorization: `Bearer ${tokens.get(s.shopId)}` },
      })
    ).json()) as { data?: Answers['ours'] };
    const a = bare.data;
    const b = ours.data?.bill;
    if (
      !a ||
      !b ||
      String(a.id) !== b.id ||
      a.number !== b.number ||
      a.status !== b.status ||
      a.shop_name !== b.shopName ||
      a.fee !== b.fee
    )
      differ++;
  }
  return differ;
}

/**
 * Measures `rounds` times (bare, then ours, after one warm-up of each) and judges the median
 * round: ratio ≥ 0.8 of the bare server's req/s and p99 ≤ 1.5× its p99.
 */
export async function findBench(base: string, databaseUrl: string, rounds = 1): Promise<Verdict> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let scans: Scan[];
  let tokens: Map<string, string>;
  try {
    scans = await scanSample(client);
    tokens = await staffTokens(base, client, [...new Set(scans.map((s) => s.shopId))]);
  } finally {
    await client.end();
  }
  scans = scans.filter((s) => tokens.has(s.shopId));
  const parkedNote = 'parked vehicles first, then any bill';
  out(
    `\nPOST /v1/bill/find, 50 connections, ${seconds()} s each: ${scans.length.toLocaleString('en')} references (${parkedNote}) of ${tokens.size} shops, each with a staff token of its shop:`,
  );
  const bodies = scans.map((s) => JSON.stringify({ reference: s.reference }));
  // Made once: building them per request would be the load generator's work, not the server's.
  const authHeaders = scans.map((s) => ({ authorization: `Bearer ${tokens.get(s.shopId)}` }));
  const auth = (i: number) => authHeaders[i % authHeaders.length] as Record<string, string>;
  const none = {};
  const ourUrl = `${base}/parking-hub-api/v1/bill/find`;
  const bare = await startBare(databaseUrl);
  const results: Array<{ bare: Load; ours: Load; ratio: number }> = [];
  let differ = 0;
  try {
    differ = await sameAnswers(bare.base, base, scans, tokens);
    out(`  same answers on 100 references: ${differ === 0 ? 'yes' : `NO, ${differ} differ`}`);
    await load(`${bare.base}/find`, bodies, () => none); // warm-up: caches and JIT of both sides
    await load(ourUrl, bodies, auth);
    for (let r = 0; r < rounds; r++) {
      const bareLoad = await load(`${bare.base}/find`, bodies, () => none);
      const ours = await load(ourUrl, bodies, auth);
      const ratio = ours.rps / bareLoad.rps;
      results.push({ bare: bareLoad, ours, ratio });
      out(row('bare Fastify + pg (named statement)', bareLoad));
      out(row('Parking Hub POST /v1/bill/find', ours));
      out(
        `  ratio ${ratio.toFixed(2)} (target ≥ 0.8), p99 ${ours.p99} ms = ${(ours.p99 / bareLoad.p99).toFixed(2)}× bare (target ≤ 1.5×)`,
      );
      // Little's law: 50 requests always in flight at R req/s wait 50/R s on average, whatever the
      // code does; the bare server's own p99 is the floor this machine gives any p99.
      out(
        `  floor on this machine: mean latency = 50 / req/s = ${(50_000 / bareLoad.rps).toFixed(1)} ms (bare), bare p99 ${bareLoad.p99} ms; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    }
    if (differ > 0) process.exitCode = 1;
  } finally {
    await bare.stop();
  }
  const median = [...results].sort((a, b) => a.ratio - b.ratio)[Math.floor(results.length / 2)];
  if (!median) throw new Error('no round measured');
  const p99Ratio = median.ours.p99 / median.bare.p99;
  return {
    what: 'bill/find vs bare Fastify + pg (named statement)',
    target: '≥ 0.8×, p99 ≤ 1.5×',
    measured: `${median.ratio.toFixed(2)}×, p99 ${median.ours.p99} vs ${median.bare.p99} ms`,
    pass:
      median.ratio >= 0.8 &&
      p99Ratio <= 1.5 &&
      median.ours.errors === 0 &&
      median.bare.errors === 0 &&
      differ === 0,
    correct: median.ours.errors === 0 && median.bare.errors === 0 && differ === 0,
  };
}
