// A server killed in the middle of sending (kill -9 of the real process): no message is lost, and
// none goes to the provider twice. The fake Cloud API, the database and both servers are real.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { outboxEvents } from '../../db/schema/messaging.ts';
import { freePort } from '../../test/free-port.ts';
import { call, createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import { FakeWhatsApp } from '../../test/peers/fake-whatsapp.ts';
import { eventKinds, idOf, peerEnv, waitForRow } from './outbox.test-support.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean().catch(() => {});
});

/** The real server process (`node main.ts`) with workers, on the test's database. */
async function startServer(t: TestApp, fake: FakeWhatsApp, port: number, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...peerEnv(fake, null),
      NODE_ENV: 'production',
      DATABASE_URL: t.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_PASSWORD: 'crash-test-admin-1',
      JOBS_WORKERS: 'true',
      JOBS_MAINTENANCE_SECONDS: '1',
      OUTBOX_JOB_EXPIRE_SECONDS: '2',
      WHATSAPP_RECIPIENT_GAP_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const end = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/parking-hub-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > end) throw new Error(`server did not start: ${err}`);
    await sleep(200);
  }
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function scene() {
  const port = await freePort();
  const fake = await FakeWhatsApp.start({
    webhookUrl: `http://127.0.0.1:${port}/parking-hub-api/bot/v1/whatsapp/webhook`,
  });
  // This app only queues (no workers): the servers under test do the sending.
  const t = await createTestApp(peerEnv(fake, null));
  cleanups.push(
    () => fake.close(),
    () => t.close(),
  );
  const admin = await signedIn(t, 'ADMIN');
  const db = new pg.Client({ connectionString: t.url });
  await db.connect();
  cleanups.push(() => db.end());
  return { port, fake, t, admin, db };
}

it('a server killed after the provider answered and before the row was updated: the message is not sent again', async () => {
  const { port, fake, t, admin, db } = await scene();
  const server = await startServer(t, fake, port);
  let id = '';
  let answered!: () => void;
  const provided = new Promise<void>((resolve) => {
    answered = resolve;
  });
  // When the message reaches the provider, the test holds the row, so recording the answer waits.
  fake.onRequest(async (req) => {
    if (idOf(req) !== id) return;
    await db.query('begin');
    await db.query('select 1 from outbox_messages where id = $1 for update', [id]);
    answered();
  });
  const res = await call<{ id: string }>(t.app, 'POST', 'test-whatsapp', {
    token: admin.token,
    body: { to: '020 5555 0001' },
  });
  id = res.body.data?.id ?? '';
  await provided;
  // The server has the answer and waits on the row: kill it there.
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (rows[0].n > 0) break;
    await sleep(50);
  }
  await server.kill();
  // The dead server's sessions go with it: its statements waiting on the row never run.
  await db.query(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  await db.query('rollback');
  fake.onRequest(null);
  const cut = await waitForRow(t.db, id, () => true);
  expect([cut.status, cut.providerMessageId, cut.sendingSince !== null]).toEqual(['QUEUED', null, true]);

  // A new server elsewhere (the provider's callbacks still go to the dead one): the job comes back
  // when it expires, finds the attempt cut off, and waits for the provider instead of sending.
  const port2 = await freePort();
  // (The job is back about 8 s after the attempt: expiry 2 s, maintenance, retry delay 5 s, plus
  // the second server's start, which takes several seconds more on a busy machine; the wait for
  // the provider must outlast all of that, or the job would rightly send again.)
  await startServer(t, fake, port2, { OUTBOX_IN_DOUBT_SECONDS: '30' });
  for (let i = 0; i < 300 && !(await eventKinds(t.db, id)).includes('IN_DOUBT'); i++) await sleep(100);
  const [doubt] = await t.db
    .select()
    .from(outboxEvents)
    .where(and(eq(outboxEvents.messageId, id), eq(outboxEvents.kind, 'IN_DOUBT')))
    .orderBy(asc(outboxEvents.id));
  expect(doubt?.detail).toMatch(/^an attempt was cut off: waiting for the provider/);
  const waitUntil =
    (await waitForRow(t.db, id, (r) => r.nextAttemptAt !== null)).nextAttemptAt?.getTime() ?? 0;
  const wamid = fake.accepted().find((r) => idOf(r) === id)?.wamid ?? '';
  const hook = `http://127.0.0.1:${port2}/parking-hub-api/bot/v1/whatsapp/webhook`;
  const posted = await fake.postStatus(
    {
      wamid,
      status: 'sent',
      recipient: '8562055550001',
      clientRef: fake.accepted().find((r) => idOf(r) === id)?.clientRef ?? '',
      timestamp: Math.floor(Date.now() / 1000),
    },
    { url: hook },
  );
  expect(posted).toBe(200);
  // Past the in-doubt wait: the job ran again and found the message sent.
  await sleep(Math.max(0, waitUntil - Date.now()) + 3000);
  const row = await waitForRow(t.db, id, (r) => r.status === 'SENT');
  expect(fake.accepted().filter((r) => idOf(r) === id)).toHaveLength(1);
  expect(row.providerMessageId).toBe(wamid);
  const kinds = await eventKinds(t.db, id);
  expect(kinds.filter((k) => k === 'ATTEMPT')).toHaveLength(1);
  expect(kinds).toContain('CALLBACK');
}, 120_000);

it('a server killed before the provider had the message: it is sent once the in-doubt wait passes', async () => {
  const { port, fake, t, admin } = await scene();
  const server = await startServer(t, fake, port);
  let id = '';
  fake.onRequest(async (req) => {
    if (idOf(req) !== id) return;
    // The provider never takes this one: the server dies first.
    await server.kill();
    throw new Error('connection lost');
  });
  const res = await call<{ id: string }>(t.app, 'POST', 'test-whatsapp', {
    token: admin.token,
    body: { to: '020 5555 0002' },
  });
  id = res.body.data?.id ?? '';
  await fake.waitFor((reqs) => reqs.some((r) => idOf(r) === id), 20_000);
  fake.onRequest(null);

  await startServer(t, fake, port, { OUTBOX_IN_DOUBT_SECONDS: '2' });
  await waitForRow(t.db, id, (r) => r.status === 'DELIVERED', 30_000);
  expect(fake.accepted().filter((r) => idOf(r) === id)).toHaveLength(1);
  const kinds = await eventKinds(t.db, id);
  expect(kinds.filter((k) => k === 'ATTEMPT')).toHaveLength(2);
  expect(kinds).toContain('IN_DOUBT');
}, 120_000); // two server processes started, as the test above
