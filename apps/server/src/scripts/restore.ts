/**
 * `npm run restore -- FILE [--force]`: bring the database (DATABASE_URL, or the embedded one in
 * DATA_DIR) and the uploads folder back to a backup's state (decision 013). Refuses a target that
 * holds rows or files unless `--force`, a backup newer than this code, and a DATA_DIR whose server
 * is running.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { locateDatabase } from '../db/open.ts';
import { readBackupHeader } from '../modules/backup/backup.archive.ts';
import { describeJobs, formatBytes } from '../modules/backup/backup.format.ts';
import { backupLevel } from '../modules/backup/backup.migrations.ts';
import { restoreBackup } from '../modules/backup/backup.restore.ts';

const USAGE = `usage: npm run restore -- FILE [--force]
  Restores FILE (a .phbackup made by npm run backup) into DATABASE_URL, or the embedded database
  in DATA_DIR, and the uploads into UPLOADS_DIR. Stop the server first.
  --force   replace a database that holds rows, or an uploads folder that holds files`;

const out = (line: string) => process.stdout.write(`${line}\n`);

function args() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      out(USAGE);
      process.exit(0);
    }
    if (positionals.length !== 1) throw new Error('name one backup file');
    // npm runs scripts in the repository's root; a path typed by the user is from where they were.
    const file = path.resolve(process.env.INIT_CWD ?? '', positionals[0] as string);
    return { file, force: values.force ?? false };
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

async function main(): Promise<number> {
  const { file, force } = args();
  // The file is checked before any database is started or touched.
  const header = await readBackupHeader(file);
  await backupLevel(header.migrations);
  const config = loadConfig();
  const target = await locateDatabase(config);
  try {
    const started = Date.now();
    const { trailer, level, latest } = await restoreBackup({
      url: target.url,
      file,
      uploadsDir: config.uploadsDir,
      force,
    });
    const rows = Object.values(trailer.rows).reduce((a, b) => a + b, 0);
    const where = target.embedded ? `the embedded database in ${config.dataDir}` : 'DATABASE_URL';
    out(
      `restored ${file} (made ${header.createdAt}) into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    out(
      `  ${header.tables.length} tables, ${rows} rows, ${header.sequences.length} sequences; ` +
        `${trailer.files} files (${formatBytes(trailer.fileBytes)}) into ${config.uploadsDir}`,
    );
    out(
      level === latest
        ? `  migration level ${level}, as this code`
        : `  migration level ${level} in the backup, then this code's ${latest - level} later migration(s)`,
    );
    const jobs = describeJobs(header.pgboss.jobsInFlight);
    if (jobs) {
      out(
        `  jobs in flight at the backup (${jobs}) were not restored: the outbox sweep queues their messages again`,
      );
    }
    return 0;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
