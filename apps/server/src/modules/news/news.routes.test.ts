import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { translate } from '@parking-hub/contracts/messages';
import type { InboxNews, News, NewsDelivery, PublicNews } from '@parking-hub/contracts/news';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrlMissing } from '../../config.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  insertUser,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import { type MessagingScene, messagingScene, waitForRow } from '../outbox/outbox.test-support.ts';
import { createNews, publishDue } from './news.service.ts';

/**
 * News through the real outbox (workers on) to the fake Cloud API over HTTP with its signed status
 * webhooks coming back: who may write to whom, per-shop delivery statuses, sending again, the
 * schedule, the shop's inbox (the bell), withdrawing, the picture, the public page, bad input.
 */
let s: MessagingScene;
const PUBLIC_URL = 'https://news.parkinghub.test';
beforeAll(async () => {
  s = await messagingScene({ PUBLIC_URL });
});
afterAll(() => s.close());

const lo = (key: string, params: Record<string, string | number> = {}) => translate('lo', key, params);
const post = <T = News>(path: string, token: string, body: unknown) =>
  call<T>(s.t.app, 'POST', path, { token, body });
const get = <T = News>(path: string, token: string) => call<T>(s.t.app, 'GET', path, { token });

let phones = 0;
const nextPhone = () => `+856205555${String(++phones).padStart(4, '0')}`;
const shopWith = (values: Parameters<typeof insertShop>[1] = {}) =>
  insertShop(s.t.db, { whatsapp: nextPhone(), ...values });

const news = (over: Record<string, unknown> = {}) => ({
  title: 'ປິດບໍລິການວັນບຸນ',
  body: 'ແຈ້ງທຸກຮ້ານ:\nລະບົບຈະປິດປັບປຸງ ວັນທີ 1\nເບິ່ງ https://parkinghub.la',
  audience: 'SHOPS',
  publish: 'NOW',
  ...over,
});

const templatesTo = (phone: string) =>
  s.fake.accepted().filter((r) => r.to === phone.slice(1) && r.body.template?.name === 'ph_news');
const messagesOf = (newsId: string) =>
  s.t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.cause, 'news.send'), eq(outboxMessages.causeId, newsId)));
const count = async (table: string) =>
  Number(
    (await s.t.db.execute<{ n: string }>(sql.raw(`select count(*)::text as n from ${table}`))).rows[0]?.n,
  );
const snapshot = async () => ({
  news: await count('news'),
  deliveries: await count('news_deliveries'),
  messages: await count('outbox_messages'),
  audit: await s.t.db.$count(auditEvents),
});
const tokenOf = (n: News) => n.publicPath.replace('/news/', '');

