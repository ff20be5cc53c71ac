// The start-up contract of `npm start`, on the real server process (node --import tsx main.ts) and
// its embedded PostgreSQL: first-run admin, the DATA_DIR lock, clean SIGTERM, restart keeps rows.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isAlive,
  livePostmaster as livePostmasterIn,
  postApi,
  type ServerProcess,
  serverReady,
  startServerProcess,
  stopPostmaster,
  stopServerProcess,
} from './server-process.ts';

const servers: ServerProcess[] = [];
const dirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ph-lifecycle-'));
  await chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  // An empty DATABASE_URL means unset: always the embedded database, even when CI sets one.
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });
  servers.push(server);
  return server;
}

/** Resolves with the printed URL once the whole start-up banner is out. */
async function ready(s: ServerProcess): Promise<string> {
  await serverReady(s);
  return /Parking Hub is running: (\S+)/.exec(s.out())?.[1] ?? '';
}

async function login(s: ServerProcess, username: string, password: string) {
  return postApi<{ token?: string }>(s, 'login', { username, password });
}

/** The postmaster pid of DATA_DIR's cluster while one runs, else null. */
const livePostmaster = (dataDir: string) => livePostmasterIn(path.join(dataDir, 'pg'));

async function stop(s: ServerProcess) {
  const t0 = Date.now();
  const result = await stopServerProcess(s);
  return { result, ms: Date.now() - t0 };
}

afterAll(async () => {
  for (const s of servers.filter((s) => s.running())) await stopServerProcess(s, 10_000);
  for (const dir of dirs) {
    await stopPostmaster(path.join(dir, 'pg'));
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

describe('server lifecycle on the embedded PostgreSQL', () => {
  const keeper = { username: 'keeper', fullName: 'Row Keeper', password: 'keeper-pass-123', role: 'ADMIN' };
  let dataDir = '';
  let first: ServerProcess;
  let adminPassword = '';

  it('first start prints the URL and a one-time admin password that signs in', async () => {
    dataDir = await tempDataDir();
    first = await start(dataDir);
    const url = await ready(first);
    expect(url).toBe(`http://localhost:${first.port}`);
    expect(first.out()).toContain(`Database: embedded PostgreSQL in ${dataDir}`);
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(first.out()).toContain('First SUPER-ADMIN created: user name "admin"');
    const printed = [...first.out().matchAll(/Password: (\S+) {3}\(shown once/g)];
    expect(printed).toHaveLength(1);
    adminPassword = printed[0]?.[1] ?? '';
    expect(adminPassword.length).toBeGreaterThanOrEqual(12);

    const res = await login(first, 'admin', adminPassword);
    expect(res.status).toBe(200);
    const token = res.body.data?.token;
    expect(token).toBeTruthy();
    expect((await login(first, 'admin', 'wrong-password')).status).toBe(401);
    // A row to find again after the restart.
    expect((await postApi(first, 'user/create', keeper, token)).status).toBe(201);
  }, 120_000);

  it('a second server on the same DATA_DIR refuses quickly and the first keeps serving', async () => {
    const t0 = Date.now();
    const second = await start(dataDir);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(second.err()).toContain(
      `DATA_DIR ${dataDir} is in use by another Parking Hub (pid ${first.child.pid})`,
    );
    expect(second.out()).not.toContain('Parking Hub is running');
    expect(first.running()).toBe(true);
    expect((await login(first, 'admin', adminPassword)).status).toBe(200);
  }, 60_000);

  it('SIGTERM stops the server and its PostgreSQL cleanly within 10 s', async () => {
    const postmaster = livePostmaster(dataDir);
    expect(postmaster).not.toBeNull();
    const { result, ms } = await stop(first);
    expect(result).toEqual({ code: 0, signal: null });
    expect(ms).toBeLessThan(10_000);
    expect(livePostmaster(dataDir)).toBeNull();
    expect(isAlive(postmaster as number)).toBe(false);
    expect(existsSync(path.join(dataDir, 'parking-hub.lock'))).toBe(false);
  }, 30_000);

  it('a restart on the same DATA_DIR keeps every row and prints no new password', async () => {
    const again = await start(dataDir);
    await ready(again);
    expect(again.out()).toContain(`Database: embedded PostgreSQL in ${dataDir}`);
    expect(again.out()).not.toContain('First SUPER-ADMIN');
    expect(again.out()).not.toContain('Password:');
    expect((await login(again, keeper.username, keeper.password)).status).toBe(200);
    expect((await login(again, 'admin', adminPassword)).status).toBe(200);
    const { result } = await stop(again);
    expect(result).toEqual({ code: 0, signal: null });
    expect(livePostmaster(dataDir)).toBeNull();
  }, 120_000);

  it('INITIAL_ADMIN_USERNAME/PASSWORD make that admin on a fresh DATA_DIR, without printing it', async () => {
    const password = 'chosen-secret-42';
    const fresh = await tempDataDir();
    const s = await start(fresh, { INITIAL_ADMIN_USERNAME: 'Chief', INITIAL_ADMIN_PASSWORD: password });
    await ready(s);
    expect(s.out()).toContain('First SUPER-ADMIN created: user name "chief"');
    expect(s.out()).toContain('Password: the one in INITIAL_ADMIN_PASSWORD');
    expect(s.out() + s.err()).not.toContain(password);
    expect((await login(s, 'chief', password)).status).toBe(200);
    expect((await login(s, 'admin', password)).status).toBe(401);
    const { result } = await stop(s);
    expect(result).toEqual({ code: 0, signal: null });
    expect(livePostmaster(fresh)).toBeNull();
  }, 120_000);
});
