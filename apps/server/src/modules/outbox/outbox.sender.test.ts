import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, expectError, insertShop } from '../../test/harness.ts';
import {
  eventKinds,
  idOf,
  type MessagingScene,
  messageRow,
  messagingScene,
  waitForRow,
} from './outbox.test-support.ts';
import { reserveChannelSlots } from './pace.ts';
import { sweepOutbox } from './sweep.ts';

interface Row {
  id: string;
  status: string;
}

describe('the outbox sender (real HTTP to a fake Cloud API, real SMTP to a sink)', () => {
  let s: MessagingScene;
  beforeAll(async () => {
    s = await messagingScene({ OUTBOX_MAX_ATTEMPTS: '3' });
  });
  afterAll(() => s.close());
  beforeEach(() => {
    s.fake.reset();
    s.fake.setWebhook(`${s.base}/parking-hub-api/bot/v1/whatsapp/webhook`);
    s.sink.reset();
  });

  const test = async (to = '020 5555 1234', text?: string) => {
    const res = await call<Row>(s.t.app, 'POST', 'test-whatsapp', {
      token: s.admin,
      body: { to, ...(text ? { text } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return res.body.data as Row;
  };

  it('hands a message to the Cloud API with the bearer token, its template and its outbox id, then follows the callbacks to DELIVERED', async () => {
    const row = await test();
    expect(row.status).toBe('QUEUED');
    const done = await waitForRow(s.t.db, row.id, (r) => r.status === 'DELIVERED');
    const [sent] = s.fake.accepted();
    expect(sent).toMatchObject({
      to: '8562055551234',
      type: 'template',
      authorization: `Bearer ${s.fake.token}`,
      clientRef: expect.stringMatching(new RegExp(`^${row.id}:\\d+$`)),
    });
    expect(sent?.body.template).toEqual({ name: 'hello_world', language: { code: 'en_US' }, components: [] });
    expect(done.providerMessageId).toBe(sent?.wamid);
    expect(done.attempts).toBe(1);
    expect(done.sentAt).not.toBeNull();
    expect(done.deliveredAt).not.toBeNull();
    // The callbacks may come before the answer is recorded or after it (a repeated one changes nothing).
    await waitForRow(s.t.db, row.id, (r) => r.sendingSince === null && r.secret === null);
    const kinds = await eventKinds(s.t.db, row.id);
    expect(kinds.slice(0, 2)).toEqual(['QUEUED', 'ATTEMPT']);
    expect(kinds.filter((k) => k === 'SENT')).toHaveLength(1);
    expect(kinds).toContain('CALLBACK');
  });

  it('retries a server error with a growing wait, then succeeds; the attempts are counted', async () => {
    s.fake.failNext(2, { kind: 'server-error' });
    const row = await test();
    const done = await waitForRow(s.t.db, row.id, (r) => r.status === 'SENT' || r.status === 'DELIVERED');
    expect(done.attempts).toBe(3);
    expect(done.lastError).toBeNull();
    const kinds = await eventKinds(s.t.db, row.id);
    expect(kinds.filter((k) => k === 'ERROR')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'RETRY')).toHaveLength(2);
    const times = s.fake.requests.filter((r) => idOf(r) === row.id).map((r) => r.at);
    expect(times).toHaveLength(3);
    // Base 1 s, doubling, ±10 %: at least 0.9 s, then at least 1.8 s.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(850);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(1750);
  });

  it('gives up after OUTBOX_MAX_ATTEMPTS transient failures and keeps the last error', async () => {
    s.fake.failNext(10, { kind: 'server-error' });
    const row = await test();
    const done = await waitForRow(s.t.db, row.id, (r) => r.status === 'FAILED');
    expect(done.attempts).toBe(3);
    expect(done.lastError).toMatch(/HTTP 500 \(131000\).*after 3 attempts/);
    expect(done.failedAt).not.toBeNull();
    expect(s.fake.requests.filter((r) => idOf(r) === row.id)).toHaveLength(3);
  });

  it('fails at once on an error that no retry can mend (undeliverable)', async () => {
    s.fake.failNext(1, { kind: 'undeliverable' });
    const row = await test();
    const done = await waitForRow(s.t.db, row.id, (r) => r.status === 'FAILED');
    expect(done.attempts).toBe(1);
    expect(done.lastError).toMatch(/131026/);
    const detail = await call<{
      events: Array<{ kind: string; httpStatus: number | null; errorCode: string | null }>;
    }>(s.t.app, 'GET', `messages/${row.id}`, { token: s.admin });
    expect(detail.body.data?.events.at(-1)).toMatchObject({
      kind: 'FAILED',
      httpStatus: 400,
      errorCode: '131026',
    });
  });

  it('waits, without counting an attempt, when the API says too fast (429) or too often to one number (131056)', async () => {
    s.fake.failNext(1, { kind: 'rate-limit' });
    s.fake.failNext(1, { kind: 'pair-rate-limit' });
    const row = await test();
    const done = await waitForRow(s.t.db, row.id, (r) => r.status === 'SENT' || r.status === 'DELIVERED');
    expect(done.attempts).toBe(1);
    expect((await eventKinds(s.t.db, row.id)).filter((k) => k === 'DEFERRED')).toHaveLength(2);
    expect(s.fake.requests.filter((r) => idOf(r) === row.id).map((r) => r.answered)).toEqual([429, 400, 200]);
  });

  it('writes to a shop as a template outside the 24-hour window, as free text inside it; a test text is always free text', async () => {
    const toShop = async (whatsapp: string) => {
      const shop = await insertShop(s.t.db, { whatsapp });
      const res = await call<{ queued: Row[] }>(
        s.t.app,
        'POST',
        '/parking-hub-api/bot/v1/sent-whatsapp-to-shop',
        {
          token: s.admin,
          body: { shopIds: [shop.id], text: 'ສະບາຍດີ\nແຖວສອງ' },
        },
      );
      const id = res.body.data?.queued[0]?.id ?? '';
      await waitForRow(s.t.db, id, (r) => r.status !== 'QUEUED');
      return { shop, sent: s.fake.accepted().find((r) => idOf(r) === id) };
    };
    const outside = await toShop('+8562055551111');
    expect(outside.sent?.body.template).toEqual({
      name: 'ph_shop_notice',
      language: { code: 'lo' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: outside.shop.name },
            { type: 'text', text: 'ສະບາຍດີ · ແຖວສອງ' },
          ],
        },
      ],
    });

    await s.fake.postInbound('8562055552222', 'hello');
    const inside = await toShop('+8562055552222');
    expect(inside.sent?.type).toBe('text');
    expect(inside.sent?.body.text.body).toBe('ສະບາຍດີ\nແຖວສອງ');

    const test = await call<Row>(s.t.app, 'POST', 'test-whatsapp', {
      token: s.admin,
      body: { to: '020 5555 3131', text: 'ທົດສອບ' },
    });
    await waitForRow(s.t.db, test.body.data?.id ?? '', (r) => r.status !== 'QUEUED');
    expect(s.fake.accepted().find((r) => idOf(r) === test.body.data?.id)?.body.text).toEqual({
      preview_url: true,
      body: 'ທົດສອບ',
    });
  });

  it('e-mails through SMTP with the outbox id as Message-ID; a 4xx reply is retried, a 5xx one fails', async () => {
    const { t } = s;
    const send = (to: string) =>
      t.db.transaction(async (tx) => {
        const queued = await t.app.outbox.enqueue(tx, {
          channel: 'EMAIL',
          recipient: to,
          kind: 'password_code',
          language: 'lo',
          params: { minutes: '10' },
          secret: { code: '482913' },
          cause: 'test',
        });
        return queued.id;
      });
    s.sink.failNext(1, 451, 'Try again later');
    const id = await send('somchai@example.la');
    const mail = await s.sink.waitFor((m) => m.to.includes('somchai@example.la'));
    expect(mail.messageId).toBe(`<${id}@parking-hub.outbox>`);
    expect(mail.subject).toBe('ລະຫັດຢືນຢັນເພື່ອຕັ້ງລະຫັດຜ່ານໃໝ່');
    expect(mail.text).toContain('482913');
    const done = await waitForRow(t.db, id, (r) => r.status === 'SENT');
    expect(done.attempts).toBe(2);
    // The code leaves the database once it is sent, and no answer ever shows it.
    expect(done.secret).toBeNull();
    expect(done.body).toContain('{{code}}');
    const shown = await call(t.app, 'GET', `messages/${id}`, { token: s.admin });
    expect(JSON.stringify(shown.body)).not.toContain('482913');
    expect(JSON.stringify(shown.body)).toContain('••••••');

    s.sink.failNext(1, 550, 'No such user');
    const refused = await send('nobody@example.la');
    const failed = await waitForRow(t.db, refused, (r) => r.status === 'FAILED');
    expect(failed.lastError).toMatch(/SMTP 550/);
    expect(failed.secret).toBeNull();
  });

  it('does not send a message that expired while it waited', async () => {
    const id = await s.t.db.transaction(async (tx) => {
      const queued = await s.t.app.outbox.enqueue(tx, {
        channel: 'WHATSAPP',
        recipient: '+8562055553333',
        kind: 'password_code',
        language: 'lo',
        params: { minutes: '10' },
        secret: { code: '111111' },
        cause: 'test',
        expiresAt: new Date(Date.now() - 1000),
      });
      return queued.id;
    });
    const done = await waitForRow(s.t.db, id, (r) => r.status === 'FAILED');
    expect(done.lastError).toMatch(/expired/);
    expect(done.secret).toBeNull();
    expect(s.fake.requests.some((r) => idOf(r) === id)).toBe(false);
    expect(await eventKinds(s.t.db, id)).toEqual(['QUEUED', 'EXPIRED']);
  });

  it('keeps to the channel rate across a burst', async () => {
    // 200/s in this scene: 60 messages take at least (60 − 1) / 200 s from the first to the last.
    const ids = await s.t.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 60; i++) {
        const q = await s.t.app.outbox.enqueue(tx, {
          channel: 'WHATSAPP',
          recipient: `+85620${String(70000000 + i)}`,
          kind: 'test',
          language: 'lo',
          cause: 'test',
        });
        out.push(q.id);
      }
      return out;
    });
    s.t.app.outbox.nudge();
    await s.fake.waitFor((reqs) => reqs.filter((r) => r.answered === 200).length >= 60, 20_000);
    const times = s.fake
      .accepted()
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(((60 - 1) / 200) * 1000 * 0.95);
    for (const id of ids) expect((await messageRow(s.t.db, id)).attempts).toBe(1);
  });
});