describe('sending news', () => {
  it('sends to the chosen shops now: one ph_news template per shop with WhatsApp, deliveries per shop, statuses from the webhooks', async () => {
    const a = await shopWith({ name: 'ຮ້ານ ກ' });
    const b = await shopWith({ name: 'ຮ້ານ ຂ' });
    const c = await insertShop(s.t.db, { name: 'ຮ້ານ ຄ', whatsapp: null });
    const res = await post('news/create', s.admin, news({ shopIds: [a.id, b.id, c.id] }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(lo('success.newsSent', { shops: 3, queued: 2 }));
    const made = res.body.data as News;
    expect(made).toMatchObject({ status: 'SENT', shops: 3, sendCount: 1, audience: 'SHOPS' });
    expect(made.shopNames).toEqual(['ຮ້ານ ກ', 'ຮ້ານ ຂ', 'ຮ້ານ ຄ']);
    const messages = await messagesOf(made.id);
    expect(messages).toHaveLength(2);
    for (const m of messages) await waitForRow(s.t.db, m.id, (r) => r.status === 'DELIVERED');
    const sent = templatesTo(a.whatsapp ?? '')[0];
    const link = `${PUBLIC_URL}/news/${tokenOf(made)}`;
    expect(sent?.body.template?.components).toEqual([
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'ປິດບໍລິການວັນບຸນ' },
          { type: 'text', text: 'ແຈ້ງທຸກຮ້ານ: · ລະບົບຈະປິດປັບປຸງ ວັນທີ 1 · ເບິ່ງ https://parkinghub.la' },
          { type: 'text', text: link },
        ],
      },
    ]);
    expect(messages[0]?.body).toContain(link);
    const detail = await get(`news/${made.id}`, s.admin);
    expect(detail.body.data?.deliveries).toEqual({ DELIVERED: 2, NO_WHATSAPP: 1 });
    const rows = await post<NewsDelivery[]>('news/deliveries', s.admin, { newsId: made.id });
    expect(rows.body.data?.map((d) => [d.shopName, d.status, d.attempts])).toEqual([
      ['ຮ້ານ ກ', 'DELIVERED', 1],
      ['ຮ້ານ ຂ', 'DELIVERED', 1],
      ['ຮ້ານ ຄ', 'NO_WHATSAPP', 0],
    ]);
    const missing = await post<NewsDelivery[]>('news/deliveries', s.admin, {
      newsId: made.id,
      status: 'NO_WHATSAPP',
    });
    expect(missing.body.data?.map((d) => d.shopName)).toEqual(['ຮ້ານ ຄ']);
    // A read receipt moves the shop's delivery on.
    await s.fake.postStatus({
      wamid: sent?.wamid ?? '',
      status: 'read',
      recipient: (a.whatsapp ?? '').slice(1),
    });
    await waitForRow(s.t.db, messages.find((m) => m.shopId === a.id)?.id ?? '', (r) => r.status === 'READ');
    expect((await get(`news/${made.id}`, s.admin)).body.data?.deliveries).toEqual({
      READ: 1,
      DELIVERED: 1,
      NO_WHATSAPP: 1,
    });
    const actions = (await auditEventsOf(s.t.db, made.id)).map((e) => e.action);
    expect(actions).toEqual(['news.create', 'news.send']);
  });

  it('sends again to the shops that did not get it (a failure, no number then), or to all', async () => {
    const ok = await shopWith({ name: 'ຮ້ານ ສົ່ງໄດ້' });
    const failing = await shopWith({ name: 'ຮ້ານ ສົ່ງບໍ່ໄດ້' });
    const later = await insertShop(s.t.db, { name: 'ຮ້ານ ບໍ່ມີເບີ', whatsapp: null });
    s.fake.failRecipient(failing.whatsapp ?? '', { kind: 'undeliverable' });
    const made = (await post('news/create', s.admin, news({ shopIds: [ok.id, failing.id, later.id] }))).body
      .data as News;
    const [failed] = (await messagesOf(made.id)).filter((m) => m.shopId === failing.id);
    await waitForRow(s.t.db, failed?.id ?? '', (r) => r.status === 'FAILED');
    s.fake.failRecipient(failing.whatsapp ?? '', null);
    await s.t.db.execute(sql`update shops set whatsapp = ${nextPhone()} where id = ${later.id}`);
    const again = await post<{ queued: number; skipped: number }>('news/resent', s.admin, { id: made.id });
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual({ queued: 2, skipped: 0 });
    expect(again.body.message).toBe(lo('success.newsResent', { queued: 2 }));
    const rows = await post<NewsDelivery[]>('news/deliveries', s.admin, { newsId: made.id });
    for (const d of rows.body.data ?? [])
      if (d.messageId) await waitForRow(s.t.db, d.messageId, (r) => r.status === 'DELIVERED');
    const after = await post<NewsDelivery[]>('news/deliveries', s.admin, { newsId: made.id });
    expect(after.body.data?.map((d) => [d.shopName, d.status, d.attempts])).toEqual([
      ['ຮ້ານ ບໍ່ມີເບີ', 'DELIVERED', 1],
      ['ຮ້ານ ສົ່ງບໍ່ໄດ້', 'DELIVERED', 2],
      ['ຮ້ານ ສົ່ງໄດ້', 'DELIVERED', 1],
    ]);
    // Nothing left to send to those who did not get it; to all sends each shop once more.
    expect((await post('news/resent', s.admin, { id: made.id })).body.data).toEqual({
      queued: 0,
      skipped: 0,
    });
    expect((await post('news/resent', s.admin, { id: made.id, to: 'ALL' })).body.data).toEqual({
      queued: 3,
      skipped: 0,
    });
    expect(await messagesOf(made.id)).toHaveLength(2 + 2 + 3);
    expect((await get(`news/${made.id}`, s.admin)).body.data?.sendCount).toBe(3);
  });

  it('resolves every shop and an agent’s shops to the ACTIVE ones only, when it is sent', async () => {
    const agent = await insertUser(s.t.db, 'AGENT');
    const mine = await shopWith({ agentId: agent.id });
    const branch = await shopWith({ agentId: agent.id, parentId: mine.id });
    await shopWith({ agentId: agent.id, status: 'SUSPENDED' });
    await shopWith();
    const res = await post('news/create', s.admin, news({ audience: 'AGENT', agentId: agent.id }));
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
    const made = res.body.data as News;
    const shops = (await post<NewsDelivery[]>('news/deliveries', s.admin, { newsId: made.id })).body.data;
    expect(shops?.map((d) => d.shopId).sort()).toEqual([mine.id, branch.id].sort());
    const active = await count("shops where status = 'ACTIVE'");
    const all = (await post('news/create', s.admin, news({ audience: 'ALL', shopIds: [] }))).body
      .data as News;
    expect(all.shops).toBe(active);
  });
});

