import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { type AppliedMigration, BackupError } from './backup.format.ts';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
}

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** The migrations a database has, named by this code's journal (null: a migration it does not know). */
export async function describeMigrations(
  applied: Array<{ hash: string; createdAt: number }>,
): Promise<AppliedMigration[]> {
  const tags = new Map((await readJournal()).entries.map((e) => [e.when, e.tag]));
  return applied.map((m) => ({ ...m, tag: tags.get(m.createdAt) ?? null }));
}

/**
 * How many of this code's migrations the backup's database had; refuses a backup from a newer
 * version (a migration this code does not know) or from another history.
 */
export async function backupLevel(backup: AppliedMigration[]): Promise<{ level: number; latest: number }> {
  const entries = (await readJournal()).entries;
  if (backup.length > entries.length) {
    throw new BackupError(
      `this backup was made by a newer Parking Hub: its database has ${backup.length} migrations ` +
        `(the last: ${backup.at(-1)?.tag ?? 'unknown'}) and this code knows ${entries.length}. ` +
        'Update Parking Hub, then restore.',
    );
  }
  for (const [i, m] of backup.entries()) {
    const ours = entries[i];
    if (ours?.when !== m.createdAt) {
      throw new BackupError(
        `this backup's migration ${i + 1} (${m.tag ?? m.createdAt}) is not this code's (${ours?.tag}): ` +
          'it comes from another version of Parking Hub.',
      );
    }
  }
  return { level: backup.length, latest: entries.length };
}

/**
 * Apply this code's first `level` migrations: the schema the backup's rows were written in. Drizzle
 * applies a folder's migrations, so it gets a folder holding only those.
 */
export async function migrateToLevel(client: pg.ClientBase, level: number): Promise<void> {
  const journal = await readJournal();
  const dir = await mkdtemp(path.join(tmpdir(), 'ph-restore-migrations-'));
  try {
    const entries = journal.entries.slice(0, level);
    await mkdir(path.join(dir, 'meta'));
    await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) {
      await copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    }
    await migrate(drizzle({ client: client as pg.Client }), { migrationsFolder: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
