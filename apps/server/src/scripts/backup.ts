/**
 * `npm run backup [-- --dir DIR]`: one file holding the database and the uploaded files, named
 * with the time, in BACKUP_DIR (decision 013). Uses DATABASE_URL, or the embedded database in
 * DATA_DIR (joining a Parking Hub that is running there, or starting the cluster for the job).
 * Safe while the server runs: the tables are read from one snapshot.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { locateDatabase } from '../db/open.ts';
import { createBackup } from '../modules/backup/backup.create.ts';
import { describeJobs, formatBytes } from '../modules/backup/backup.format.ts';

const USAGE = `usage: npm run backup [-- --dir DIR]
  Writes parking-hub-<UTC time>.phbackup into DIR (default: BACKUP_DIR, or DATA_DIR/backups).`;

const out = (line: string) => process.stdout.write(`${line}\n`);

function args() {
  try {
    return parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

async function main(): Promise<number> {
  const options = args();
  if (options.help) {
    out(USAGE);
    return 0;
  }
  const config = loadConfig();
  // A mistyped DATA_DIR must not get a new, empty cluster made for it.
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`there is no database in DATA_DIR ${config.dataDir}: nothing to back up`);
  }
  const target = await locateDatabase(config, { joinRunning: true });
  const pool = new pg.Pool({ connectionString: target.url, max: 1 });
  pool.on('error', () => {});
  try {
    const started = Date.now();
    const { file, bytes, header, trailer } = await createBackup({
      pool,
      uploadsDir: config.uploadsDir,
      // npm runs scripts in the repository's root; a path typed by the user is from where they were.
      dir: options.dir ? path.resolve(process.env.INIT_CWD ?? '', options.dir) : config.backup.dir,
      embedded: target.embedded,
    });
    const rows = Object.values(trailer.rows).reduce((a, b) => a + b, 0);
    const last = header.migrations.at(-1);
    out(`backup written: ${file} (${formatBytes(bytes)}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    out(
      `  ${header.tables.length} tables, ${rows} rows, ${header.sequences.length} sequences; ` +
        `${trailer.files} uploaded files (${formatBytes(trailer.fileBytes)}); ` +
        `migration level ${header.migrations.length} (${last?.tag ?? 'unknown'})`,
    );
    const jobs = describeJobs(header.pgboss.jobsInFlight);
    if (jobs)
      out(
        `  pg-boss jobs are not backed up (in flight: ${jobs}); a restore's outbox sweep queues their messages again`,
      );
    if (trailer.vanished.length) {
      out(`  removed while the backup ran, so not in it: ${trailer.vanished.join(', ')}`);
    }
    return 0;
  } finally {
    await pool.end();
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
