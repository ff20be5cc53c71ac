import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BenchServer {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const children = new Set<ChildProcess>();
let handlersSet = false;

/**
 * A server the bench started ends with the bench, however the bench ends (finished, an error,
 * Ctrl-C, a kill): left running, it would go on working on the bench database for hours.
 */
export function endsWithBench(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!handlersSet) {
    handlersSet = true;
    process.once('exit', () => {
      for (const c of children) c.kill('SIGTERM');
    });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        for (const c of children) c.kill('SIGTERM');
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
    }
  }
  return child;
}

/** Wait until `ready()` says yes, or fail when the child exits or two minutes pass. */
export async function waitFor(child: ChildProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench process exited with ${child.exitCode}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error('bench process did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The real server in its own process (as `npm start` runs it), so the load generator in this
 * process does not share its event loop. Embedded PostgreSQL unless DATABASE_URL is set.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<BenchServer> {
  // A given DATA_DIR is the caller's: kept when this server stops (another may start on it).
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'ph-bench-')));
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = endsWithBench(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '100000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await waitFor(child, () =>
    fetch(`${base}/parking-hub-api/health`).then(
      (r) => r.ok,
      () => false,
    ),
  );
  return {
    base,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
