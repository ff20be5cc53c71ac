import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anotherInstance, createTestApp, type TestApp } from '../../test/harness.ts';
import { FakeWhatsApp } from '../../test/peers/fake-whatsapp.ts';
import { idOf, peerEnv } from './outbox.test-support.ts';

const MESSAGES = 1000;
const fast = {
  JOBS_WORKERS: 'true',
  // 300/s: a batch (a second's worth) is under a third of the messages, so every worker gets some.
  WHATSAPP_RATE_PER_SECOND: '300',
  WHATSAPP_RECIPIENT_GAP_SECONDS: '0',
};

let a: TestApp;
let b: TestApp;
let fakeA: FakeWhatsApp;
let fakeB: FakeWhatsApp;
beforeAll(async () => {
  // Each instance talks to its own fake, so the test can tell who sent what.
  fakeA = await FakeWhatsApp.start({ webhookUrl: null });
  fakeB = await FakeWhatsApp.start({ webhookUrl: null });
  a = await createTestApp({ ...peerEnv(fakeA, null), ...fast });
  b = await anotherInstance(a, { ...peerEnv(fakeB, null), ...fast });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await fakeA.close();
  await fakeB.close();
});

it('two server instances on one database share 1,000 queued messages, none sent twice, none lost', async () => {
  const ids = await a.db.transaction(async (tx) => {
    const out: string[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const queued = await a.app.outbox.enqueue(tx, {
        channel: 'WHATSAPP',
        recipient: `+85620${String(50_000_000 + i)}`,
        kind: 'test',
        language: 'lo',
        cause: 'test',
      });
      out.push(queued.id);
    }
    return out;
  });
  a.app.outbox.nudge();
  b.app.outbox.nudge();
  const sentBy = () => [...fakeA.accepted(), ...fakeB.accepted()];
  const end = Date.now() + 60_000;
  while (sentBy().length < MESSAGES && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  // A little longer: a duplicate would show up now.
  await new Promise((r) => setTimeout(r, 1500));

  const refs = sentBy().map(idOf);
  expect(refs).toHaveLength(MESSAGES);
  expect(new Set(refs)).toEqual(new Set(ids));
  expect(fakeA.accepted().length).toBeGreaterThan(0);
  expect(fakeB.accepted().length).toBeGreaterThan(0);
  const { rows } = await a.db.execute<{ status: string; attempts: number; n: number }>(
    sql`select status, attempts, count(*)::int as n from outbox_messages group by status, attempts`,
  );
  expect(rows).toEqual([{ status: 'SENT', attempts: 1, n: MESSAGES }]);
});
