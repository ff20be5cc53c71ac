import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../../config.ts';
import { type BackupSummary, createBackup } from './backup.create.ts';
import { BACKUP_NAME } from './backup.format.ts';

const PARTIAL = /^parking-hub-.*\.phbackup\.partial$/;
const DAY_MS = 86_400_000;

/**
 * Keep the newest `keep` backups in `dir` (by the time in their names, so a copied file's date
 * does not matter) and remove the rest; also the `.partial` files of backups that died over a
 * day ago. Other files are never touched.
 */
export async function pruneBackups(dir: string, keep: number, now = Date.now()): Promise<string[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const backups = names.filter((n) => BACKUP_NAME.test(n)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of names.filter((n) => PARTIAL.test(n))) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && now - info.mtimeMs > DAY_MS) removed.push(name);
  }
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}

/** The scheduled daily backup (jobs/schedules.ts): a backup into BACKUP_DIR, then the retention. */
export async function dailyBackup(
  pool: pg.Pool,
  config: Config,
): Promise<BackupSummary & { removed: string[] }> {
  const summary = await createBackup({
    pool,
    uploadsDir: config.uploadsDir,
    dir: config.backup.dir,
    embedded: !config.databaseUrl,
  });
  return { ...summary, removed: await pruneBackups(config.backup.dir, config.backup.keep) };
}
