import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anotherInstance, createTestApp, type TestApp } from '../test/harness.ts';
import { SCHEDULES } from './schedules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A schedule some earlier version declared and this one no longer does.
  await t.app.jobs.boss.createQueue('retired-job');
  await t.app.jobs.boss.schedule('retired-job', '0 1 * * *', {}, { tz: 'UTC' });
});
afterAll(() => t.close());

it('declares every schedule once, in the platform time zone, and drops retired ones', async () => {
  const workers = await anotherInstance(t, { JOBS_WORKERS: 'true', PLATFORM_TIMEZONE: 'Asia/Vientiane' });
  try {
    const { rows } = await t.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(rows).toEqual(
      SCHEDULES.map((s) => ({ name: s.name, cron: s.cron, timezone: 'Asia/Vientiane' })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    );
  } finally {
    await workers.close();
  }
});

it('runs a scheduled job on whichever instance fetches it (the number-turn clean-up)', async () => {
  await t.db.execute(sql`
    insert into outbox_pace (key, next_at) values
      ('to:+8562055550001', now() - interval '2 days'),
      ('to:+8562055550002', now()),
      ('channel:WHATSAPP', now() - interval '2 days')`);
  const workers = await anotherInstance(t, { JOBS_WORKERS: 'true' });
  try {
    await t.db.transaction((tx) => t.app.jobs.send(tx, 'outbox-prune-turns', {}));
    let keys: string[] = [];
    for (let i = 0; i < 150; i++) {
      const { rows } = await t.db.execute<{ key: string }>(sql`select key from outbox_pace order by key`);
      keys = rows.map((r) => r.key);
      if (!keys.includes('to:+8562055550001')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(keys).toEqual(['channel:WHATSAPP', 'to:+8562055550002']);
  } finally {
    await workers.close();
  }
});
