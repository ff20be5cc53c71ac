import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import {
  call,
  createTestApp,
  insertShop,
  insertUser,
  loginAs,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15', SESSION_IDLE_MINUTES: '60' });
});
afterAll(() => t.close());

describe('POST /v1/login', () => {
  it('answers a token and the session fields, shop fields filled for shop staff', async () => {
    const shop = await insertShop(t.db, {
      name: 'ຮ້ານ ທົດລອງ',
      address: 'Vientiane',
      priceMotorbike: 3000,
      priceCar: 10000,
      openShop: '07:00',
      closeShop: '02:00',
      conditions: 'Keep the ticket',
    });
    const user = await insertUser(t.db, 'SHOP', { shopId: shop.id, phone: '02055551234' });
    const res = await call<{ token: string; user: Record<string, unknown> }>(t.app, 'POST', 'login', {
      body: { username: user.username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.data?.user).toMatchObject({
      id: user.id,
      userId: user.id,
      role: 'SHOP',
      shopId: shop.id,
      shopName: 'ຮ້ານ ທົດລອງ',
      address: 'Vientiane',
      conditions: 'Keep the ticket',
      priceMotorbike: 3000,
      priceCar: 10000,
      openShop: '07:00',
      closeShop: '02:00',
      logoPath: null,
    });
    // The phone number signs in too.
    const byPhone = await call(t.app, 'POST', 'login', {
      body: { username: '020 5555 1234', password: TEST_PASSWORD },
    });
    expect(byPhone.statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const user = await insertUser(t.db, 'ADMIN');
    const { token } = await loginAs(t.app, user.username);
    const rows = await t.db.select().from(sessions).where(sql`${sessions.userId} = ${user.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash.toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
    expect(rows[0]?.tokenHash).toHaveLength(32);
  });

  it('gives a wrong user name and a wrong password the same answer', async () => {
    const user = await insertUser(t.db, 'ADMIN');
    const noUser = await call(t.app, 'POST', 'login', {
      body: { username: 'nobody-here', password: 'whatever-1' },
      ip: '10.0.0.1',
    });
    const badPass = await call(t.app, 'POST', 'login', {
      body: { username: user.username, password: 'wrong-pass' },
      ip: '10.0.0.2',
    });
    expect(noUser.statusCode).toBe(401);
    expect(badPass.statusCode).toBe(401);
    expect(noUser.body).toEqual(badPass.body);
    expect(badPass.body.message).toBe('ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ');
  });

  it('answers in English when asked', async () => {
    const res = await call(t.app, 'POST', 'login', {
      body: { username: 'nobody', password: 'x' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      ip: '10.0.0.3',
    });
    expect(res.body.message).toBe('Wrong user name or password');
  });

  it('rejects bad input per field and changes nothing', async () => {
    const res = await call(t.app, 'POST', 'login', { body: { username: '', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.body.messages).toEqual({ username: 'ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້', password: 'ກະລຸນາປ້ອນລະຫັດຜ່ານ' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/parking-hub-api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ status: 'error', message: 'ຮູບແບບຂໍ້ມູນບໍ່ຖືກຕ້ອງ' });
  });

  it('locks the account after repeated failures with 429, even for the right password', async () => {
    const user = await insertUser(t.db, 'MANAGER', { shopId: (await insertShop(t.db)).id });
    for (let i = 0; i < 3; i++) {
      const r = await call(t.app, 'POST', 'login', {
        body: { username: user.username, password: 'wrong-pass' },
        ip: `10.1.0.${i}`,
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await call(t.app, 'POST', 'login', {
      body: { username: user.username, password: TEST_PASSWORD },
      ip: '10.1.0.9',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.body.message).toContain('ບັນຊີຖືກລັອກຊົ່ວຄາວ');
    expect(locked.body.message).toContain('15');
    // An unknown name locks the same way, so a lock tells nothing about who exists.
    for (let i = 0; i < 3; i++)
      await call(t.app, 'POST', 'login', {
        body: { username: 'ghost-user', password: 'x' },
        ip: `10.2.0.${i}`,
      });
    const ghost = await call(t.app, 'POST', 'login', {
      body: { username: 'ghost-user', password: 'x' },
      ip: '10.2.0.9',
    });
    expect(ghost.statusCode).toBe(429);
    expect(ghost.body.message).toBe(locked.body.message);
  });

  it('a success clears the failure count', async () => {
    const user = await insertUser(t.db, 'ADMIN');
    for (let i = 0; i < 2; i++)
      await call(t.app, 'POST', 'login', {
        body: { username: user.username, password: 'nope-nope' },
        ip: '10.3.0.1',
      });
    await loginAs(t.app, user.username, TEST_PASSWORD, '10.3.0.1');
    for (let i = 0; i < 2; i++) {
      const r = await call(t.app, 'POST', 'login', {
        body: { username: user.username, password: 'nope-nope' },
        ip: '10.3.0.1',
      });
      expect(r.statusCode).toBe(401);
    }
  });

  it('refuses a suspended user with a clear message, only when the password is right', async () => {
    const user = await insertUser(t.db, 'ADMIN', { status: 'SUSPENDED' });
    const right = await call(t.app, 'POST', 'login', {
      body: { username: user.username, password: TEST_PASSWORD },
      ip: '10.4.0.1',
    });
    expect(right.statusCode).toBe(403);
    expect(right.body.message).toBe('ບັນຊີນີ້ຖືກລະງັບ, ກະລຸນາຕິດຕໍ່ຜູ້ດູແລລະບົບ');
    const wrong = await call(t.app, 'POST', 'login', {
      body: { username: user.username, password: 'wrong-pass' },
      ip: '10.4.0.1',
    });
    expect(wrong.statusCode).toBe(401);
  });
});

describe('login rate limit per IP', () => {
  it('answers 429 in Lao past the per-minute limit', async () => {
    const limited = await createTestApp({ LOGIN_RATE_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await call(limited.app, 'POST', 'login', {
          body: { username: `u${i}`, password: 'x' },
          ip: '10.9.9.9',
        });
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(r.body.message).toContain('ມີການຮ້ອງຂໍຫຼາຍເກີນໄປ');
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('/v1/me answers the user; /v1/logout revokes the token', async () => {
    const user = await insertUser(t.db, 'AGENT');
    const { token } = await loginAs(t.app, user.username);
    const me = await call<{ user: { id: string; role: string } }>(t.app, 'POST', 'me', {
      token,
      body: { brand: 'unknown' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.body.data?.user).toMatchObject({ id: user.id, role: 'AGENT', shopId: null, priceCar: 0 });
    const out = await call(t.app, 'POST', 'logout', { token });
    expect(out.statusCode).toBe(200);
    const after = await call(t.app, 'POST', 'me', { token, body: {} });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    expect((await call(t.app, 'POST', 'me', { body: {} })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', 'me', { body: {}, headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
    const unknown = await call(t.app, 'POST', 'me', { token: 'A'.repeat(43), body: {} });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body.message).toBe('ໝົດເວລາເຂົ້າໃຊ້ງານ, ກະລຸນາເຂົ້າສູ່ລະບົບໃໝ່');
  });

  it('expires a session past its absolute expiry', async () => {
    const user = await insertUser(t.db, 'ADMIN');
    const { token, user: s } = await loginAs(t.app, user.username);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${sessions.id} = ${s.sessionId}`);
    expect((await call(t.app, 'POST', 'me', { token, body: {} })).statusCode).toBe(401);
  });

  it('expires a session left idle longer than the idle limit, and keeps a used one alive', async () => {
    const user = await insertUser(t.db, 'ADMIN');
    const idle = await loginAs(t.app, user.username);
    const used = await loginAs(t.app, user.username);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '61 minutes'` })
      .where(sql`${sessions.id} = ${idle.user.sessionId}`);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '59 minutes'` })
      .where(sql`${sessions.id} = ${used.user.sessionId}`);
    expect((await call(t.app, 'POST', 'me', { token: idle.token, body: {} })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', 'me', { token: used.token, body: {} })).statusCode).toBe(200);
  });

  it('records the device brand the app sends', async () => {
    const user = await insertUser(t.db, 'ADMIN');
    const { token, user: s } = await loginAs(t.app, user.username);
    await call(t.app, 'POST', 'me', { token, body: { brand: 'samsung' } });
    const [row] = await t.db.select().from(sessions).where(sql`${sessions.id} = ${s.sessionId}`);
    expect(row?.brand).toBe('samsung');
  });
});