describe('who writes to whom', () => {
  it('an agent sends to their own shops only; every shop, another agent or another’s shop is 403 in Lao, nothing written', async () => {
    const agent = await signedIn(s.t, 'AGENT');
    const other = await insertUser(s.t.db, 'AGENT');
    const own = await shopWith({ agentId: agent.id });
    const theirs = await shopWith({ agentId: other.id });
    const before = await snapshot();
    expectError(await post('news/create', agent.token, news({ shopIds: [own.id, theirs.id] })), 403, {
      shopIds: lo('errors.newsShopOutOfScope'),
    });
    expectError(
      await post('news/create', agent.token, news({ audience: 'ALL' })),
      403,
      lo('errors.newsAgentOutOfScope'),
    );
    expectError(await post('news/create', agent.token, news({ audience: 'AGENT', agentId: other.id })), 403, {
      agentId: lo('errors.newsAgentOutOfScope'),
    });
    expect(await snapshot()).toEqual(before);
    const res = await post('news/create', agent.token, news({ shopIds: [own.id] }));
    expect(res.statusCode).toBe(201);
    const made = res.body.data as News;
    expect(made.ownerAgentId).toBe(agent.id);
    // Theirs is the only one an agent lists; an admin's is not found for them.
    const adminNews = (await post('news/create', s.admin, news({ publish: 'DRAFT', shopIds: [own.id] }))).body
      .data as News;
    const listed = await post<News[]>('news', agent.token, {});
    expect(listed.body.data?.map((n) => n.id)).toEqual([made.id]);
    expectError(await get(`news/${adminNews.id}`, agent.token), 404, lo('errors.newsNotFound'));
    expectError(await post('news/delete', agent.token, { id: adminNews.id }), 404, lo('errors.newsNotFound'));
    expect((await post<News[]>('news', s.admin, {})).body.data?.map((n) => n.id)).toContain(made.id);
  });

  it('managers and shop staff do not write news; anonymous callers are 401', async () => {
    const shop = await shopWith();
    for (const role of ['MANAGER', 'SHOP'] as const) {
      const who = await signedIn(s.t, role, { shopId: shop.id });
      expectError(
        await post('news/create', who.token, news({ shopIds: [shop.id] })),
        403,
        lo('errors.forbidden'),
      );
      expectError(await post('news', who.token, {}), 403, lo('errors.forbidden'));
    }
    expect((await call(s.t.app, 'POST', 'news', { body: {} })).statusCode).toBe(401);
    expect((await call(s.t.app, 'GET', 'news/inbox')).statusCode).toBe(401);
  });
});

