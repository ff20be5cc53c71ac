/** Load generation shared by the HTTP benches: autocannon at 50 connections, one body per request. */
import autocannon from 'autocannon';
import pg from 'pg';
import { startBenchServer } from './server.ts';

export const seconds = () => Number(process.env.BENCH_SECONDS ?? 10);

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** POSTs `bodies[n % length]` with `headers(n)`: request n's body and headers belong together. */
export async function load(
  url: string,
  bodies: string[],
  headers: (i: number) => Record<string, string>,
): Promise<Load> {
  let i = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    connections: 50,
    duration: seconds(),
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          return {
            ...req,
            headers: { 'content-type': 'application/json', ...headers(n) },
            body: bodies[n % bodies.length],
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export const row = (name: string, l: Load) =>
  `${name.padEnd(34)} ${l.rps.toFixed(0).padStart(7)} req/s   p50 ${String(l.p50).padStart(3)} ms   p99 ${String(l.p99).padStart(3)} ms   errors ${l.errors}`;

export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/parking-hub-api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`login ${username} failed`);
  return body.data.token;
}

/** The bench's admin, or on a database seed:demo filled first, the demo's. */
export async function signInAdmin(base: string): Promise<string> {
  for (const [username, password] of [
    ['bench-admin', 'bench-password-1'],
    ['admin', 'demo1234'],
  ] as const) {
    const token = await login(base, username, password).catch(() => null);
    if (token) return token;
  }
  throw new Error('no admin could sign in');
}

/**
 * A bench run alone on DATABASE_URL as it is (a demo's or the bench's loaded database): the real
 * server on it, an admin signed in, a client of its own.
 */
export async function onLoadedDatabase<T>(
  bench: (base: string, token: string, db: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: a database with bills (npm run seed:demo, or npm run bench)');
  const server = await startBenchServer({
    INITIAL_ADMIN_USERNAME: 'bench-admin',
    INITIAL_ADMIN_PASSWORD: 'bench-password-1',
  });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await bench(server.base, await signInAdmin(server.base), db);
  } finally {
    await db.end();
    await server.stop();
  }
}
