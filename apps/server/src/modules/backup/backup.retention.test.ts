import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { SCHEDULES } from '../../jobs/schedules.ts';
import { anotherInstance, createTestApp, type TestApp } from '../../test/harness.ts';
import { readBackupHeader } from './backup.archive.ts';

let t: TestApp;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ph-backup-keep-'));
  t = await createTestApp({ BACKUP_DIR: path.join(work, 'backups'), BACKUP_KEEP: '3' });
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const daily = () => {
  const schedule = SCHEDULES.find((s) => s.name === 'backup-daily');
  if (!schedule) throw new Error('no backup-daily schedule');
  return schedule;
};

describe('the daily backup', () => {
  it('writes a backup and keeps the last BACKUP_KEEP, touching no other file', async () => {
    const dir = path.join(work, 'backups');
    await mkdir(dir, { recursive: true });
    const older = [1, 2, 3, 4].map((d) => `parking-hub-2026-01-0${d}T023000Z.phbackup`);
    for (const name of older) await writeFile(path.join(dir, name), 'an older backup');
    // Left by backups that died: one over a day ago (removed), one that may still be running (kept).
    const stale = 'parking-hub-2026-01-05T023000Z.phbackup.partial';
    const running = 'parking-hub-2026-01-06T023000Z.phbackup.partial';
    for (const name of [stale, running, 'keep-me.phbackup', 'notes.txt']) {
      await writeFile(path.join(dir, name), 'x');
    }
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await utimes(path.join(dir, stale), twoDaysAgo, twoDaysAgo);

    // What pg-boss runs at 02:30, run now (no waiting for the cron).
    const { db, outbox } = t.app;
    await daily().run({ db, outbox, pool: t.database.pool, config: t.config });

    const names = (await readdir(dir)).sort();
    const made = names.filter(
      (n) => /^parking-hub-\d{4}-\d{2}-\d{2}T\d{6}Z\.phbackup$/.test(n) && !older.includes(n),
    );
    expect(made).toHaveLength(1);
    expect(names).toEqual(
      [older[2], older[3], made[0], running, 'keep-me.phbackup', 'notes.txt'].sort() as string[],
    );
    const header = await readBackupHeader(path.join(dir, made[0] ?? ''));
    expect(header.tables).toContain('bills');
    expect(header.source.embedded).toBe(!t.config.databaseUrl);
  });

  it('is scheduled at BACKUP_CRON in the platform time zone, and not at all when it is off', async () => {
    const scheduled = async () => {
      const { rows } = await t.db.execute<{ cron: string; timezone: string }>(
        sql`select cron, timezone from pgboss.schedule where name = 'backup-daily'`,
      );
      return rows;
    };
    const custom = await anotherInstance(t, { JOBS_WORKERS: 'true', BACKUP_CRON: '15 4 * * *' });
    await custom.close();
    expect(await scheduled()).toEqual([{ cron: '15 4 * * *', timezone: 'Asia/Vientiane' }]);
    const off = await anotherInstance(t, { JOBS_WORKERS: 'true', BACKUP_CRON: 'off' });
    await off.close();
    expect(await scheduled()).toEqual([]);
  });

  it('refuses settings that make no sense, saying which', () => {
    expect(() => loadConfig({ BACKUP_CRON: 'daily' })).toThrow(/BACKUP_CRON: five cron fields/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    const config = loadConfig({ DATA_DIR: '/srv/ph' });
    expect(config.backup).toEqual({ dir: '/srv/ph/backups', keep: 14, cron: '30 2 * * *' });
  });
});
