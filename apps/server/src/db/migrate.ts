import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { ADVISORY_LOCKS } from '../lib/advisory-locks.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Apply the committed migrations, then install or upgrade the job runner's own schema (pg-boss
 * keeps it in `pgboss` and migrates it under its own lock). An advisory lock lets several
 * instances start together.
 */
export async function runMigrations(url: string): Promise<void> {
  await runSchemaMigrations(url);
  const boss = new PgBoss({
    connectionString: url,
    max: 1,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, close: true, wait: true });
}

async function runSchemaMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET client_min_messages TO warning');
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]).catch(() => {});
    await client.end();
  }
}
