/**
 * `npm run bench`: speed figures the repo keeps (never timed tests). Starts the real server in
 * its own process on a throw-away embedded PostgreSQL (or DATABASE_URL), then measures:
 *  - argon2id verify time (the cost of every sign-in),
 *  - authenticated requests at 50 connections (token hash → session → user on every call),
 *  - bills (bench/bills.ts): bill/find against a bare Fastify + pg server, and check-ins per second
 *    with gap-free numbering.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../apps/server/src/modules/auth/password.ts';
import { billsBench } from './bills.ts';
import { startBenchServer } from './server.ts';

const out = (s: string) => process.stdout.write(`${s}\n`);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

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

async function main() {
  await argon2Bench();
  const admin = { username: 'bench-admin', password: 'bench-password-1' };
  const server = await startBenchServer({
    INITIAL_ADMIN_USERNAME: admin.username,
    INITIAL_ADMIN_PASSWORD: admin.password,
  });
  try {
    const login = await fetch(`${server.base}/parking-hub-api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    out('\nHTTP against the real server (own process), 50 connections:');
    await httpBench(`${server.base}/parking-hub-api/v1/me`, token, 'POST /v1/me', { brand: 'unknown' });
    await httpBench(`${server.base}/parking-hub-api/v1/users`, token, 'POST /v1/users (page 1)', { page: 1 });
    await billsBench(server);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