describe('the shop’s inbox (the bell and the staff app)', () => {
  it('lists what was sent to the shop (a manager: and its branches), counts the unread, marks read; withdrawn ones leave it', async () => {
    const main = await shopWith();
    const branch = await shopWith({ parentId: main.id });
    const elsewhere = await shopWith();
    const staff = await signedIn(s.t, 'SHOP', { shopId: branch.id });
    const manager = await signedIn(s.t, 'MANAGER', { shopId: main.id });
    const stranger = await signedIn(s.t, 'SHOP', { shopId: elsewhere.id });
    const toBranch = (await post('news/create', s.admin, news({ title: 'ຫາສາຂາ', shopIds: [branch.id] })))
      .body.data as News;
    const toMain = (await post('news/create', s.admin, news({ title: 'ຫາຮ້ານຫຼັກ', shopIds: [main.id] }))).body
      .data as News;
    await post('news/create', s.admin, news({ title: 'ຮ່າງ', publish: 'DRAFT', shopIds: [branch.id] }));
    const inbox = (token: string) => get<InboxNews[]>('news/inbox', token);
    const unread = async (token: string) =>
      (await get<{ count: number }>('news/unread', token)).body.data?.count;
    expect((await inbox(staff.token)).body.data?.map((n) => [n.title, n.read])).toEqual([['ຫາສາຂາ', false]]);
    expect((await inbox(manager.token)).body.data?.map((n) => n.title)).toEqual(['ຫາຮ້ານຫຼັກ', 'ຫາສາຂາ']);
    expect((await inbox(stranger.token)).body.data).toEqual([]);
    expect(await unread(staff.token)).toBe(1);
    expect(await unread(manager.token)).toBe(2);
    // Reading is per person: the manager reading does not read it for the staff.
    const read = await post<{ count: number }>('news/read', manager.token, { ids: [toBranch.id] });
    expect(read.body.data?.count).toBe(1);
    expect(await unread(staff.token)).toBe(1);
    // Another shop's news is not the stranger's to mark.
    await post('news/read', stranger.token, { ids: [toBranch.id] });
    expect(await count(`news_reads where user_id = '${stranger.id}'`)).toBe(0);
    await post('news/read', manager.token, { all: true });
    expect(await unread(manager.token)).toBe(0);
    expect((await inbox(manager.token)).body.data?.every((n) => n.read)).toBe(true);
    expectError(await post('news/read', manager.token, {}), 400, { ids: lo('validation.invalid') });
    // Withdrawn: gone from the app, kept with its status, its page says so.
    const withdrawn = await post('news/delete', s.admin, { id: toMain.id });
    expect(withdrawn.body.message).toBe(lo('success.newsWithdrawn'));
    expect((await inbox(manager.token)).body.data?.map((n) => n.title)).toEqual(['ຫາສາຂາ']);
    expect((await get(`news/${toMain.id}`, s.admin)).body.data).toMatchObject({ status: 'WITHDRAWN' });
    expectError(await post('news/delete', s.admin, { id: toMain.id }), 409, lo('errors.newsWithdrawn'));
    expectError(await post('news/resent', s.admin, { id: toMain.id }), 409, lo('errors.newsWithdrawn'));
    const page = await call(s.t.app, 'GET', `/parking-hub-api/v1/public/news/${tokenOf(toMain)}`);
    expectError(page, 410, lo('errors.newsWithdrawn'));
    for (const role of ['ADMIN', 'AGENT'] as const) {
      const who = await signedIn(s.t, role);
      expectError(await get('news/inbox', who.token), 403, lo('errors.forbidden'));
    }
  });
});

