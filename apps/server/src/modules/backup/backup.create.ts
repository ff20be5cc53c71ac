import { createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  BackupError,
  type BackupHeader,
  type BackupTrailer,
  backupFileName,
  END_OF_COPY,
  MAGIC,
  record,
} from './backup.format.ts';
import { describeMigrations } from './backup.migrations.ts';
import {
  appliedMigrations,
  appTables,
  copyColumns,
  pgbossState,
  qualified,
  sequenceValues,
  serverVersion,
  useStableFormats,
} from './backup.repository.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

export interface BackupOptions {
  pool: pg.Pool;
  uploadsDir: string;
  /** The folder the backup file goes to (made when missing). */
  dir: string;
  embedded: boolean;
  now?: Date;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  header: BackupHeader;
  trailer: BackupTrailer;
}

/**
 * Write one backup file while the app runs (decision 013): every app table from one snapshot
 * (a REPEATABLE READ, READ ONLY transaction), streamed through COPY into gzip, and the uploaded
 * files. The file appears under its final name only once complete and on disk.
 */
export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dir, backupFileName(options.now ?? new Date()));
  if (await exists(file)) throw new BackupError(`${file} already exists`);
  const partial = `${file}.partial`;
  const client = await options.pool.connect();
  let clean = false;
  try {
    await client.query('begin isolation level repeatable read, read only');
    await useStableFormats(client);
    const header = await readHeader(client, options.embedded);
    const trailer: BackupTrailer = { rows: {}, files: 0, fileBytes: 0, vanished: [] };
    await pipeline(
      Readable.from(archive(client, header, options, trailer), { objectMode: false }),
      createGzip(),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await client.query('commit');
    clean = true;
    const handle = await open(partial, 'r+');
    await handle.sync().finally(() => handle.close());
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, header, trailer };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    // A connection left in the middle of a COPY is not given back to the pool.
    client.release(clean ? undefined : true);
  }
}

/** The first query takes the snapshot every table is then read from. */
async function readHeader(client: pg.PoolClient, embedded: boolean): Promise<BackupHeader> {
  const applied = await appliedMigrations(client);
  if (applied.length === 0) {
    throw new BackupError(
      'nothing to back up: this database has no Parking Hub schema (no migration applied)',
    );
  }
  return {
    createdAt: new Date().toISOString(),
    source: { embedded, serverVersion: await serverVersion(client) },
    migrations: await describeMigrations(applied),
    pgboss: await pgbossState(client),
    tables: await appTables(client),
    sequences: await sequenceValues(client),
  };
}

/**
 * The archive's bytes. Uploads come first, read right after the snapshot was taken: a logo
 * replaced meanwhile has its old file removed, so the sooner they are read, the smaller that window.
 */
async function* archive(
  client: pg.PoolClient,
  header: BackupHeader,
  options: BackupOptions,
  trailer: BackupTrailer,
): AsyncGenerator<Buffer> {
  yield Buffer.from(`${MAGIC}\n${JSON.stringify(header)}\n`);
  for (const rel of await uploadedFiles(options.uploadsDir, options.dir)) {
    yield* uploadedFile(options.uploadsDir, rel, trailer);
  }
  for (const table of header.tables) {
    const columns = await copyColumns(client, table);
    yield record('TABLE', { name: table, columns });
    const list = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
    const rows = client.query(copyTo(`copy ${qualified(table)} (${list}) to stdout`));
    for await (const chunk of rows) yield chunk as Buffer;
    trailer.rows[table] = rows.rowCount;
    yield END_OF_COPY;
  }
  yield record('END', trailer);
}

const NEWLINE = Buffer.from('\n');

async function* uploadedFile(root: string, rel: string, trailer: BackupTrailer): AsyncGenerator<Buffer> {
  const full = path.join(root, ...rel.split('/'));
  const handle = await open(full, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) {
    trailer.vanished.push(rel);
    return;
  }
  try {
    const { size } = await handle.stat();
    yield record('FILE', { path: rel, size });
    let read = 0;
    if (size > 0) {
      for await (const chunk of handle.createReadStream({ start: 0, end: size - 1, autoClose: false })) {
        read += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    if (read !== size) throw new BackupError(`${full} shrank while it was being backed up`);
    yield NEWLINE;
    trailer.files++;
    trailer.fileBytes += size;
  } finally {
    await handle.close();
  }
}

/**
 * Every regular file under the uploads folder, as sorted `a/b.png` paths. Dot names are never
 * uploads (the server does not serve them): a restore's staging folder, say. The backup folder
 * is skipped should it lie inside.
 */
async function uploadedFiles(root: string, skip: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    if (path.resolve(dir) === path.resolve(skip)) return;
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.')) continue;
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), rel);
      else if (entry.isFile()) found.push(rel);
    }
  };
  await walk(root, '');
  return found;
}
