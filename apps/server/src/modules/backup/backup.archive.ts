import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ArchiveReader, BackupError, type BackupHeader, headerSchema, MAGIC } from './backup.format.ts';

export interface OpenedArchive {
  header: BackupHeader;
  reader: ArchiveReader;
  close(): void;
}

/** zlib's errors (not gzip, cut short, corrupt) said in the operator's terms. */
async function* decompressed(file: string, gunzip: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* gunzip;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (!code.startsWith('Z_')) throw err;
    throw new BackupError(
      `${file} is not a Parking Hub backup, or it is damaged (${(err as Error).message})`,
    );
  }
}

/** Open a backup file and read its header; the reader is then at its first record. */
export async function openArchive(file: string): Promise<OpenedArchive> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`${file}: no such backup file`);
  const input = createReadStream(file);
  const gunzip = createGunzip();
  // A read error destroys the gunzip stream with it, so the reader sees it.
  pipeline(input, gunzip).catch(() => {});
  const close = () => {
    input.destroy();
    gunzip.destroy();
  };
  try {
    const reader = new ArchiveReader(decompressed(file, gunzip));
    const notOurs = new BackupError(`${file} is not a Parking Hub backup`);
    if ((await reader.line(64).catch(() => null)) !== MAGIC) throw notOurs;
    const line = await reader.line();
    let parsed: ReturnType<typeof headerSchema.safeParse>;
    try {
      parsed = headerSchema.safeParse(JSON.parse(line ?? ''));
    } catch {
      throw notOurs;
    }
    if (!parsed.success) throw new BackupError(`${file} has a header this version cannot read`);
    return { header: parsed.data, reader, close };
  } catch (err) {
    close();
    throw err;
  }
}

/** A backup's header alone: to check a file before anything is changed. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const archive = await openArchive(file);
  archive.close();
  return archive.header;
}
