import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { ClusterExit, EmbeddedPostgresHandle } from './embedded.ts';

/** A restart that takes longer than this (crash recovery of a very large WAL) counts as failed. */
const RESTART_TIMEOUT_MS = 60_000;

/** The package's cluster; it keeps the postmaster's child process in a field of its own. */
export type Cluster = { start(): Promise<void>; stop(): Promise<void>; process?: ChildProcess };

/** Kill a postmaster that neither started nor exited (a check, not a narrowing, of the field). */
function killStarting(pg: Cluster): void {
  const child = pg.process;
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  pg.process = undefined;
}

/** The package's start(), bounded: its promise never settles while PostgreSQL neither starts nor exits. */
async function startWithin(pg: Cluster, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not ready after ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([pg.start(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The handle of a started cluster. The postmaster is watched: an exit that stop() did not ask for
 * is reported to the listeners (db/embedded-supervisor.ts restarts it); `files` are removed on stop.
 */
export function clusterHandle(
  pg: Cluster,
  opts: { url: string; port: number; files: string[]; problem: { last: string } },
): EmbeddedPostgresHandle {
  let stopped = false;
  let unexpected: ClusterExit | null = null;
  const listeners: Array<(exit: ClusterExit) => void> = [];
  const watch = () => {
    const child = pg.process;
    child?.once('exit', (code, signal) => {
      if (stopped || pg.process !== child) return;
      // The package's stop() would wait for an exit that has already happened.
      pg.process = undefined;
      unexpected = { code, signal };
      for (const listener of listeners) listener(unexpected);
    });
  };
  watch();
  return {
    url: opts.url,
    port: opts.port,
    get stopped() {
      return stopped;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      for (const file of opts.files) await rm(file, { force: true });
    },
    onUnexpectedExit(listener) {
      listeners.push(listener);
      if (unexpected) listener(unexpected);
    },
    async restart() {
      if (stopped) throw new Error('the embedded PostgreSQL was stopped');
      if (pg.process) throw new Error('the embedded PostgreSQL is running');
      unexpected = null;
      opts.problem.last = '';
      try {
        await startWithin(pg, RESTART_TIMEOUT_MS);
      } catch {
        killStarting(pg);
        throw new Error(`PostgreSQL did not start: ${opts.problem.last || 'it exited without a message'}`);
      }
      watch();
    },
  };
}
