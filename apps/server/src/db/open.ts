import pg from 'pg';
import type { Config } from '../config.ts';
import { connectDatabase, type Database } from './client.ts';
import { type EmbeddedPostgresHandle, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

export const EMBEDDED_DATABASE = 'parking_hub';

export interface OpenedDatabase {
  database: Database;
  url: string;
  embedded: boolean;
  /** The embedded PostgreSQL when this process started it (restarted after a crash: embedded-supervisor.ts). */
  cluster?: EmbeddedPostgresHandle;
  /** Close the pool and, when this process started it, stop the embedded PostgreSQL. */
  close(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export interface OpenOptions {
  log?: (message: string) => void;
  /** For command-line tools: use the cluster of a Parking Hub already running in DATA_DIR. */
  joinRunning?: boolean;
}

/**
 * The database the app runs on: DATABASE_URL when set, otherwise the embedded PostgreSQL under
 * DATA_DIR (started here). Migrations are applied before it is handed out.
 */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<OpenedDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let cluster: EmbeddedPostgresHandle | undefined;
  if (!url) {
    let serverUrl = options.joinRunning ? await runningEmbeddedUrl(config.dataDir) : null;
    if (!serverUrl) {
      const handle = await startEmbeddedPostgres({ dataDir: config.dataDir, log: options.log });
      stopEmbedded = () => handle.stop();
      serverUrl = handle.url;
      cluster = handle;
    }
    try {
      await ensureDatabase(serverUrl, EMBEDDED_DATABASE);
    } catch (err) {
      await stopEmbedded?.();
      throw err;
    }
    url = withDatabase(serverUrl, EMBEDDED_DATABASE);
  }
  try {
    await runMigrations(url);
  } catch (err) {
    await stopEmbedded?.();
    throw err;
  }
  const database = connectDatabase(url, config.pgPoolMax);
  return {
    database,
    url,
    embedded: !config.databaseUrl,
    ...(cluster ? { cluster } : {}),
    async close() {
      await database.close();
      await stopEmbedded?.();
    },
  };
}

export interface LocatedDatabase {
  url: string;
  embedded: boolean;
  /** Stop the embedded PostgreSQL when this process started it. */
  close(): Promise<void>;
}

/**
 * The app's database, neither migrated nor pooled: for backup, which must not change what it
 * copies, and restore, which builds the schema itself (decision 013). With `joinRunning`, a
 * Parking Hub running in DATA_DIR lends its cluster; otherwise the embedded cluster is started
 * here (and refused while another process holds DATA_DIR).
 */
export async function locateDatabase(config: Config, options: OpenOptions = {}): Promise<LocatedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, close: async () => {} };
  let serverUrl = options.joinRunning ? await runningEmbeddedUrl(config.dataDir) : null;
  let stop: (() => Promise<void>) | undefined;
  if (!serverUrl) {
    const handle = await startEmbeddedPostgres({ dataDir: config.dataDir, log: options.log });
    stop = () => handle.stop();
    serverUrl = handle.url;
  }
  try {
    await ensureDatabase(serverUrl, EMBEDDED_DATABASE);
  } catch (err) {
    await stop?.();
    throw err;
  }
  return {
    url: withDatabase(serverUrl, EMBEDDED_DATABASE),
    embedded: true,
    close: async () => {
      await stop?.();
    },
  };
}
