import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { call, createTestApp } from '../../test/harness.ts';
import {
  eventKinds,
  type MessagingScene,
  messageRow,
  messagingScene,
  waitForRow,
} from './outbox.test-support.ts';

const HOOK = '/parking-hub-api/bot/v1/whatsapp/webhook';

describe('the WhatsApp webhook', () => {
  let s: MessagingScene;
  // No automatic callbacks: each test posts its own.
  beforeAll(async () => {
    s = await messagingScene({}, { statuses: [] });
  });
  afterAll(() => s.close());

  /** A test message that the fake has accepted: its outbox id and the wamid the fake gave it. */
  async function sentMessage() {
    const res = await call<{ id: string }>(s.t.app, 'POST', 'test-whatsapp', {
      token: s.admin,
      body: { to: '020 5555 6789' },
    });
    const id = res.body.data?.id ?? '';
    const row = await waitForRow(s.t.db, id, (r) => r.status === 'SENT');
    return { id, wamid: row.providerMessageId ?? '' };
  }
  const status = (
    wamid: string,
    kind: 'sent' | 'delivered' | 'read' | 'failed',
    timestamp: number,
    extra = {},
  ) => s.fake.postStatus({ wamid, status: kind, recipient: '8562055556789', timestamp, ...extra });

  it('answers the subscription check with the challenge only for the verify token', async () => {
    const ok = await s.t.app.inject({
      method: 'GET',
      url: `${HOOK}?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await s.t.app.inject({
      method: 'GET',
      url: `${HOOK}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ status: 'error', message: 'ໂທເຄັນຢືນຢັນບໍ່ຖືກຕ້ອງ' });
  });

  it('takes a callback only with a valid signature over the bytes received; otherwise nothing changes', async () => {
    const { id, wamid } = await sentMessage();
    const now = Math.floor(Date.now() / 1000);
    expect(await status(wamid, 'delivered', now)).toBe(200);
    expect((await messageRow(s.t.db, id)).status).toBe('DELIVERED');

    const { id: other, wamid: otherWamid } = await sentMessage();
    const unsigned = await s.fake.postStatus(
      { wamid: otherWamid, status: 'read', recipient: '1', timestamp: now },
      { signature: null },
    );
    const wrong = await s.fake.postStatus(
      { wamid: otherWamid, status: 'read', recipient: '1', timestamp: now },
      { signature: `sha256=${'0'.repeat(64)}` },
    );
    const otherBody = await s.fake.postStatus(
      { wamid: otherWamid, status: 'read', recipient: '1', timestamp: now },
      { signature: s.fake.sign('{}') },
    );
    expect([unsigned, wrong, otherBody]).toEqual([401, 401, 401]);
    expect((await messageRow(s.t.db, other)).status).toBe('SENT');
  });

  it('moves a status only forward, keeps each first time, and a repeated callback writes nothing', async () => {
    const { id, wamid } = await sentMessage();
    const t0 = Math.floor(Date.now() / 1000);
    expect(await status(wamid, 'read', t0 + 20)).toBe(200);
    let row = await messageRow(s.t.db, id);
    expect([row.status, row.readAt?.getTime(), row.deliveredAt]).toEqual(['READ', (t0 + 20) * 1000, null]);

    expect(await status(wamid, 'delivered', t0 + 10)).toBe(200);
    row = await messageRow(s.t.db, id);
    expect([row.status, row.deliveredAt?.getTime()]).toEqual(['READ', (t0 + 10) * 1000]);

    const events = (await eventKinds(s.t.db, id)).length;
    const updatedAt = row.updatedAt.getTime();
    for (const kind of ['read', 'delivered', 'sent'] as const)
      expect(await status(wamid, kind, t0 + 30)).toBe(200);
    expect(
      await status(wamid, 'failed', t0 + 40, { errors: [{ code: 131026, title: 'Message undeliverable' }] }),
    ).toBe(200);
    row = await messageRow(s.t.db, id);
    expect([row.status, row.readAt?.getTime(), row.failedAt, row.updatedAt.getTime()]).toEqual([
      'READ',
      (t0 + 20) * 1000,
      null,
      updatedAt,
    ]);
    expect(await eventKinds(s.t.db, id)).toHaveLength(events);
  });

  it('marks a sent message FAILED when the provider reports it could not deliver', async () => {
    const { id, wamid } = await sentMessage();
    await status(wamid, 'failed', Math.floor(Date.now() / 1000), {
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    });
    const row = await messageRow(s.t.db, id);
    expect(row.status).toBe('FAILED');
    expect(row.lastError).toBe('131026 Message undeliverable');
  });

  it('settles an attempt cut off before its answer was recorded, by the outbox id the callback echoes', async () => {
    const { id } = await sentMessage();
    // As after a crash: the provider has the message, the row does not know its id.
    const since = new Date(Date.now() - 5000);
    await s.t.db
      .update(outboxMessages)
      .set({ status: 'QUEUED', providerMessageId: null, sendingSince: since, sentAt: null })
      .where(eq(outboxMessages.id, id));
    const report = (wamid: string, attempt: number) =>
      s.fake.postStatus({
        wamid,
        status: 'sent',
        recipient: '1',
        clientRef: `${id}:${attempt}`,
        timestamp: Math.floor(Date.now() / 1000),
      });
    // A report of another attempt (an older one) says nothing of this one.
    expect(await report('wamid.OLDER', since.getTime() - 60_000)).toBe(200);
    expect((await messageRow(s.t.db, id)).status).toBe('QUEUED');
    expect(await report('wamid.CUTOFF1', since.getTime())).toBe(200);
    const row = await messageRow(s.t.db, id);
    expect([row.status, row.providerMessageId, row.sendingSince]).toEqual(['SENT', 'wamid.CUTOFF1', null]);
  });

  it('an incoming message opens the 24-hour window for free text to that number', async () => {
    expect(await s.fake.postInbound('8562055557777', 'ສະບາຍດີ')).toBe(200);
    const { rows } = await s.t.db.execute<{ wa_id: string }>(sql`select wa_id from whatsapp_contacts`);
    expect(rows.map((r) => r.wa_id)).toContain('8562055557777');
  });
});

it('refuses every callback when no app secret is set (nothing can be verified)', async () => {
  const t = await createTestApp();
  const res = await t.app.inject({
    method: 'POST',
    url: HOOK,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
    payload: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
  });
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe('ລາຍເຊັນຂອງຂໍ້ມູນບໍ່ຖືກຕ້ອງ');
  await t.close();
});
