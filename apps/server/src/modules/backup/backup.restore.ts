import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { runMigrations } from '../../db/migrate.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import { type OpenedArchive, openArchive } from './backup.archive.ts';
import {
  BackupError,
  type BackupHeader,
  type BackupTrailer,
  fileRecordSchema,
  isSafeUploadPath,
  tableRecordSchema,
  trailerSchema,
} from './backup.format.ts';
import { backupLevel, migrateToLevel } from './backup.migrations.ts';
import {
  appTables,
  dropAppSchemas,
  foreignKeys,
  otherSessions,
  plainIndexes,
  qualified,
  setSequence,
  setUserTriggers,
  tablesWithRows,
  useStableFormats,
} from './backup.repository.ts';

export interface RestoreOptions {
  /** The target database (it must exist; the embedded one is made by the caller). */
  url: string;
  file: string;
  uploadsDir: string;
  /** Replace a target that holds rows or files. */
  force: boolean;
}

export interface RestoreSummary {
  header: BackupHeader;
  trailer: BackupTrailer;
  /** The backup's migration level, and this code's (the restore migrates from one to the other). */
  level: number;
  latest: number;
}

/** Uploads are written here first, inside the uploads folder (same disk), and moved in at the end. */
const STAGING = '.restore-staging';

/**
 * Bring a database and an uploads folder back to a backup's state (decision 013): the schema
 * of the backup's migration level, the rows as they were (no trigger fires: the audit chain and
 * the report rollup are copied, not recomputed), the sequences, the files; then this code's later
 * migrations and pg-boss's schema.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const archive = await openArchive(options.file);
  const staging = path.join(options.uploadsDir, STAGING);
  try {
    const { level, latest } = await backupLevel(archive.header.migrations);
    const client = new pg.Client({ connectionString: options.url });
    // A lost connection fails the statement under way; the idle client's own event is not fatal.
    client.on('error', () => {});
    await client.connect();
    let trailer: BackupTrailer;
    try {
      await checkTarget(client, options);
      // A Parking Hub starting meanwhile waits for its migrations until the rows are in.
      await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
      await dropAppSchemas(client);
      await migrateToLevel(client, level);
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { recursive: true });
      trailer = await load(client, archive, staging);
      await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
    } finally {
      await client.end();
    }
    await runMigrations(options.url);
    await moveIn(staging, options.uploadsDir);
    await analyze(options.url);
    return { header: archive.header, trailer, level, latest };
  } finally {
    archive.close();
    await rm(staging, { recursive: true, force: true });
  }
}

async function checkTarget(client: pg.Client, options: RestoreOptions): Promise<void> {
  const others = await otherSessions(client);
  if (others > 0) {
    throw new BackupError(
      `${others} other connection(s) use the target database: stop every Parking Hub (and any other client) on it first`,
    );
  }
  const filled = await tablesWithRows(client);
  const files = (await readdir(options.uploadsDir).catch(() => [])).filter((n) => n !== STAGING);
  if ((filled.length === 0 && files.length === 0) || options.force) return;
  const what = [
    filled.length ? `its database has rows (${filled.join(', ')})` : '',
    files.length ? `its uploads folder ${options.uploadsDir} is not empty` : '',
  ].filter(Boolean);
  throw new BackupError(
    `the target is not empty: ${what.join(' and ')}. Nothing was changed. ` +
      'A restore replaces everything there: run it again with --force to do so.',
  );
}

/** The records into the migrated schema, in one transaction. */
async function load(client: pg.Client, archive: OpenedArchive, staging: string): Promise<BackupTrailer> {
  await client.query('begin');
  try {
    await useStableFormats(client);
    const tables = await appTables(client);
    const unknown = archive.header.tables.filter((t) => !tables.includes(t));
    if (unknown.length) {
      throw new BackupError(`the backup has tables its migration level does not make: ${unknown.join(', ')}`);
    }
    // No trigger may fire (an audit row refused, a rollup counted twice, a shop's price rules made
    // again); constraints and indexes are checked and built once, after the rows are in.
    await setUserTriggers(client, tables, false);
    const fks = await foreignKeys(client);
    for (const fk of fks) {
      await client.query(
        `alter table ${qualified(fk.table)} drop constraint ${pg.escapeIdentifier(fk.name)}`,
      );
    }
    const indexes = await plainIndexes(client);
    for (const index of indexes) await client.query(`drop index ${qualified(index.name)}`);

    // Rows a migration made (the fee list of 0010) are in the backup too: the backup's rows only.
    if (archive.header.tables.length)
      await client.query(`truncate ${archive.header.tables.map((t) => qualified(t)).join(', ')}`);
    const { trailer, loaded } = await readRecords(client, archive, staging);
    checkCounts(archive.header, trailer, loaded);

    for (const s of archive.header.sequences) await setSequence(client, s.name, s.lastValue, s.isCalled);
    for (const index of indexes) await client.query(index.definition);
    for (const fk of fks) {
      await client.query(
        `alter table ${qualified(fk.table)} add constraint ${pg.escapeIdentifier(fk.name)} ${fk.definition}`,
      );
    }
    await setUserTriggers(client, tables, true);
    await client.query('commit');
    return trailer;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

const damaged = (why: string) => new BackupError(`the backup file is damaged: ${why}`);

async function readRecords(client: pg.Client, archive: OpenedArchive, staging: string) {
  const loaded = { rows: {} as Record<string, number>, files: 0 };
  for (;;) {
    const next = await archive.reader.record();
    if (!next) throw damaged('it has no END record (it was cut short)');
    if (next.kind === 'FILE') {
      const file = fileRecordSchema.safeParse(next.body);
      if (!file.success || !isSafeUploadPath(file.data.path)) throw damaged('a FILE record is invalid');
      const target = path.join(staging, ...file.data.path.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(
        Readable.from(archive.reader.bytes(file.data.size), { objectMode: false }),
        createWriteStream(target, { flags: 'wx' }),
      );
      loaded.files++;
    } else if (next.kind === 'TABLE') {
      const table = tableRecordSchema.safeParse(next.body);
      if (
        !table.success ||
        !archive.header.tables.includes(table.data.name) ||
        table.data.name in loaded.rows
      ) {
        throw damaged('a TABLE record is invalid');
      }
      loaded.rows[table.data.name] = await copyIn(client, archive, table.data.name, table.data.columns);
    } else if (next.kind === 'END') {
      const trailer = trailerSchema.safeParse(next.body);
      if (!trailer.success) throw damaged('its END record is invalid');
      if ((await archive.reader.line()) !== null) throw damaged('there is data after its END record');
      return { trailer: trailer.data, loaded };
    } else {
      throw damaged(`unknown record ${next.kind}`);
    }
  }
}

async function copyIn(client: pg.Client, archive: OpenedArchive, table: string, columns: string[]) {
  const list = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
  const sink = client.query(copyFrom(`copy ${qualified(table)} (${list}) from stdin`));
  try {
    await pipeline(Readable.from(archive.reader.copyRows(), { objectMode: false }), sink);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`loading table ${table} failed: ${(err as Error).message}`);
  }
  return sink.rowCount;
}

function checkCounts(
  header: BackupHeader,
  trailer: BackupTrailer,
  loaded: { rows: Record<string, number>; files: number },
) {
  for (const table of header.tables) {
    if (loaded.rows[table] !== trailer.rows[table]) {
      throw damaged(
        `table ${table} has ${loaded.rows[table] ?? 0} rows where ${trailer.rows[table]} were written`,
      );
    }
  }
  if (loaded.files !== trailer.files)
    throw damaged(`${loaded.files} files where ${trailer.files} were written`);
}

/** The restored files replace the folder's contents (the folder itself stays: it may be a mount). */
async function moveIn(staging: string, uploadsDir: string): Promise<void> {
  for (const name of await readdir(uploadsDir)) {
    if (name !== STAGING) await rm(path.join(uploadsDir, name), { recursive: true, force: true });
  }
  for (const name of await readdir(staging))
    await rename(path.join(staging, name), path.join(uploadsDir, name));
}

/** Fresh planner statistics: the restored tables are new to PostgreSQL. */
async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
