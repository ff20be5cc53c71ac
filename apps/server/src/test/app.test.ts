// Cross-cutting behaviour of the whole API: headers, request ids, body limits, error envelopes,
// the OpenAPI document and docs page, unknown input, languages.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import {
  asSuperuser,
  call,
  createTestApp,
  insertShop,
  type Reply,
  signedIn,
  type TestApp,
  unique,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API = '/parking-hub-api/v1';
const raw = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

/** An error envelope: nothing but status, message and per-field messages; no stack, SQL or paths. */
function expectCleanError(res: Reply, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.body.status).toBe('error');
  expect(typeof res.body.message).toBe('string');
  for (const key of Object.keys(res.body)) expect(['status', 'message', 'messages']).toContain(key);
  expect(JSON.stringify(res.body)).not.toMatch(
    /stack|\bat \S+:\d+|node_modules|\.ts\b|select |relation|syntax/i,
  );
}

describe('headers', () => {
  it('sets the short API set on API answers, and the full page set on the API docs page', async () => {
    for (const res of [
      await raw('POST', `${API}/login`, '{}'),
      await raw('GET', '/parking-hub-api/openapi.json'),
      await raw('GET', '/parking-hub-api/nowhere'),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // What only a page uses is left off a JSON answer.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
    }
    const docs = await raw('GET', '/parking-hub-api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    // A page: its scripts and styles may load (swagger-ui writes its own policy for them).
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a well-formed x-request-id and makes one up otherwise', async () => {
    const given = await raw('POST', `${API}/me`, '{}', { 'x-request-id': 'gate-7:req_42.a-b' });
    expect(given.statusCode).toBe(401);
    expect(given.headers['x-request-id']).toBe('gate-7:req_42.a-b');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const bad = await raw('POST', `${API}/me`, '{}', { 'x-request-id': 'bad id <script>' });
    expect(bad.headers['x-request-id']).toMatch(uuid);
    const none = await raw('GET', '/parking-hub-api/nowhere');
    expect(none.headers['x-request-id']).toMatch(uuid);
  });

  it('tells browsers and proxies to keep no API answer: the login, signed-in data, errors', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const login = await raw('POST', `${API}/login`, JSON.stringify({ username: 'nobody', password: 'x' }));
    const me = await call(t.app, 'POST', 'me', { token: admin.token, body: {} });
    const list = await call(t.app, 'POST', 'users', { token: admin.token, body: {} });
    const unknown = await raw('GET', '/parking-hub-api/nowhere');
    for (const res of [login, me, list, unknown]) expect(res.headers['cache-control']).toBe('no-store');
    expect(me.statusCode).toBe(200);
    // The company's public name and logo may be cached briefly: it says so itself.
    const company = await raw('GET', '/parking-hub-api/public/company');
    expect(company.statusCode).toBe(200);
    expect(company.headers['cache-control']).toBe('public, max-age=60');
  });

  it('allows no cross-origin caller unless configured', async () => {
    const res = await raw('POST', `${API}/login`, '{}', { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('error envelopes', () => {
  it('answers a body over BODY_LIMIT_BYTES with 413 in Lao', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(t.config.bodyLimit), password: 'y' });
    const res = await raw('POST', `${API}/login`, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 'error', message: 'ຂໍ້ມູນທີ່ສົ່ງມາໃຫຍ່ເກີນໄປ' });
    const fits = JSON.stringify({ username: 'x'.repeat(t.config.bodyLimit - 100), password: 'y' });
    expect((await raw('POST', `${API}/login`, fits)).statusCode).toBe(400);
  });

  it('answers invalid JSON, an empty JSON body and a foreign content type with 4xx envelopes', async () => {
    for (const payload of ['{oops', '{"username": "a",}', '']) {
      const res = await raw('POST', `${API}/login`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: 'ຮູບແບບຂໍ້ມູນບໍ່ຖືກຕ້ອງ' });
    }
    const xml = await raw('POST', `${API}/login`, '<username/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ status: 'error', message: 'ບໍ່ຮອງຮັບຮູບແບບຂໍ້ມູນນີ້' });
  });

  it('answers unknown API paths and methods with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/parking-hub-api/nowhere'],
      ['POST', `${API}/no-such-endpoint`],
      ['GET', `${API}/login`],
    ] as const) {
      const res = await raw(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'ບໍ່ພົບເສັ້ນທາງນີ້' });
    }
  });

  it('answers what the router refuses (a path parameter over 100 characters, a malformed URL) with the envelope', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const long = 'a'.repeat(101);
    const cases: Array<[Reply, number, string]> = [
      [await call(t.app, 'DELETE', `users/${long}/delete`, { token: admin.token }), 414, 'ທີ່ຢູ່ທີ່ຮ້ອງຂໍຍາວເກີນໄປ'],
      [await call(t.app, 'GET', `public/bills/${long}`, {}), 414, 'ທີ່ຢູ່ທີ່ຮ້ອງຂໍຍາວເກີນໄປ'],
      [
        await call(t.app, 'DELETE', 'users/%E0%A4%A/delete', { token: admin.token }),
        400,
        'ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ',
      ],
    ];
    for (const [res, status, message] of cases) {
      expectCleanError(res, status);
      expect(res.body).toEqual({ status: 'error', message });
      expect(JSON.stringify(res.body)).not.toContain('FST_');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const english = await raw('GET', `${API}/public/bills/${long}`, undefined, { 'accept-language': 'en' });
    expect(english.statusCode).toBe(414);
    expect(english.json()).toEqual({ status: 'error', message: 'The requested address is too long' });
  });

  it('keeps every 4xx body to status, message and messages', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await signedIn(t, 'AGENT');
    const token = admin.token;
    const replies: Array<[Reply, number]> = [
      [
        await call(t.app, 'POST', 'user/create', { token, body: { username: '!', role: 'X', page: [] } }),
        400,
      ],
      [
        await call(t.app, 'POST', 'users', { token, body: { page: 'abc', pageSize: -1, q: { $ne: 1 } } }),
        400,
      ],
      [await call(t.app, 'POST', 'users', { token, body: [1, 2, 3] }), 400],
      [await call(t.app, 'POST', 'me', { body: {} }), 401],
      [await call(t.app, 'POST', 'access-token', { token: agent.token, body: {} }), 403],
      [await call(t.app, 'DELETE', `users/${admin.id}/delete`, { token }), 403],
      [await call(t.app, 'DELETE', 'access-token/00000000-0000-4000-8000-000000000000', { token }), 404],
      [await call(t.app, 'POST', 'user/update/password', { token, body: { currentPassword: 1 } }), 400],
    ];
    for (const [res, status] of replies) expectCleanError(res, status);
  });

  it('refuses the NUL character anywhere as bad input, not a database failure', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const token = admin.token;
    const cases: Array<[Reply, Record<string, string>]> = [
      [
        await call(t.app, 'POST', 'login', { body: { username: 'a\u0000b', password: 'x' } }),
        { username: 'ຄ່າບໍ່ຖືກຕ້ອງ' },
      ],
      [await call(t.app, 'POST', 'users', { token, body: { q: '\u0000' } }), { q: 'ຄ່າບໍ່ຖືກຕ້ອງ' }],
      [await call(t.app, 'GET', `shops?q=a%00`, { token }), { q: 'ຄ່າບໍ່ຖືກຕ້ອງ' }],
      [
        await call(t.app, 'POST', 'user/create', {
          token,
          body: { username: unique('nul'), fullName: 'a\u0000', password: 'long-enough-1', role: 'AGENT' },
        }),
        { fullName: 'ຄ່າບໍ່ຖືກຕ້ອງ' },
      ],
    ];
    for (const [res, messages] of cases) {
      expectCleanError(res, 400);
      expect(res.body.messages).toEqual(messages);
    }
  });

  it('answers an internal failure with a plain 500 envelope, no SQL or stack', async () => {
    const broken = await createTestApp();
    try {
      const admin = await signedIn(broken, 'ADMIN');
      await asSuperuser(broken, 'alter table shops rename to shops_gone');
      const res = await call(broken.app, 'POST', 'users', { token: admin.token, body: {} });
      expectCleanError(res, 500);
      expect(res.body).toEqual({ status: 'error', message: 'ເກີດຂໍ້ຜິດພາດໃນລະບົບ, ກະລຸນາລອງໃໝ່ອີກຄັ້ງ' });
      expect(res.headers['x-request-id']).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents the API paths', async () => {
    const res = await raw('GET', '/parking-hub-api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/parking-hub-api/v1/login']?.post).toBeDefined();
    for (const [p, m] of [
      ['/parking-hub-api/v1/me', 'post'],
      ['/parking-hub-api/v1/users', 'post'],
      ['/parking-hub-api/v1/users/{u_id}/update/status', 'patch'],
      ['/parking-hub-api/v1/users/{id}/delete', 'delete'],
      ['/parking-hub-api/v1/access-token/{sessionId}', 'delete'],
      ['/parking-hub-api/v1/report/last-action', 'post'],
    ] as const) {
      expect(doc.paths[p]?.[m], `${m} ${p}`).toBeDefined();
    }
  });

  it('serves the docs page as HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/parking-hub-api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});

describe('input', () => {
  it('drops unknown body fields instead of writing them', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const forgedId = '11111111-1111-4111-8111-111111111111';
    const res = await call<{ id: string }>(t.app, 'POST', 'user/create', {
      token: admin.token,
      body: {
        username: unique('drop'),
        fullName: 'Dropped fields',
        password: 'long-enough-1',
        role: 'AGENT',
        id: forgedId,
        status: 'SUSPENDED',
        passwordHash: 'forged',
        createdBy: forgedId,
        deletedAt: '2020-01-01T00:00:00Z',
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.data?.id).not.toBe(forgedId);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.data?.id ?? ''));
    expect(row).toMatchObject({ status: 'ACTIVE', createdBy: admin.id, deletedAt: null, role: 'AGENT' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.db.$count(users, eq(users.id, forgedId))).toBe(0);

    const shop = await insertShop(t.db);
    const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
    const profile = await call(t.app, 'POST', 'users/update/profile', {
      token: cashier.token,
      body: { userId: cashier.id, fullName: 'Still cashier', role: 'SUPER-ADMIN', shopId: null, status: 'X' },
    });
    expect(profile.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.id, cashier.id));
    expect(after).toMatchObject({
      fullName: 'Still cashier',
      role: 'SHOP',
      shopId: shop.id,
      status: 'ACTIVE',
    });
  });

  it('answers in English for Accept-Language: en, Lao otherwise', async () => {
    const en = { 'accept-language': 'en-US,en;q=0.9,lo;q=0.5' };
    const anon = await call(t.app, 'POST', 'me', { body: {}, headers: en });
    expect(anon.body.message).toBe('Please sign in');
    const admin = await signedIn(t, 'ADMIN');
    const bad = await call(t.app, 'POST', 'user/create', {
      token: admin.token,
      headers: en,
      body: { username: 'A', fullName: '', password: 'short', role: 'MANAGER' },
    });
    expect(bad.body).toEqual({
      status: 'error',
      message: 'Some input is not valid; please check it',
      messages: {
        username: 'User name: 3–50 characters, a–z, 0–9 and . _ - only',
        fullName: 'Please enter the user name',
        password: 'The password needs at least 8 characters',
        shopId: 'Please choose a shop',
      },
    });
    const missing = await raw('GET', '/parking-hub-api/nowhere', undefined, { 'accept-language': 'en' });
    expect(missing.json()).toEqual({ status: 'error', message: 'No such route' });
    const lao = await call(t.app, 'POST', 'me', { body: {}, headers: { 'accept-language': 'lo,en;q=0.8' } });
    expect(lao.body.message).toBe('ກະລຸນາເຂົ້າສູ່ລະບົບ');
  });
});
