import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { call, createTestApp, insertUser, loginAs, signedIn, type TestApp } from '../../test/harness.ts';
import {
  eventually,
  type ServerProcess,
  serverReady,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process.ts';
import { AUTH_CHANNEL } from './auth-events.ts';
import { ChangeFeed } from './change-feed.ts';
import { SessionCache } from './session-cache.ts';
import type { LiveSession } from './sessions.repository.ts';

let a: TestApp;
/** A second instance: the real server in its own process on the same database (behind a load balancer). */
let b: { base: string; server: ServerProcess };

beforeAll(async () => {
  a = await createTestApp();
  const server = await startServerProcess({ DATABASE_URL: a.url });
  await serverReady(server);
  b = { base: `http://127.0.0.1:${server.port}`, server };
}, 90_000);
afterAll(async () => {
  await stopServerProcess(b.server);
  await a.close();
});

/** The status of POST /v1/users (any signed-in role) on this instance or on the other one. */
async function users(on: TestApp['app'] | 'other', token: string): Promise<number> {
  if (on !== 'other') return (await call(on, 'POST', 'users', { token, body: {} })).statusCode;
  const res = await fetch(`${b.base}/parking-hub-api/v1/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return res.status;
}

async function accessTokensOnOther(token: string): Promise<number> {
  const res = await fetch(`${b.base}/parking-hub-api/v1/access-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return res.status;
}

describe('the session cache', () => {
  it('is used: a session ended behind the app’s back still signs in until the cache forgets it', async () => {
    const admin = await signedIn(a, 'ADMIN');
    expect(await users(a.app, admin.token)).toBe(200);
    // No notification: only the copy in memory knows the session.
    await a.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, admin.sessionId));
    expect(await users(a.app, admin.token)).toBe(200);
    // /v1/me always reads the database.
    expect((await call(a.app, 'POST', 'me', { token: admin.token, body: {} })).statusCode).toBe(401);
  });

  it('forgets a revoked session on the very next request of the instance that revoked it', async () => {
    const sa = await signedIn(a, 'SUPER-ADMIN');
    const agent = await signedIn(a, 'AGENT');
    expect(await users(a.app, agent.token)).toBe(200);
    const revoke = await call(a.app, 'DELETE', `access-token/${agent.sessionId}`, { token: sa.token });
    expect(revoke.statusCode).toBe(200);
    expect(await users(a.app, agent.token)).toBe(401);
  });

  it('tells the other instances: revoked on one, refused on the other', async () => {
    const sa = await signedIn(a, 'SUPER-ADMIN');
    const agent = await signedIn(a, 'AGENT');
    expect(await users('other', agent.token)).toBe(200);
    expect(await users('other', agent.token)).toBe(200);
    await call(a.app, 'DELETE', `access-token/${agent.sessionId}`, { token: sa.token });
    expect(await eventually(async () => (await users('other', agent.token)) === 401)).toBe(true);
  });

  it('tells the other instances when a user is suspended or changes role', async () => {
    const sa = await signedIn(a, 'SUPER-ADMIN');
    const admin = await signedIn(a, 'ADMIN');
    const agent = await signedIn(a, 'AGENT');
    expect(await accessTokensOnOther(admin.token)).toBe(200);
    await call(a.app, 'POST', 'user/update', {
      token: sa.token,
      body: { id: admin.id, username: admin.username, fullName: 'Now an agent', role: 'AGENT' },
    });
    expect(await eventually(async () => (await accessTokensOnOther(admin.token)) === 403)).toBe(true);
    expect(await users('other', agent.token)).toBe(200);
    await call(a.app, 'PATCH', `users/${agent.id}/update/status`, {
      token: sa.token,
      body: { u_id: agent.id, status: 'SUSPENDED' },
    });
    expect(await eventually(async () => (await users('other', agent.token)) === 401)).toBe(true);
  });
});

describe('SessionCache', () => {
  const feed = new ChangeFeed();
  const cache = new SessionCache(60_000, 3_600_000, feed);
  let notifier: pg.Client;
  beforeAll(async () => {
    await feed.listen(a.url);
    notifier = new pg.Client({ connectionString: a.url });
    await notifier.connect();
  });
  afterAll(async () => {
    await notifier.end();
    cache.close();
    await feed.close();
  });

  async function session(): Promise<LiveSession> {
    const user = await insertUser(a.db, 'ADMIN');
    await loginAs(a.app, user.username);
    const [row] = await a.db.select().from(sessions).where(eq(sessions.userId, user.id));
    return {
      sessionId: row?.id ?? '',
      lastUsedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      brand: null,
      userId: user.id,
    } as LiveSession;
  }

  it('does not keep a read that began before a change', async () => {
    const s = await session();
    const started = cache.begin();
    cache.evict(`u:${s.userId}`);
    cache.set('k1', s, started);
    expect(cache.get('k1')).toBeNull();
    cache.set('k1', s, cache.begin());
    expect(cache.get('k1')).toEqual(s);
  });

  it('forgets on a notification, and expired or idle sessions by itself', async () => {
    const s = await session();
    cache.set('k2', s, cache.begin());
    await notifier.query(`select pg_notify('${AUTH_CHANNEL}', $1)`, [`s:${s.sessionId}`]);
    expect(await eventually(async () => cache.get('k2') === null)).toBe(true);
    cache.set('k3', { ...s, expiresAt: new Date(Date.now() - 1) }, cache.begin());
    expect(cache.get('k3')).toBeNull();
    cache.set('k4', { ...s, lastUsedAt: new Date(Date.now() - 3_600_001) }, cache.begin());
    expect(cache.get('k4')).toBeNull();
  });

  it('is off while it cannot listen, and after close', async () => {
    const ownFeed = new ChangeFeed();
    const off = new SessionCache(60_000, 3_600_000, ownFeed);
    const s = await session();
    off.set('k', s, off.begin());
    expect(off.get('k')).toBeNull();
    await ownFeed.listen(a.url);
    expect(off.enabled).toBe(true);
    off.close();
    expect(off.enabled).toBe(false);
    await ownFeed.close();
  });
});
