import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import { FakeWhatsApp } from '../../test/peers/fake-whatsapp.ts';
import { peerEnv } from './outbox.test-support.ts';

interface Row {
  id: string;
  status: string;
  shopId: string | null;
  recipient: string;
  body: string;
  templateName: string | null;
}

const count = async (t: TestApp) =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages`)).rows[0]?.n);

describe('messages without WhatsApp settings', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t, 'ADMIN')).token;
  });
  afterAll(() => t.close());

  it('keep a test message as NOT_CONFIGURED, visible with what is missing', async () => {
    const res = await call<Row>(t.app, 'POST', 'test-whatsapp', {
      token: admin,
      body: { to: '+856 20 5555 1234' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'NOT_CONFIGURED',
      recipient: '+8562055551234',
      templateName: 'hello_world',
    });
    const detail = await call<{ events: Array<{ kind: string; detail: string }> }>(
      t.app,
      'GET',
      `messages/${res.body.data?.id}`,
      { token: admin },
    );
    expect(detail.body.data?.events).toMatchObject([
      { kind: 'NOT_CONFIGURED', detail: 'WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN' },
    ]);
    const status = await call<{
      whatsapp: { configured: boolean; missing: string[] };
      counts: Record<string, number>;
    }>(t.app, 'GET', 'messages/status', { token: admin });
    expect(status.body.data?.whatsapp).toMatchObject({
      configured: false,
      missing: ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN'],
    });
    expect(status.body.data?.counts.NOT_CONFIGURED).toBeGreaterThanOrEqual(1);
  });

  it('report NOT_CONFIGURED on reset, queue nothing, and refuse a retry with a reason', async () => {
    const res = await call<{ connection: { state: string }; requeued: number }>(
      t.app,
      'POST',
      'reset-whatsapp',
      {
        token: admin,
        body: {},
      },
    );
    expect(res.body.data).toMatchObject({ connection: { state: 'NOT_CONFIGURED' }, requeued: 0 });
    const [row] = await t.db.select().from(outboxMessages).limit(1);
    expectError(
      await call(t.app, 'POST', `messages/${row?.id}/retry`, { token: admin }),
      409,
      'ຍັງບໍ່ໄດ້ຕັ້ງຄ່າ WhatsApp',
    );
  });

  it('can be cancelled while waiting, then not cancelled again', async () => {
    const res = await call<Row>(t.app, 'POST', 'test-whatsapp', {
      token: admin,
      body: { to: '020 5555 4321' },
    });
    const id = res.body.data?.id;
    const cancelled = await call<Row>(t.app, 'POST', `messages/${id}/cancel`, { token: admin });
    expect([cancelled.statusCode, cancelled.body.data?.status]).toEqual([200, 'CANCELLED']);
    expectError(
      await call(t.app, 'POST', `messages/${id}/cancel`, { token: admin }),
      409,
      'ຍົກເລີກໄດ້ສະເພາະຂໍ້ຄວາມທີ່ຍັງລໍຖ້າສົ່ງ',
    );
    expect((await auditEventsOf(t.db, id ?? '')).map((e) => e.action)).toEqual([
      'outbox.test',
      'outbox.cancel',
    ]);
  });

  it('refuse bad numbers and oversize texts with Lao messages, writing nothing', async () => {
    const before = await count(t);
    expectError(await call(t.app, 'POST', 'test-whatsapp', { token: admin, body: { to: '12345' } }), 400, {
      to: 'ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
    });
    expectError(
      await call(t.app, 'POST', 'test-whatsapp', { token: admin, body: { to: '021 212 345' } }),
      400,
      {
        to: 'ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
      },
    );
    expectError(
      await call(t.app, 'POST', 'test-whatsapp', {
        token: admin,
        body: { to: '02055551234', text: 'ກ'.repeat(4097) },
      }),
      400,
      { text: 'ຂໍ້ຄວາມຍາວເກີນໄປ (ບໍ່ເກີນ 4096 ຕົວອັກສອນ)' },
    );
    expectError(
      await call(t.app, 'POST', '/parking-hub-api/bot/v1/sent-whatsapp-to-shop', {
        token: admin,
        body: { shopIds: [], text: 'x' },
      }),
      400,
      {
        shopIds: 'ກະລຸນາເລືອກຮ້ານຢ່າງໜ້ອຍໜຶ່ງຮ້ານ',
      },
    );
    expectError(await call(t.app, 'GET', 'messages/not-a-uuid', { token: admin }), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expect(await count(t)).toBe(before);
  });

  it('page by cursor, ties on the same microsecond broken by id, and count up to 10,000', async () => {
    type Meta = { total: number; totalCapped: boolean; nextCursor: string | null };
    const list = (body: object) => call<Row[]>(t.app, 'POST', 'messages', { token: admin, body });
    const insert = (shopId: string, n: number, at: string) =>
      t.db.execute(sql`insert into outbox_messages
          (channel, recipient, kind, body, language, shop_id, cause, status, created_at)
        select 'WHATSAPP', '+85620' || lpad(i::text, 8, '0'), 'TEXT', 'paged ' || i, 'lo', ${shopId},
               'test', 'CANCELLED', ${at}::timestamptz
        from generate_series(1, ${n}) i`);
    // Seven messages, five of them at the very same microsecond.
    const few = await insertShop(t.db);
    await insert(few.id, 5, '2026-05-01 10:00:00.123456+07');
    await insert(few.id, 2, '2026-05-01 09:00:00.5+07');
    const byPage: string[] = [];
    for (let page = 1; page <= 3; page++) {
      byPage.push(...((await list({ shopId: few.id, pageSize: 3, page })).body.data ?? []).map((m) => m.id));
    }
    const byCursor: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list({ shopId: few.id, pageSize: 3, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode).toBe(200);
      byCursor.push(...(res.body.data ?? []).map((m) => m.id));
      cursor = (res.body.meta as unknown as Meta).nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(byCursor).size).toBe(7);
    expect(byCursor).toEqual(byPage);
    expectError(await list({ cursor: 'nope' }), 400, { cursor: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    const deep = await call(t.app, 'POST', 'messages?page=101', { token: admin, body: { pageSize: 100 } });
    expectError(deep, 400, { page: 'ໜ້ານີ້ໄກເກີນ 10,000 ລາຍການທຳອິດ: ໃຊ້ nextCursor ຫຼື ເລືອກຕົວກອງເພີ່ມ' });
    // A large list is counted up to 10,000 only, and says so.
    const many = await insertShop(t.db);
    await insert(many.id, 10_003, '2026-05-02 10:00:00+07');
    const big = await list({ shopId: many.id, pageSize: 100 });
    expect(big.body.meta).toMatchObject({ total: 10_000, totalCapped: true, totalPages: 100 });
    const exact = await list({ shopId: few.id });
    expect(exact.body.meta).toMatchObject({ total: 7, totalCapped: false, nextCursor: null });
  });
});

describe('messages to shops and who sees them', () => {
  let t: TestApp;
  let fake: FakeWhatsApp;
  beforeAll(async () => {
    fake = await FakeWhatsApp.start();
    t = await createTestApp(peerEnv(fake, null));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('an agent writes to the shops they serve, not to others; admins see every row, the agent only theirs', async () => {
    const agent = await signedIn(t, 'AGENT');
    const otherAgent = await signedIn(t, 'AGENT');
    const mine = await insertShop(t.db, { agentId: agent.id, whatsapp: '+8562055550101' });
    const silent = await insertShop(t.db, { agentId: agent.id, whatsapp: null });
    const theirs = await insertShop(t.db, { agentId: otherAgent.id, whatsapp: '+8562055550202' });
    const before = await count(t);

    const refused = await call(t.app, 'POST', '/parking-hub-api/bot/v1/sent-whatsapp-to-shop', {
      token: agent.token,
      body: { shopIds: [mine.id, theirs.id], text: 'ສະບາຍດີ' },
    });
    expectError(refused, 403, 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້');
    expect(await count(t)).toBe(before);
    expectError(
      await call(t.app, 'POST', '/parking-hub-api/bot/v1/sent-whatsapp-to-shop', {
        token: agent.token,
        body: { shopIds: ['00000000-0000-4000-8000-000000000000'], text: 'x' },
      }),
      404,
      'ບໍ່ພົບຮ້ານນີ້',
    );

    const sent = await call<{ queued: Row[]; skipped: Array<{ shopId: string; reason: string }> }>(
      t.app,
      'POST',
      '/parking-hub-api/bot/v1/sent-whatsapp-to-shop',
      { token: agent.token, body: { shopIds: [mine.id, silent.id], text: 'ພະລັງງານຈະຕັດໃນວັນເສົາ\nກະລຸນາກຽມ' } },
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.body.message).toBe('ເພີ່ມ 1 ຂໍ້ຄວາມເຂົ້າຄິວສົ່ງແລ້ວ');
    expect(sent.body.data?.queued).toMatchObject([
      { shopId: mine.id, recipient: '+8562055550101', status: 'QUEUED', templateName: 'ph_shop_notice' },
    ]);
    expect(sent.body.data?.skipped).toEqual([
      { shopId: silent.id, shopName: silent.name, reason: 'noWhatsapp' },
    ]);

    const admin = await signedIn(t, 'ADMIN');
    await call(t.app, 'POST', '/parking-hub-api/bot/v1/sent-whatsapp-to-shop', {
      token: admin.token,
      body: { shopIds: [theirs.id], text: 'ຈາກຜູ້ດູແລ' },
    });
    const agentList = await call<Row[]>(t.app, 'POST', 'messages?page=1', { token: agent.token, body: {} });
    expect(agentList.body.data?.map((r) => r.shopId)).toEqual([mine.id]);
    const adminList = await call<Row[]>(t.app, 'POST', 'messages', {
      token: admin.token,
      body: { shopId: theirs.id },
    });
    expect(adminList.body.data?.map((r) => r.shopId)).toEqual([theirs.id]);
    const theirRow = adminList.body.data?.[0]?.id;
    expectError(await call(t.app, 'GET', `messages/${theirRow}`, { token: agent.token }), 404, 'ບໍ່ພົບຂໍ້ຄວາມນີ້');
    // Retry and cancel are the admins'.
    expectError(
      await call(t.app, 'POST', `messages/${agentList.body.data?.[0]?.id}/cancel`, { token: agent.token }),
      403,
      'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
    );
    const sends = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'outbox.send_to_shops'));
    expect(sends.map((e) => [e.actorId, (e.after as { queued: number; skipped: number }).queued])).toEqual([
      [agent.id, 1],
      [admin.id, 1],
    ]);
  });

  it('filters the list by status, channel, dates and recipient', async () => {
    const admin = await signedIn(t, 'SUPER-ADMIN');
    await call(t.app, 'POST', 'test-whatsapp', { token: admin.token, body: { to: '020 5555 9090' } });
    const byRecipient = await call<Row[]>(t.app, 'POST', 'messages', {
      token: admin.token,
      body: { q: '9090' },
    });
    expect(byRecipient.body.data?.map((r) => r.recipient)).toEqual(['+8562055559090']);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const dated = await call<Row[]>(t.app, 'POST', 'messages', {
      token: admin.token,
      body: { from: today, to: today, channel: 'WHATSAPP', status: 'QUEUED' },
    });
    expect(dated.body.data?.length).toBeGreaterThan(0);
    const none = await call<Row[]>(t.app, 'POST', 'messages', {
      token: admin.token,
      body: { status: 'READ' },
    });
    expect(none.body).toMatchObject({ data: [], meta: { total: 0, page: 1 } });
  });

  it('reset-whatsapp checks the settings against the API and queues failed and waiting rows again', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const res = await call<Row>(t.app, 'POST', 'test-whatsapp', {
      token: admin.token,
      body: { to: '020 5555 3030' },
    });
    const id = res.body.data?.id ?? '';
    await t.db
      .update(outboxMessages)
      .set({ status: 'FAILED', attempts: 10, lastError: 'boom' })
      .where(eq(outboxMessages.id, id));
    const reset = await call<{
      connection: { state: string; verifiedName: string; phoneNumber: string };
      requeued: number;
    }>(t.app, 'POST', 'reset-whatsapp', { token: admin.token, body: {} });
    expect(reset.body.data?.connection).toMatchObject({
      state: 'CONNECTED',
      verifiedName: 'Parking Hub Test',
      phoneNumber: '+856 20 5555 0000',
    });
    expect(reset.body.data?.requeued).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect([row?.status, row?.attempts]).toEqual(['QUEUED', 0]);
    const status = await call<{ whatsapp: { lastCheck: { state: string } } }>(
      t.app,
      'GET',
      'messages/status',
      { token: admin.token },
    );
    expect(status.body.data?.whatsapp.lastCheck.state).toBe('CONNECTED');
  });

  it('reports an ERROR connection when the API refuses the token', async () => {
    const t2 = await createTestApp({ ...peerEnv(fake, null), WHATSAPP_TOKEN: 'wrong-token' });
    try {
      const admin = await signedIn(t2, 'ADMIN');
      const res = await call<{ connection: { state: string; error: string }; requeued: number }>(
        t2.app,
        'POST',
        'reset-whatsapp',
        {
          token: admin.token,
          body: {},
        },
      );
      expect(res.body.data).toMatchObject({ connection: { state: 'ERROR' }, requeued: 0 });
      expect(res.body.data?.connection.error).toMatch(/HTTP 401 \(190\)/);
    } finally {
      await t2.close();
    }
  });
});
