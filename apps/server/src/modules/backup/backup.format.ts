import { z } from 'zod';

/**
 * The backup file (decision 013): one gzip stream of records. A text line opens each record; a
 * file's bytes and a table's COPY rows follow their line.
 *
 *   PARKING-HUB-BACKUP 1
 *   {header}                            what was backed up: migrations, tables, sequences, pg-boss
 *   FILE {"path":"logos/a.png","size":n}  n raw bytes, then "\n"        (one per uploaded file)
 *   TABLE {"name":"bills","columns":[…]}  COPY text rows, then "\.\n"   (one per table)
 *   END {trailer}                       row and file counts, checked by the restore
 */
export const MAGIC = 'PARKING-HUB-BACKUP 1';
export const BACKUP_EXTENSION = '.phbackup';

/** A backup that cannot be made or restored for a reason the operator can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const migration = z.object({ hash: z.string(), createdAt: z.number().int(), tag: z.string().nullable() });
export type AppliedMigration = z.infer<typeof migration>;

export const headerSchema = z.object({
  createdAt: z.string(),
  source: z.object({ embedded: z.boolean(), serverVersion: z.string() }),
  /** The database's migration level: every applied migration, oldest first. */
  migrations: z.array(migration).min(1),
  /** The job runner's schema, which is not backed up (decision 013): its version and the jobs left out. */
  pgboss: z.object({ version: z.number().int().nullable(), jobsInFlight: z.record(z.string(), z.number()) }),
  tables: z.array(z.string().min(1)),
  sequences: z.array(z.object({ name: z.string().min(1), lastValue: z.string(), isCalled: z.boolean() })),
});
export type BackupHeader = z.infer<typeof headerSchema>;

export const fileRecordSchema = z.object({ path: z.string().min(1), size: z.number().int().min(0) });
export const tableRecordSchema = z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)) });

export const trailerSchema = z.object({
  rows: z.record(z.string(), z.number().int()),
  files: z.number().int(),
  fileBytes: z.number().int(),
  /** Files removed between the snapshot and their copy (a logo replaced during the backup). */
  vanished: z.array(z.string()),
});
export type BackupTrailer = z.infer<typeof trailerSchema>;

/** `parking-hub-2026-11-24T201530Z.phbackup`: UTC, so names sort in time order. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replaceAll(':', '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `parking-hub-${stamp}${BACKUP_EXTENSION}`;
}

export const BACKUP_NAME = /^parking-hub-\d{4}-\d{2}-\d{2}T\d{6}Z\.phbackup$/;

/** A relative path inside the uploads folder, safe to join to it (no `..`, no absolute path). */
export function isSafeUploadPath(rel: string): boolean {
  return rel.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !/[\\\0]/.test(part));
}

export const record = (kind: 'FILE' | 'TABLE' | 'END', body: unknown) =>
  Buffer.from(`${kind} ${JSON.stringify(body)}\n`);

/** The line that ends a table's rows (as in COPY's own text format). */
export const END_OF_COPY = Buffer.from('\\.\n');
const NEWLINE_END_OF_COPY = Buffer.from('\n\\.\n');

const damaged = (why: string) => new BackupError(`the backup file is damaged: ${why}`);

/**
 * Reads an archive's records from its decompressed bytes, never holding more than one chunk and a
 * partial line: files and tables come out as chunks to stream on.
 */
export class ArchiveReader {
  private buf: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    return true;
  }

  /** The next line without its newline; null at the end of the archive. */
  async line(maxBytes = 4 << 20): Promise<string | null> {
    let from = 0;
    for (;;) {
      const nl = this.buf.indexOf(10, from);
      if (nl >= 0) {
        const text = this.buf.toString('utf8', 0, nl);
        this.buf = this.buf.subarray(nl + 1);
        return text;
      }
      if (this.buf.length > maxBytes) throw damaged('a record line is too long');
      from = this.buf.length;
      if (!(await this.more())) {
        if (this.buf.length) throw damaged('it ends in the middle of a record');
        return null;
      }
    }
  }

  /** The next record: its kind and its parsed JSON; null at the end of the archive. */
  async record(): Promise<{ kind: string; body: unknown } | null> {
    const line = await this.line();
    if (line === null) return null;
    const space = line.indexOf(' ');
    const kind = space > 0 ? line.slice(0, space) : line;
    try {
      return { kind, body: JSON.parse(line.slice(space + 1)) };
    } catch {
      throw damaged(`unreadable ${kind} record`);
    }
  }

  /** Exactly `size` bytes, as chunks, then the newline that closes a FILE record. */
  async *bytes(size: number): AsyncGenerator<Buffer> {
    let left = size;
    while (left > 0) {
      if (this.buf.length === 0 && !(await this.more())) throw damaged('it ends inside a file');
      const take = Math.min(left, this.buf.length);
      yield this.buf.subarray(0, take);
      this.buf = this.buf.subarray(take);
      left -= take;
    }
    if (this.buf.length === 0) await this.more();
    if (this.buf[0] !== 10) throw damaged('a file is longer than its record says');
    this.buf = this.buf.subarray(1);
  }

  /**
   * A table's COPY rows, up to its end marker `\.` on a line of its own. COPY's text format writes
   * a backslash as `\\`, so no row is that line.
   */
  async *copyRows(): AsyncGenerator<Buffer> {
    // Invariant: this.buf starts at the beginning of a line.
    for (;;) {
      if (this.buf.subarray(0, END_OF_COPY.length).equals(END_OF_COPY)) {
        this.buf = this.buf.subarray(END_OF_COPY.length);
        return;
      }
      const end = this.buf.indexOf(NEWLINE_END_OF_COPY);
      if (end >= 0) {
        yield this.buf.subarray(0, end + 1);
        this.buf = this.buf.subarray(end + NEWLINE_END_OF_COPY.length);
        return;
      }
      const lastNewline = this.buf.lastIndexOf(10);
      if (lastNewline >= 0) {
        yield this.buf.subarray(0, lastNewline + 1);
        this.buf = this.buf.subarray(lastNewline + 1);
      }
      if (!(await this.more())) throw damaged('it ends inside a table');
    }
  }
}

/** `1.4 MB`, for the commands' summaries. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** `outbox-email 2, outbox-whatsapp 1` (empty when no job was in flight). */
export function describeJobs(jobs: Record<string, number>): string {
  return Object.entries(jobs)
    .map(([queue, n]) => `${queue} ${n}`)
    .join(', ');
}
