import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterExit, EmbeddedPostgresHandle } from './embedded.ts';

/**
 * The waits before each try to start a dead embedded PostgreSQL again: the first lets the dead
 * server's last processes leave its shared memory; in all about 8 s, so that a server that can come
 * back does within 10 s, and one that cannot lets the process exit soon (docs/decisions/014).
 */
export const RESTART_DELAYS_MS: readonly number[] = [250, 500, 1000, 2000, 4000];

export interface SuperviseOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'fatal'>;
  /** Every try failed: the process should exit non-zero so that a supervisor restarts it. */
  onGiveUp: () => void;
}

/**
 * Restart the embedded PostgreSQL whenever it dies (a crash, a kill -9), a bounded number of
 * times, logging each try. The pool, the session cache's LISTEN connection and pg-boss reconnect
 * by themselves once it listens again on the same port; meanwhile requests get 503.
 */
export function superviseEmbedded(cluster: EmbeddedPostgresHandle, options: SuperviseOptions): void {
  const delays = RESTART_DELAYS_MS;
  const { log } = options;
  const restart = async (exit: ClusterExit) => {
    const since = Date.now();
    log.error({ exitCode: exit.code, signal: exit.signal }, 'the embedded PostgreSQL stopped: restarting it');
    let failure = new Error('no try was made');
    for (const [i, delay] of delays.entries()) {
      await sleep(delay);
      if (cluster.stopped) return;
      const attempt = `try ${i + 1} of ${delays.length}`;
      log.warn(`starting the embedded PostgreSQL again (${attempt})`);
      try {
        await cluster.restart();
        // A warning, like the failure it ends: whoever watches warnings sees both.
        log.warn({ ms: Date.now() - since }, `the embedded PostgreSQL is back (${attempt})`);
        return;
      } catch (err) {
        if (cluster.stopped) return;
        failure = err as Error;
        if (i < delays.length - 1) log.warn({ err }, `the embedded PostgreSQL did not start (${attempt})`);
      }
    }
    log.fatal({ err: failure }, `the embedded PostgreSQL did not start in ${delays.length} tries: exiting`);
    options.onGiveUp();
  };
  cluster.onUnexpectedExit((exit) => void restart(exit));
}
