/**
 * `npm run bench`: speed figures the repo keeps (never timed tests). Starts the real server in
 * its own process on a throw-away embedded PostgreSQL (or DATABASE_URL), then measures:
 *  - argon2id verify time (the cost of every sign-in),
 *  - authenticated requests at 50 connections (token hash → session → user on every call),
 *  - reports (bench/reports.ts): BENCH_BILLS bills (default 10,000,000; 0 skips) loaded by the demo
 *    generator, each report endpoint next to a plain GROUP BY over bills, and the deep bill history,
 *  - the outbox (bench/outbox.ts): what queuing a message adds to a transaction, and 10,000
 *    messages drained at 500/s to a fake Cloud API (rate, duplicates, losses),
 *  - bills (bench/bills.ts): bill/find against a bare Fastify + pg server, and check-ins per second
 *    with gap-free numbering (on the loaded database, the rollup trigger in place),
 *  - the paper lists (bench/paper.ts, with DATABASE_URL): low paper and the ticket check over
 *    10,000 shops and 10M prints in ph_paper_bench, next to the same query prepared over pg,
 *  - members (bench/members.ts, with DATABASE_URL): 100,000 members over 200 shops in
 *    ph_members_bench: the check-in's member lookup, check-ins per second with and without
 *    members, the members list's pages,
 *  - rent (bench/rent.ts, with DATABASE_URL): a month's invoices for 10,000 main shops over a
 *    month of 10M bills' rollup in ph_rent_bench, next to one INSERT … SELECT,
 *  - the finance report (bench/finance.ts, with DATABASE_URL): 24 months over 10,000 shops'
 *    invoices, payments, wallet entries and commissions in ph_finance_bench, next to the same
 *    query prepared over pg,
 *  - news (bench/news.ts): one item sent now to 10,000 shops (deliveries, outbox rows, events,
 *    jobs), next to the same rows made by INSERT … SELECT,
 *  - the staff app's version check (bench/version-check.ts): GET /v1/app/check at 50 connections
 *    next to a bare Fastify + pg server answering it from one prepared statement,
 * then one table of targets and measures.
 *
 * BENCH_SHORT=1 (`npm run bench:short`, bench/short.ts): every part that checks its answers, on
 * 100,000 bills and for short times, in a few minutes; it fails on a wrong answer or an error, not
 * on a missed target.
 *
 * With DATABASE_URL (a real PostgreSQL), the bench works in a database of its own on that server:
 * BENCH_DATABASE names it (made when missing, kept afterwards, so a second run reuses its load);
 * without it, a fresh one is made and dropped at the end.
 */
// First: the short mode's defaults (bench/short.ts) before any bench file reads its settings.
import './short.ts';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../apps/server/src/modules/auth/password.ts';
import { billsBench } from './bills.ts';
import { ownDatabase } from './database.ts';
import { financeBench } from './finance.ts';
import { membersBench } from './members.ts';
import { newsBench } from './news.ts';
import { outboxBench } from './outbox.ts';
import { paperBench } from './paper.ts';
import { rentBench } from './rent.ts';
import { reportsBench } from './reports.ts';
import { startBenchServer } from './server.ts';
import { SHORT } from './short.ts';
import { failed, out, pct, printVerdicts, type Verdict } from './stats.ts';
import { versionCheckBench } from './version-check.ts';

/** The bench's own database on DATABASE_URL's server, as the embedded one is made (C locale). */
async function benchDatabase(serverUrl: string) {
  const name = process.env.BENCH_DATABASE ?? `ph_bench_${process.pid}`;
  return {
    url: await ownDatabase(serverUrl, name),
    async drop() {
      if (process.env.BENCH_DATABASE) return;
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${c.escapeIdentifier(name)}`);
      await c.end();
    },
  };
}

async function argon2Bench() {
  const hash = await hashPassword('bench-password-1');
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await verifyPassword(hash, 'bench-password-1');
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  out(
    `argon2id verify (m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}), 40 runs:`,
  );
  out(
    `  mean ${mean.toFixed(1)} ms   p50 ${pct(times, 50).toFixed(1)} ms   p99 ${pct(times, 99).toFixed(1)} ms`,
  );
}

async function httpBench(url: string, token: string, title: string, body: unknown) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const errors = result.non2xx + result.errors;
  out(
    `${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms   errors ${errors}`,
  );
}

const DEMO_ADMIN = { username: 'admin', password: 'demo1234' };

async function login(base: string, who: { username: string; password: string }) {
  const res = await fetch(`${base}/parking-hub-api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  return ((await res.json()) as { data?: { token: string } }).data?.token;
}

async function main() {
  const started = performance.now();
  if (SHORT) out('Short run (BENCH_SHORT=1): the answers are checked, the figures are not the targets.\n');
  await argon2Bench();
  const admin = { username: 'bench-admin', password: 'bench-password-1' };
  const own = process.env.DATABASE_URL ? await benchDatabase(process.env.DATABASE_URL) : null;
  if (own) process.env.DATABASE_URL = own.url;
  const server = await startBenchServer({
    INITIAL_ADMIN_USERNAME: admin.username,
    INITIAL_ADMIN_PASSWORD: admin.password,
  });
  const verdicts: Verdict[] = [];
  try {
    // A database loaded by seed:demo before the bench first ran has the demo's admin instead.
    const token = (await login(server.base, admin)) ?? (await login(server.base, DEMO_ADMIN));
    if (!token) throw new Error('no admin could sign in');
    out('\nHTTP against the real server (own process), 50 connections:');
    await httpBench(`${server.base}/parking-hub-api/v1/me`, token, 'POST /v1/me', { brand: 'unknown' });
    await httpBench(`${server.base}/parking-hub-api/v1/users`, token, 'POST /v1/users (page 1)', { page: 1 });
    if (process.env.BENCH_OUTBOX !== '0') verdicts.push(...(await outboxBench()));
    if (process.env.BENCH_BILLS !== '0') verdicts.push(...(await reportsBench(server, token)));
    verdicts.push(...(await billsBench(server)));
    if (process.env.BENCH_PAPER !== '0') verdicts.push(...(await paperBench(process.env.DATABASE_URL)));
    if (process.env.BENCH_MEMBERS !== '0') verdicts.push(...(await membersBench(process.env.DATABASE_URL)));
    if (process.env.BENCH_RENT !== '0') verdicts.push(...(await rentBench(process.env.DATABASE_URL)));
    if (process.env.BENCH_FINANCE !== '0') verdicts.push(...(await financeBench(process.env.DATABASE_URL)));
    if (process.env.BENCH_NEWS !== '0') verdicts.push(...(await newsBench()));
    if (process.env.BENCH_VERSIONS !== '0') verdicts.push(...(await versionCheckBench(server, admin)));

    // ── Lighthouse: login page and signed-in dashboard (bench/lighthouse.ts). BENCH_LIGHTHOUSE=0 skips.
    if (process.env.BENCH_LIGHTHOUSE !== '0') {
      const { lighthouseBench } = await import('./lighthouse.ts');
      verdicts.push(...(await lighthouseBench()));
    }
    // ── end of the Lighthouse block

    printVerdicts(verdicts);
    out(`\nbench ${SHORT ? '(short) ' : ''}done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (failed(verdicts)) process.exitCode = 1;
  } finally {
    await server.stop();
    await own?.drop();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
