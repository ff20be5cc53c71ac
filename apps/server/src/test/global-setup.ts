import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    templateDb: string;
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set (CI runs the suite a second
 * time against 127.0.0.1:5432), otherwise a throw-away embedded cluster. A migrated template
 * database is made once; each test file clones it (see harness.ts).
 */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let dir: string | undefined;
  if (!serverUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'ph-test-pg-'));
    await chmod(dir, 0o755);
    const handle = await startEmbeddedPostgres({ dataDir: dir, fast: true });
    serverUrl = handle.url;
    stop = handle.stop;
  }
  const templateDb = `ph_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  await runMigrations(withDatabase(serverUrl, templateDb));
  project.provide('pgServerUrl', serverUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      // This run's databases only: others may be testing on the same server at the same time.
      `select datname from pg_database where datname = $1 or starts_with(datname, $1 || '_')`,
      [templateDb],
    );
    for (const { datname } of leftovers.rows) {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
    await admin.end();
    await stop?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
