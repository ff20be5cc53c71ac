import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { type Executor, preparedQuery } from '../db/client.ts';

/** A queue and how pg-boss treats its jobs (retries here are for crashes; see decision 011). */
export interface QueueDefinition {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Each retry waits twice as long as the last (from retryDelaySeconds). */
  retryBackoff?: boolean;
  expireInSeconds: number;
}

export interface WorkOptions {
  batchSize: number;
  pollingIntervalSeconds: number;
  /** Workers of this queue in this process (each fetches its own batches). */
  workers: number;
}

/**
 * pg-boss's database interface over a Drizzle transaction. Its statements are the same few texts
 * every time, so each runs as a prepared statement named after its text.
 */
function txAdapter(tx: Executor) {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      preparedQuery(tx, statementName(text), text, values ?? []) as unknown as Promise<{ rows: never[] }>,
  };
}

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

export type JobHandler<T> = (jobs: PgBoss.Job<T>[]) => Promise<void>;

export interface JobRunnerOptions {
  /** Run workers and schedules here; false: only queue jobs (a web-only instance, most tests). */
  workers: boolean;
  maintenanceSeconds: number;
  log: FastifyBaseLogger;
}

/**
 * The one job runner (decision 011): pg-boss on the application's own database and pool. Jobs are
 * sent in the transaction of the change that causes them; instances share the work through
 * `SKIP LOCKED`, and a job whose worker died is taken back when it expires and run again.
 */
export class JobRunner {
  readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition>();
  private readonly workers = new Map<string, { options: WorkOptions; handler: JobHandler<never> }>();
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  /** Queries pg-boss has under way (it completes jobs without awaiting: see stop()). */
  private readonly inflight = new Set<Promise<unknown>>();

  constructor(
    pool: pg.Pool,
    private readonly options: JobRunnerOptions,
  ) {
    this.boss = new PgBoss({
      db: {
        executeSql: (text: string, values?: unknown[]) => {
          const query = pool.query(text, values);
          this.inflight.add(query);
          query.then(
            () => this.inflight.delete(query),
            () => this.inflight.delete(query),
          );
          return query;
        },
      },
      supervise: options.workers,
      schedule: options.workers,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    this.boss.on('error', (err) => options.log.error({ err }, 'job runner error'));
  }

  get runsWorkers(): boolean {
    return this.options.workers;
  }

  defineQueue(queue: QueueDefinition): void {
    this.queues.set(queue.name, queue);
  }

  /** Register a queue's handler; it starts fetching when the runner starts (if it runs workers). */
  work<T>(queue: string, options: WorkOptions, handler: JobHandler<T>): void {
    this.workers.set(queue, { options, handler: handler as JobHandler<never> });
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const q of this.queues.values()) {
      const options = {
        name: q.name,
        retryLimit: q.retryLimit,
        retryDelay: q.retryDelaySeconds,
        retryBackoff: q.retryBackoff ?? false,
        expireInSeconds: q.expireInSeconds,
      };
      await this.boss.createQueue(q.name, options);
      // createQueue keeps an existing queue as it was: settings changed since apply now.
      await this.boss.updateQueue(q.name, options);
    }
    this.started = true;
    if (!this.options.workers) return;
    for (const [queue, { options, handler }] of this.workers) {
      const ids: string[] = [];
      for (let i = 0; i < options.workers; i++) {
        ids.push(
          await this.boss.work(
            queue,
            { batchSize: options.batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds },
            handler,
          ),
        );
      }
      this.workerIds.set(queue, ids);
    }
  }

  /** Queue a job inside `tx`: it exists exactly when the transaction commits. */
  async send<T extends object>(
    tx: Executor,
    queue: string,
    data: T,
    options: { startAfter?: Date; singletonKey?: string } = {},
  ): Promise<string | null> {
    return this.boss.send(queue, data, { ...options, db: txAdapter(tx) });
  }

  /** Queue many jobs inside `tx` in one statement, each when it should start (now by default). */
  async sendMany<T extends object>(
    tx: Executor,
    queue: string,
    jobs: Array<{ data: T; startAfter?: Date }>,
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(
      jobs.map((j) => ({ name: queue, data: j.data, ...(j.startAfter ? { startAfter: j.startAfter } : {}) })),
      { db: txAdapter(tx) },
    );
  }

  /** Wake this process's workers of a queue now (after a commit) instead of at their next poll. */
  nudge(queue: string): void {
    for (const id of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(id);
  }

  /** Declare the cron schedules (in `timezone`); schedules no longer declared are removed. */
  async schedule(schedules: ReadonlyArray<{ name: string; cron: string }>, timezone: string): Promise<void> {
    const declared = new Set(schedules.map((s) => s.name));
    for (const s of schedules) await this.boss.schedule(s.name, s.cron, {}, { tz: timezone });
    for (const existing of await this.boss.getSchedules()) {
      if (!declared.has(existing.name)) await this.boss.unschedule(existing.name);
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Graceful: running batches finish (each within its expiry); the rest are failed and retried.
    await this.boss.stop({ graceful: true, close: false, timeout: 5_000, wait: true });
    // pg-boss marks a finished batch complete without awaiting it: let that land before the pool closes.
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }
}
