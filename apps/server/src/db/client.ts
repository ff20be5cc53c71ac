import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** What repositories run queries on: the database or a transaction of it. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where the pool connects (for connections of their own, e.g. LISTEN). */
  url: string;
  close(): Promise<void>;
}

// Return bigint columns (int8) as strings, never as lossy numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export function connectDatabase(url: string, max = 20): Database {
  // JIT compiling costs seconds on a report's first run and saves nothing on this workload; a
  // report's grouping of a month of rollup rows fits in 32 MB instead of spilling to disk.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off -c work_mem=32MB',
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  return { db, pool, url, close: () => pool.end() };
}

/**
 * The node-postgres pool or connection under a Drizzle database or transaction. Only for the few
 * statements on the outbox's hot paths, which run as named prepared statements (parsed and planned
 * once per connection instead of on every call; decision 011).
 */
function pgClientOf(db: Executor): pg.Pool | pg.PoolClient {
  const client = (db as unknown as { session?: { client?: pg.Pool | pg.PoolClient } }).session?.client;
  if (!client) throw new Error('no node-postgres client under this Drizzle executor');
  return client;
}

/** Run `text` as the named prepared statement `name` on the executor's connection (or pool). */
export function preparedQuery<R extends pg.QueryResultRow>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  return pgClientOf(db).query<R>({ name, text, values });
}
