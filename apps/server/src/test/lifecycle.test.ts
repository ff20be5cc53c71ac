// The start-up contract of `npm start`, on the real server process (node --import tsx main.ts) and
// its embedded PostgreSQL: first-run admin, the DATA_DIR lock, clean SIGTERM, restart keeps rows.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const API = '/parking-hub-api/v1';

interface Server {
  child: ChildProcess;
  port: number;
  dataDir: string;
  out: () => string;
  err: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const servers: Server[] = [];
const dirs: string[] = [];

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ph-lifecycle-'));
  await chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const base = { ...process.env };
  delete base.INITIAL_ADMIN_USERNAME;
  delete base.INITIAL_ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '', // empty means unset: always the embedded database, even when CI sets one
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = { child, port, dataDir, out: () => out, err: () => err, exited };
  servers.push(server);
  return server;
}

const running = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

/** Resolves with the printed URL once the whole start-up banner is out; fails if the process exits. */
async function ready(s: Server, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const m = /Parking Hub is running: (\S+)[\s\S]*?\n=+\n/.exec(s.out());
    if (m?.[1]) return m[1];
    if (!running(s)) throw new Error(`server exited early\nstdout:\n${s.out()}\nstderr:\n${s.err()}`);
    if (Date.now() > deadline) throw new Error(`server not ready\nstdout:\n${s.out()}\nstderr:\n${s.err()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post(s: Server, route: string, body: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${s.port}${API}/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: { token?: string } } };
}

async function login(s: Server, username: string, password: string) {
  return post(s, 'login', { username, password });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The postmaster pid of DATA_DIR's cluster while one runs, else null. */
function livePostmaster(dataDir: string): number | null {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return pid > 0 && isAlive(pid) ? pid : null;
}

async function stop(s: Server) {
  const t0 = Date.now();
  s.child.kill('SIGTERM');
  const result = await Promise.race([s.exited, new Promise<null>((r) => setTimeout(() => r(null), 15_000))]);
  return { result, ms: Date.now() - t0 };
}

afterAll(async () => {
  for (const s of servers.filter(running)) {
    s.child.kill('SIGTERM');
    const done = await Promise.race([s.exited, new Promise((r) => setTimeout(() => r(null), 10_000))]);
    if (!done) s.child.kill('SIGKILL');
  }
  for (const dir of dirs) {
    const pid = livePostmaster(dir);
    if (pid) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

describe('server lifecycle on the embedded PostgreSQL', () => {
  const keeper = { username: 'keeper', fullName: 'Row Keeper', password: 'keeper-pass-123', role: 'ADMIN' };
  let dataDir = '';
  let first: Server;
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
    expect((await post(first, 'user/create', keeper, token)).status).toBe(201);
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
    expect(running(first)).toBe(true);
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
