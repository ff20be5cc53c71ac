// A database that dies under the real server (docs/decisions/014): the embedded PostgreSQL killed
// (kill -9 of the postmaster) in the middle of a check-in load, and a DATABASE_URL server stopped
// and killed, then started again on its port. Every process here is real.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@parking-hub/contracts/messages';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_CHANNEL } from '../modules/auth/auth-events.ts';
import {
  type ApiAnswer,
  eventually,
  isAlive,
  livePostmaster,
  postApi,
  type ServerProcess,
  serverReady,
  startServerProcess,
  stopPostmaster,
  stopServerProcess,
} from '../test/server-process.ts';
import { type EmbeddedPostgresHandle, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';
import { RESTART_DELAYS_MS } from './embedded-supervisor.ts';
import { EMBEDDED_DATABASE } from './open.ts';

const ADMIN_PASSWORD = 'survival-admin-1';
const STAFF_PASSWORD = 'survival-staff-1';
const UNAVAILABLE = { status: 'error', message: MESSAGES.lo['errors.unavailable'] };

const servers: ServerProcess[] = [];
const clusters: EmbeddedPostgresHandle[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const s of servers) await stopServerProcess(s);
  for (const c of clusters) await c.stop();
  for (const dir of dirs) {
    await stopPostmaster(path.join(dir, 'pg'));
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ph-survival-'));
  await chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServerProcess({ INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD, ...env });
  servers.push(s);
  await serverReady(s);
  return s;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on a connection of its own (the server under it may die between two calls). */
async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function login(s: ServerProcess, username: string, password: string) {
  const res = await postApi<{ token: string; user: { sessionId: string } }>(s, 'login', {
    username,
    password,
  });
  if (res.status !== 200 || !res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token, sessionId: res.body.data.user.sessionId };
}

/** A shop (its motorbike and car price rules come with it) and a SHOP user of it, signed in. */
async function shopWithStaff(s: ServerProcess) {
  const admin = await login(s, 'admin', ADMIN_PASSWORD);
  const shop = await postApi<{ id: string }>(
    s,
    'shop/create',
    { name: 'Survival parking', priceMotorbike: 3000, priceCar: 10_000 },
    admin.token,
  );
  expect(shop.status).toBe(201);
  const shopId = shop.body.data?.id as string;
  const user = { username: 'staff-survival', fullName: 'Survival Staff', password: STAFF_PASSWORD };
  const created = await postApi(s, 'user/create', { ...user, role: 'SHOP', shopId }, admin.token);
  expect(created.status).toBe(201);
  return { shopId, staff: await login(s, user.username, STAFF_PASSWORD) };
}

const checkIn = (s: ServerProcess, token: string) =>
  postApi<{ id: string; number: number }>(s, 'bill/create', { vehicleType: 'MOTORBIKE' }, token);

interface Shot {
  start: number;
  end: number;
  answer: ApiAnswer<{ id: string; number: number }> | null;
}

/** Staff checking vehicles in as fast as the server answers; a refused call waits 50 ms, as an app would. */
function checkInLoad(s: ServerProcess, token: string, workers: number) {
  const shots: Shot[] = [];
  let stopping = false;
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopping) {
        const start = Date.now();
        const answer = await checkIn(s, token).catch(() => null);
        shots.push({ start, end: Date.now(), answer });
        if (answer?.status !== 201) await sleep(50);
      }
    }),
  );
  return {
    shots,
    /**
     * When check-ins were acknowledged again after an outage that began after `since`: the first
     * one sent after the first refusal. (Right after a kill -9, backends that have not noticed yet
     * that their postmaster died still commit, durably, the statements they were given.)
     */
    async backAfter(since: number, ms: number): Promise<number | null> {
      const acknowledged = () => {
        const refusedAt = shots.find((x) => x.start > since && x.answer?.status !== 201)?.start;
        if (refusedAt === undefined) return [];
        return shots.filter((x) => x.start > refusedAt && x.answer?.status === 201);
      };
      if (!(await eventually(async () => acknowledged().length > 0, ms))) return null;
      return Math.min(...acknowledged().map((x) => x.end));
    },
    async stop() {
      stopping = true;
      await done;
      return shots;
    },
  };
}

/** What the server logged about its embedded PostgreSQL (pino JSON lines), with the reasons. */
function restartLog(s: ServerProcess): Array<{ msg: string; detail: string }> {
  return s
    .out()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes('embedded PostgreSQL'))
    .map((line) => {
      const entry = JSON.parse(line) as { msg: string; ms?: number; err?: { message: string } };
      return { msg: entry.msg, detail: entry.ms ? `${entry.ms} ms` : (entry.err?.message ?? '') };
    });
}