describe('numbers written to too often', () => {
  let s: MessagingScene;
  beforeAll(async () => {
    s = await messagingScene({ WHATSAPP_RECIPIENT_GAP_SECONDS: '2' });
  });
  afterAll(() => s.close());

  it('go out about one per gap, the later ones waiting their turn', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call<Row>(s.t.app, 'POST', 'test-whatsapp', {
        token: s.admin,
        body: { to: '020 5555 4444' },
      });
      ids.push((res.body.data as Row).id);
    }
    for (const id of ids) await waitForRow(s.t.db, id, (r) => r.status !== 'QUEUED', 20_000);
    const times = s.fake
      .accepted()
      .map((r) => r.at)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1900);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(1900);
  });
});

describe('rounds, spent secrets, the safety net', () => {
  let s: MessagingScene;
  beforeAll(async () => {
    s = await messagingScene({ OUTBOX_IN_DOUBT_SECONDS: '2' }, { statuses: [] });
  });
  afterAll(() => s.close());

  const test = async (to: string) => {
    const res = await call<Row>(s.t.app, 'POST', 'test-whatsapp', { token: s.admin, body: { to } });
    return res.body.data?.id ?? '';
  };

  it('a broken connection may have reached the provider: the row waits for its report, then sends once', async () => {
    s.fake.failNext(1, { kind: 'drop' });
    const id = await test('020 5555 6161');
    const done = await waitForRow(s.t.db, id, (r) => r.status === 'SENT', 20_000);
    expect(done.attempts).toBe(2);
    expect(await eventKinds(s.t.db, id)).toContain('IN_DOUBT');
    expect(s.fake.accepted().filter((r) => idOf(r) === id)).toHaveLength(1);
  });

  it('a message the provider reported failed goes again as a new round, and that round’s reports count', async () => {
    const id = await test('020 5555 6262');
    const first = await waitForRow(s.t.db, id, (r) => r.status === 'SENT');
    const at = Math.floor(Date.now() / 1000);
    await s.fake.postStatus({
      wamid: first.providerMessageId ?? '',
      status: 'failed',
      recipient: '8562055556262',
      timestamp: at,
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    });
    expect((await messageRow(s.t.db, id)).status).toBe('FAILED');
    expect((await call(s.t.app, 'POST', `messages/${id}/retry`, { token: s.admin })).statusCode).toBe(200);
    const again = await waitForRow(
      s.t.db,
      id,
      (r) => r.status === 'SENT' && r.providerMessageId !== first.providerMessageId,
    );
    await s.fake.postStatus({
      wamid: again.providerMessageId ?? '',
      status: 'delivered',
      recipient: '1',
      timestamp: at + 5,
    });
    const done = await messageRow(s.t.db, id);
    expect([done.status, done.failedAt, done.lastError]).toEqual(['DELIVERED', null, null]);
    // The first round's late report changes nothing now.
    await s.fake.postStatus({
      wamid: first.providerMessageId ?? '',
      status: 'read',
      recipient: '1',
      timestamp: at + 9,
    });
    expect((await messageRow(s.t.db, id)).readAt).toBeNull();
  });

  it('a code whose secret is spent is never sent again: not by a retry, not by a bulk requeue', async () => {
    s.fake.failNext(1, { kind: 'undeliverable' });
    const id = await s.t.db.transaction(async (tx) => {
      const q = await s.t.app.outbox.enqueue(tx, {
        channel: 'WHATSAPP',
        recipient: '+8562055556363',
        kind: 'password_code',
        language: 'lo',
        params: { minutes: '10' },
        secret: { code: '654321' },
        cause: 'test',
        expiresAt: new Date(Date.now() + 600_000),
      });
      return q.id;
    });
    s.t.app.outbox.nudge();
    const failed = await waitForRow(s.t.db, id, (r) => r.status === 'FAILED');
    expect(failed.secret).toBeNull();
    expectError(
      await call(s.t.app, 'POST', `messages/${id}/retry`, { token: s.admin }),
      409,
      'ຂໍ້ຄວາມນີ້ໝົດອາຍຸແລ້ວ (ເຊັ່ນ ລະຫັດຢືນຢັນ), ສົ່ງຄືນບໍ່ໄດ້',
    );
    await call(s.t.app, 'POST', 'reset-whatsapp', { token: s.admin, body: {} });
    expect((await messageRow(s.t.db, id)).status).toBe('FAILED');
    expect(s.fake.requests.filter((r) => idOf(r) === id)).toHaveLength(1);
  });

  it('the sweep closes what expired while it waited and gives a job back to a message that lost its own', async () => {
    const enqueue = (recipient: string, expiresAt: Date | null) =>
      s.t.db.transaction(async (tx) => {
        const q = await s.t.app.outbox.enqueue(tx, {
          channel: 'WHATSAPP',
          recipient,
          kind: 'test',
          language: 'lo',
          cause: 'test',
          expiresAt,
        });
        // As if its job were gone (every retry used up): no job, and idle for a while.
        await tx.execute(sql`delete from pgboss.job where data->>'messageId' = ${q.id}`);
        await tx.execute(
          sql`update outbox_messages set updated_at = now() - interval '20 minutes' where id = ${q.id}`,
        );
        return q.id;
      });
    const lost = await enqueue('+8562055556464', null);
    const stale = await enqueue('+8562055556565', new Date(Date.now() - 1000));
    expect(await sweepOutbox(s.t.app.outbox)).toMatchObject({ expired: 1, rescued: 1 });
    await waitForRow(s.t.db, lost, (r) => r.status === 'SENT');
    expect((await messageRow(s.t.db, stale)).status).toBe('FAILED');
    expect(await eventKinds(s.t.db, stale)).toEqual(['QUEUED', 'EXPIRED']);
  });
});

it('a channel booked beyond a batch’s time answers when it frees, and books nothing', async () => {
  const t = await createTestApp();
  try {
    const soon = await reserveChannelSlots(t.db, 'EMAIL', 2, 1, new Date(Date.now() + 60_000));
    expect('first' in soon).toBe(true);
    const late = await reserveChannelSlots(t.db, 'EMAIL', 5, 1, new Date(Date.now() + 3000));
    expect('wait' in late && late.wait.getTime() - Date.now()).toBeGreaterThan(1000);
    // Nothing was booked by the refusal: the next fitting batch follows the first one.
    const next = await reserveChannelSlots(t.db, 'EMAIL', 1, 1, new Date(Date.now() + 60_000));
    expect(
      'first' in next && 'first' in soon && next.first.getTime() - soon.first.getTime(),
    ).toBeGreaterThanOrEqual(1900);
  } finally {
    await t.close();
  }
});
