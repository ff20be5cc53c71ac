import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const API = '/parking-hub-api/v1';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The real server (`node --import tsx main.ts`) in a process of its own, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  out: () => string;
  err: () => string;
  exited: Promise<Exit>;
  running: () => boolean;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = { ...process.env };
  delete base.INITIAL_ADMIN_USERNAME;
  delete base.INITIAL_ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...base,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
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
  const exited = new Promise<Exit>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return { child, port, out: () => out, err: () => err, exited, running };
}

/** Resolves once the whole start-up banner is out; fails if the process exits first. */
export async function serverReady(s: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/Parking Hub is running: \S+[\s\S]*?\n=+\n/.test(s.out())) {
    if (!s.running()) throw new Error(`server exited early\nstdout:\n${s.out()}\nstderr:\n${s.err()}`);
    if (Date.now() > deadline) throw new Error(`server not ready\nstdout:\n${s.out()}\nstderr:\n${s.err()}`);
    await sleep(100);
  }
}

/** SIGTERM, then the exit (null when it took over `ms`; the process is then killed). */
export async function stopServerProcess(s: ServerProcess, ms = 15_000): Promise<Exit | null> {
  if (!s.running()) return s.exited;
  s.child.kill('SIGTERM');
  const result = await Promise.race([s.exited, sleep(ms).then(() => null)]);
  if (!result) s.child.kill('SIGKILL');
  return result;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: { status?: string; message?: string; data?: T };
  headers: Headers;
}

/** POST an API call to the server process and parse the envelope. */
export async function postApi<T = unknown>(
  s: ServerProcess,
  route: string,
  body: unknown,
  token?: string,
): Promise<ApiAnswer<T>> {
  const res = await fetch(`http://127.0.0.1:${s.port}${API}/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ApiAnswer<T>['body'], headers: res.headers };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The postmaster pid of a cluster directory (`…/pg`) while one runs there, else null. */
export function livePostmaster(pgDir: string): number | null {
  const file = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return pid > 0 && isAlive(pid) ? pid : null;
}

/** Stop a PostgreSQL a test left behind (fast shutdown, then SIGKILL). */
export async function stopPostmaster(pgDir: string): Promise<void> {
  const pid = livePostmaster(pgDir);
  if (!pid) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** Whether `check` comes true (a failed check counts as not yet) within `ms`, asked every 25 ms. */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(25);
  }
  return false;
}