const listening = async (url: string) =>
  (
    await query<{ n: number }>(
      url,
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = $1`,
      [`LISTEN ${AUTH_CHANNEL}`],
    )
  )[0]?.n === 1;

describe('the embedded PostgreSQL killed under a write load', () => {
  let s: ServerProcess;
  let dataDir = '';
  let dbUrl = '';
  let staffToken = '';
  let acknowledged: string[] = [];

  it('is restarted in the process: serving within 10 s, every acknowledged check-in kept, no 5xx once back', async ({
    annotate,
  }) => {
    dataDir = await tempDir();
    s = await start({ DATA_DIR: dataDir, DATABASE_URL: '', JOBS_MAINTENANCE_SECONDS: '1' });
    const { shopId, staff } = await shopWithStaff(s);
    staffToken = staff.token;
    dbUrl = withDatabase((await runningEmbeddedUrl(dataDir)) as string, EMBEDDED_DATABASE);

    const load = checkInLoad(s, staff.token, 6);
    await sleep(1500);
    const postmaster = livePostmaster(path.join(dataDir, 'pg')) as number;
    const killedAt = Date.now();
    process.kill(postmaster, 'SIGKILL');
    const backAt = await load.backAfter(killedAt, 15_000);
    await sleep(3000);
    const shots = await load.stop();
    const recoveryMs = (backAt ?? Number.POSITIVE_INFINITY) - killedAt;
    await annotate(`check-ins acknowledged again ${recoveryMs} ms after the kill (${shots.length} calls)`);
    await annotate(
      `the server's log: ${restartLog(s)
        .map((e) => `${e.msg} ${e.detail}`)
        .join(' | ')}`,
    );

    expect(isAlive(postmaster)).toBe(false);
    expect(s.running()).toBe(true);
    expect(recoveryMs).toBeLessThan(10_000);
    // The server answered every call, and refused ones only with the Lao envelope and 503.
    expect(shots.filter((x) => x.answer === null)).toEqual([]);
    const refused = shots.filter((x) => x.answer?.status !== 201);
    expect(refused.length).toBeGreaterThan(0);
    for (const x of refused) {
      expect(x.answer?.status).toBe(503);
      expect(x.answer?.body).toEqual(UNAVAILABLE);
      expect(x.answer?.headers.get('retry-after')).toBe('2');
    }
    const after = shots.filter((x) => x.start >= (backAt as number));
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((x) => (x.answer?.status ?? 500) >= 500)).toEqual([]);

    // Every acknowledged check-in is in the database, and the shop's numbers stayed gap-free.
    acknowledged = shots
      .filter((x) => x.answer?.status === 201)
      .map((x) => x.answer?.body.data?.id as string);
    expect(acknowledged.length).toBeGreaterThan(50);
    const found = await query<{ n: number }>(
      dbUrl,
      'select count(*)::int as n from bills where id = any($1::bigint[])',
      [acknowledged],
    );
    expect(found[0]?.n).toBe(acknowledged.length);
    const numbers = await query<{ n: number; max: number }>(
      dbUrl,
      'select count(*)::int as n, max(number) as max from bills where shop_id = $1',
      [shopId],
    );
    expect(numbers[0]?.max).toBe(numbers[0]?.n);

    // Each step is logged; the session cache listens again and pg-boss's maintenance runs again.
    expect(s.out()).toContain('the embedded PostgreSQL stopped: restarting it');
    expect(s.out()).toContain(
      `starting the embedded PostgreSQL again (try 1 of ${RESTART_DELAYS_MS.length})`,
    );
    expect(s.out()).toMatch(/the embedded PostgreSQL is back \(try \d of \d\)/);
    expect(await eventually(() => listening(dbUrl), 5000)).toBe(true);
    const maintained = async () => {
      const [row] = await query<{ at: Date }>(dbUrl, 'select maintained_on as at from pgboss.version');
      return (row?.at.getTime() ?? 0) > (backAt as number);
    };
    expect(await eventually(maintained, 5000)).toBe(true);
  }, 120_000);

  it('exits non-zero when its tries fail, and a restart of the process (a supervisor’s) finds every row', async ({
    annotate,
  }) => {
    const { port } = JSON.parse(await readFile(path.join(dataDir, 'pg-runtime.json'), 'utf8')) as {
      port: number;
    };
    const postmaster = livePostmaster(path.join(dataDir, 'pg')) as number;
    const killedAt = Date.now();
    process.kill(postmaster, 'SIGKILL');
    // Something else takes the port before the first try: the cluster cannot come back there.
    let squatter: net.Server | undefined;
    const took = await eventually(
      () =>
        new Promise<boolean>((resolve) => {
          const server = net.createServer((socket) => socket.destroy());
          server.once('error', () => resolve(false));
          server.listen(port, '127.0.0.1', () => {
            squatter = server;
            resolve(true);
          });
        }),
      RESTART_DELAYS_MS[0] ?? 250,
    );
    expect(took).toBe(true);
    const exit = await Promise.race([s.exited, sleep(30_000).then(() => null)]);
    const exitMs = Date.now() - killedAt;
    squatter?.close();
    const log = restartLog(s);
    await annotate(
      `exited ${exitMs} ms after the kill; ${log.map((e) => `${e.msg} ${e.detail}`).join(' | ')}`,
    );
    expect(exit).toEqual({ code: 1, signal: null });
    const tries = RESTART_DELAYS_MS.length;
    const incident = log.slice(
      log.map((e) => e.msg).lastIndexOf('the embedded PostgreSQL stopped: restarting it'),
    );
    expect(incident.map((e) => e.msg)).toEqual([
      'the embedded PostgreSQL stopped: restarting it',
      ...Array.from({ length: tries }, (_, i) => [
        `starting the embedded PostgreSQL again (try ${i + 1} of ${tries})`,
        i + 1 < tries
          ? `the embedded PostgreSQL did not start (try ${i + 1} of ${tries})`
          : `the embedded PostgreSQL did not start in ${tries} tries: exiting`,
      ]).flat(),
    ]);
    expect(incident.at(-1)?.detail).toMatch(/FATAL: +could not create any TCP\/IP sockets/);
    expect(livePostmaster(path.join(dataDir, 'pg'))).toBeNull();

    const again = await start({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect((await checkIn(again, staffToken)).status).toBe(201);
    const url = withDatabase((await runningEmbeddedUrl(dataDir)) as string, EMBEDDED_DATABASE);
    const found = await query<{ n: number }>(
      url,
      'select count(*)::int as n from bills where id = any($1::bigint[])',
      [acknowledged],
    );
    expect(found[0]?.n).toBe(acknowledged.length);
    expect(await stopServerProcess(again)).toEqual({ code: 0, signal: null });
    expect(livePostmaster(path.join(dataDir, 'pg'))).toBeNull();
  }, 120_000);
});

describe('a DATABASE_URL server that stops and comes back on its port', () => {
  it('is reconnected to without restarting the app, and the session cache listens again', async ({
    annotate,
  }) => {
    const pgDir = await tempDir();
    const cluster = await startEmbeddedPostgres({ dataDir: pgDir, fast: true });
    clusters.push(cluster);
    await query(cluster.url, 'create database ph_survival');
    const url = withDatabase(cluster.url, 'ph_survival');
    const s = await start({ DATABASE_URL: url, DATA_DIR: await tempDir() });
    const { staff } = await shopWithStaff(s);
    const burst = (n: number) => Promise.all(Array.from({ length: n }, () => checkIn(s, staff.token)));

    for (const signal of ['SIGINT', 'SIGKILL'] as const) {
      // The pool holds idle connections to the server about to go.
      expect((await burst(12)).every((a) => a.status === 201)).toBe(true);
      const exited = new Promise((resolve) => cluster.onUnexpectedExit(resolve));
      process.kill(livePostmaster(path.join(pgDir, 'pg')) as number, signal);
      await exited;

      const down = await checkIn(s, staff.token);
      expect(down.status).toBe(503);
      expect(down.body).toEqual(UNAVAILABLE);
      const health = await fetch(`http://127.0.0.1:${s.port}/parking-hub-api/health`);
      expect(health.status).toBe(503);

      await cluster.restart();
      const restartedAt = Date.now();
      // Not one call fails once it is back: the pool dropped every connection of the dead server.
      const answers = await burst(20);
      await annotate(
        `${signal}: 20 check-ins answered ${Date.now() - restartedAt} ms after the server was back`,
      );
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
      expect(s.running()).toBe(true);

      // The session cache LISTENs again: it serves a session from memory, and a notification
      // on the new connection ends it there.
      expect(await eventually(() => listening(url), 5000)).toBe(true);
      await sleep(200);
      const session = await login(s, 'staff-survival', STAFF_PASSWORD);
      expect((await checkIn(s, session.token)).status).toBe(201);
      await query(url, `update sessions set expires_at = now() - interval '1 second' where id = $1`, [
        session.sessionId,
      ]);
      expect((await checkIn(s, session.token)).status).toBe(201);
      await query(url, 'select pg_notify($1, $2)', [AUTH_CHANNEL, `s:${session.sessionId}`]);
      expect(await eventually(async () => (await checkIn(s, session.token)).status === 401, 3000)).toBe(true);
    }
    expect(await stopServerProcess(s)).toEqual({ code: 0, signal: null });
  }, 120_000);
});