describe('the schedule', () => {
  it('keeps a scheduled item until its time; the minute job sends it once, however many run at once', async () => {
    const a = await shopWith();
    const b = await shopWith();
    expectError(
      await post(
        'news/create',
        s.admin,
        news({ publish: 'SCHEDULE', publishAt: '2020-01-01T08:00:00+07:00', shopIds: [a.id] }),
      ),
      400,
      { publishAt: lo('validation.newsPublishAtPast') },
    );
    expectError(await post('news/create', s.admin, news({ publish: 'SCHEDULE', shopIds: [a.id] })), 400, {
      publishAt: lo('validation.newsPublishAt'),
    });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await post(
      'news/create',
      s.admin,
      news({ publish: 'SCHEDULE', publishAt: at, shopIds: [a.id, b.id] }),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(lo('success.newsScheduled'));
    const made = res.body.data as News;
    expect(made).toMatchObject({ status: 'SCHEDULED', publishAt: at, shops: 0 });
    const deps = {
      db: s.t.db,
      outbox: s.t.app.outbox,
      publicUrl: PUBLIC_URL,
      publicUrlMissing: publicUrlMissing(s.t.config),
      uploadsDir: s.t.config.uploadsDir,
    };
    expect(await publishDue(deps)).toBe(0);
    await s.t.db.execute(sql`update news set publish_at = now() - interval '1 second' where id = ${made.id}`);
    const runs = await Promise.all([publishDue(deps), publishDue(deps), publishDue(deps)]);
    expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await messagesOf(made.id)).toHaveLength(2);
    expect((await get(`news/${made.id}`, s.admin)).body.data).toMatchObject({
      status: 'SENT',
      shops: 2,
      sendCount: 1,
    });
    const events = (await auditEventsOf(s.t.db, made.id)).map((e) => [e.action, e.actorId]);
    expect(events).toEqual([
      ['news.create', expect.any(String)],
      ['news.send', null],
    ]);
  });

  it('a draft is rewritten whole; a sent item keeps its audience (409) and may have its text corrected', async () => {
    const a = await shopWith();
    const b = await shopWith();
    const draft = (await post('news/create', s.admin, news({ publish: 'DRAFT', shopIds: [a.id] }))).body
      .data as News;
    expect(draft).toMatchObject({ status: 'DRAFT', shops: 0 });
    expect(await messagesOf(draft.id)).toHaveLength(0);
    const sent = await post('news/update', s.admin, {
      ...news({ shopIds: [a.id, b.id] }),
      id: draft.id,
      title: 'ໃໝ່',
    });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'SENT', title: 'ໃໝ່', shops: 2 });
    expectError(
      await post('news/update', s.admin, { ...news({ shopIds: [a.id], publish: 'DRAFT' }), id: draft.id }),
      409,
      lo('errors.newsSentAudience'),
    );
    const fixed = await post('news/update', s.admin, {
      ...news({ shopIds: [b.id, a.id], publish: 'DRAFT' }),
      id: draft.id,
      title: 'ໃໝ່',
      body: 'ແກ້ຄຳຜິດ',
    });
    expect(fixed.statusCode, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({ status: 'SENT', body: 'ແກ້ຄຳຜິດ', sendCount: 1 });
    expect(await messagesOf(draft.id)).toHaveLength(2);
    const page = await call<PublicNews>(s.t.app, 'GET', `/parking-hub-api/v1/public/news/${tokenOf(draft)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body.data).toMatchObject({ title: 'ໃໝ່', body: 'ແກ້ຄຳຜິດ', imagePath: null });
    expect(Object.keys(page.body.data ?? {}).sort()).toEqual([
      'body',
      'company',
      'imagePath',
      'sentAt',
      'title',
    ]);
    expectError(
      await call(s.t.app, 'GET', '/parking-hub-api/v1/public/news/not-a-token'),
      404,
      lo('errors.newsNotFound'),
    );
    expectError(
      await post('news/resent', s.admin, {
        id: (await post('news/create', s.admin, news({ publish: 'DRAFT', shopIds: [a.id] }))).body.data?.id,
      }),
      409,
      lo('errors.newsNotSent'),
    );
  });
});

describe('bad input', () => {
  it('is refused in Lao field by field, and writes nothing', async () => {
    const a = await shopWith();
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, number, string | Record<string, string>]> = [
      [news({ title: ' ', shopIds: [a.id] }), 400, { title: lo('validation.newsTitle') }],
      [news({ body: '', shopIds: [a.id] }), 400, { body: lo('validation.newsBody') }],
      [
        news({ title: 'x'.repeat(121), shopIds: [a.id] }),
        400,
        { title: lo('validation.tooLong', { max: 120 }) },
      ],
      [news({ shopIds: [] }), 400, { shopIds: lo('validation.newsShops') }],
      [news({ audience: 'AGENT', shopIds: [] }), 400, { agentId: lo('validation.newsAgent') }],
      [news({ audience: 'AGENT', agentId: a.id }), 400, { agentId: lo('validation.newsAgent') }],
      [
        news({ shopIds: ['00000000-0000-4000-8000-000000000009'] }),
        400,
        { shopIds: lo('errors.shopNotFound') },
      ],
      [news({ shopIds: [a.id], imagePath: '/etc/passwd' }), 400, { imagePath: lo('validation.newsImage') }],
      [
        news({ shopIds: [a.id], imagePath: `/uploads/news/${'a'.repeat(32)}.png` }),
        400,
        { imagePath: lo('validation.newsImage') },
      ],
      [
        news({ shopIds: [a.id], publish: 'SCHEDULE', publishAt: '2099-01-01T00:00:00Z' }),
        400,
        { publishAt: lo('validation.newsPublishAtFar') },
      ],
      [news({ shopIds: [a.id], audience: 'EVERYONE' }), 400, { audience: lo('validation.invalid') }],
    ];
    for (const [body, status, expected] of cases)
      expectError(await post('news/create', s.admin, body), status, expected);
    // An audience that has no active shop sends nothing.
    const closed = await shopWith({ status: 'CLOSED' });
    expectError(
      await post('news/create', s.admin, news({ shopIds: [closed.id] })),
      409,
      lo('errors.newsNoShops'),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('the picture', () => {
  async function upload(token: string, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'news.png');
    const encoded = new Response(form);
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/parking-hub-api/v1/news/image',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return {
      statusCode: res.statusCode,
      body: res.json() as {
        data?: { imagePath: string };
        message?: string;
        messages?: Record<string, string>;
      },
    };
  }
  const files = async () =>
    (await readdir(path.join(s.t.config.uploadsDir, 'news')).catch(() => [] as string[])).sort();

  it('keeps a PNG, JPEG or WebP up to 2 MB under a new name that a news item then carries; anything else keeps nothing', async () => {
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const first = await files();
    const text = await upload(s.admin, Buffer.from('not a picture'));
    expect(text.statusCode).toBe(400);
    expect(text.body.messages).toEqual({ file: lo('errors.newsImageType') });
    const big = await upload(s.admin, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(await files()).toEqual(first);
    const staff = await signedIn(s.t, 'SHOP', { shopId: (await shopWith()).id });
    expect((await upload(staff.token, PNG)).statusCode).toBe(403);
    const ok = await upload(s.admin, PNG);
    expect(ok.statusCode).toBe(201);
    const imagePath = ok.body.data?.imagePath ?? '';
    expect(imagePath).toMatch(/^\/uploads\/news\/[0-9a-f]{32}\.png$/);
    const a = await shopWith();
    const made = await post('news/create', s.admin, news({ shopIds: [a.id], imagePath }));
    expect(made.statusCode, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data?.imagePath).toBe(imagePath);
    const staffOfA = await signedIn(s.t, 'SHOP', { shopId: a.id });
    expect((await get<InboxNews[]>('news/inbox', staffOfA.token)).body.data?.[0]?.imagePath).toBe(imagePath);
    expect((await s.t.app.inject({ method: 'GET', url: imagePath })).statusCode).toBe(200);
  });
});

describe('what is not sent any more, and an agent’s reach at send time', () => {
  it('sending again replaces a message still waiting (no second copy later); withdrawing cancels what has not left', async () => {
    // No WhatsApp settings: messages wait as NOT_CONFIGURED, to go out once the settings exist.
    const quiet: TestApp = await createTestApp();
    try {
      const admin = await signedIn(quiet, 'ADMIN');
      const a = await insertShop(quiet.db, { whatsapp: nextPhone() });
      const b = await insertShop(quiet.db, { whatsapp: nextPhone() });
      const made = (
        await call<News>(quiet.app, 'POST', 'news/create', {
          token: admin.token,
          body: news({ shopIds: [a.id, b.id] }),
        })
      ).body.data as News;
      const statuses = async () =>
        (
          await quiet.db.execute<{ status: string; n: number }>(sql`
            select status, count(*)::int as n from outbox_messages where cause_id = ${made.id} group by status order by status`)
        ).rows.map((r) => [r.status, r.n]);
      expect(await statuses()).toEqual([['NOT_CONFIGURED', 2]]);
      const again = await call<{ queued: number }>(quiet.app, 'POST', 'news/resent', {
        token: admin.token,
        body: { id: made.id },
      });
      expect(again.body.data?.queued).toBe(2);
      // The first two are cancelled: once WhatsApp is set up, each shop gets it once, not twice.
      expect(await statuses()).toEqual([
        ['CANCELLED', 2],
        ['NOT_CONFIGURED', 2],
      ]);
      await call(quiet.app, 'POST', 'news/delete', { token: admin.token, body: { id: made.id } });
      expect(await statuses()).toEqual([['CANCELLED', 4]]);
      const events = await quiet.db.execute<{ n: number }>(sql`
        select count(*)::int as n from outbox_events e join outbox_messages m on m.id = e.message_id
        where m.cause_id = ${made.id} and e.kind = 'CANCELLED'`);
      expect(events.rows[0]?.n).toBe(4);
    } finally {
      await quiet.close();
    }
  });

  it('an agent’s item reaches only the shops the agent serves when it is sent, resent or listed; an admin’s rewrite makes it the platform’s', async () => {
    const agent = await signedIn(s.t, 'AGENT');
    const other = await insertUser(s.t.db, 'AGENT');
    const mine = await shopWith({ agentId: agent.id });
    const moving = await shopWith({ agentId: agent.id });
    const sent = (await post('news/create', agent.token, news({ shopIds: [mine.id, moving.id] }))).body
      .data as News;
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (
      await post(
        'news/create',
        agent.token,
        news({ publish: 'SCHEDULE', publishAt: at, shopIds: [moving.id] }),
      )
    ).body.data as News;
    await s.t.db.execute(sql`update shops set agent_id = ${other.id} where id = ${moving.id}`);
    const listed = await post<NewsDelivery[]>('news/deliveries', agent.token, { newsId: sent.id });
    expect(listed.body.data?.map((d) => d.shopId)).toEqual([mine.id]);
    const again = await post<{ queued: number }>('news/resent', agent.token, { id: sent.id, to: 'ALL' });
    expect(again.body.data?.queued).toBe(1);
    const deps = {
      db: s.t.db,
      outbox: s.t.app.outbox,
      publicUrl: PUBLIC_URL,
      publicUrlMissing: false,
      uploadsDir: s.t.config.uploadsDir,
    };
    await s.t.db.execute(
      sql`update news set publish_at = now() - interval '1 second' where id = ${scheduled.id}`,
    );
    await publishDue(deps);
    // Its only shop has moved to another agent: nothing is sent, the item waits as a draft.
    expect((await get(`news/${scheduled.id}`, agent.token)).body.data).toMatchObject({
      status: 'DRAFT',
      shops: 0,
    });
    expect(await messagesOf(scheduled.id)).toHaveLength(0);
    const draft = (await post('news/create', agent.token, news({ publish: 'DRAFT', shopIds: [mine.id] })))
      .body.data as News;
    const rewritten = await post('news/update', s.admin, {
      ...news({ publish: 'DRAFT', audience: 'ALL' }),
      id: draft.id,
    });
    expect(rewritten.body.data?.ownerAgentId).toBeNull();
    expectError(await get(`news/${draft.id}`, agent.token), 404, lo('errors.newsNotFound'));
  });

  it('a production server without PUBLIC_URL refuses to send or schedule (the links would open nothing), and keeps drafts', async () => {
    const a = await shopWith();
    const [adminRow] = (
      await s.t.db.execute<{ id: string }>(sql`select id from users where role = 'SUPER-ADMIN' limit 1`)
    ).rows;
    const ctx = {
      actor: {
        id: adminRow?.id ?? '',
        username: 'x',
        fullName: 'x',
        role: 'SUPER-ADMIN' as const,
        shopId: null,
        sessionId: 'x',
      },
      ip: '127.0.0.1',
      userAgent: null,
      requestId: 'x',
      lang: 'lo' as const,
    };
    const deps = {
      db: s.t.db,
      outbox: s.t.app.outbox,
      publicUrl: 'http://localhost:8080',
      publicUrlMissing: true,
      uploadsDir: s.t.config.uploadsDir,
    };
    const at = new Date(Date.now() + 3_600_000).toISOString();
    for (const publish of ['NOW', 'SCHEDULE'] as const)
      await expect(
        createNews(deps, ctx, {
          title: 't',
          body: 'b',
          audience: 'SHOPS',
          shopIds: [a.id],
          publish,
          publishAt: at,
        }),
      ).rejects.toMatchObject({ statusCode: 409, key: 'errors.publicUrlMissing' });
    const draft = await createNews(deps, ctx, {
      title: 't',
      body: 'b',
      audience: 'SHOPS',
      shopIds: [a.id],
      publish: 'DRAFT',
    });
    expect(draft.news.status).toBe('DRAFT');
  });
});
