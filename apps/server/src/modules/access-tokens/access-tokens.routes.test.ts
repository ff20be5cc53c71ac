import type { AccessToken } from '@parking-hub/contracts/access-tokens';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { sessions } from '../../db/schema/sessions.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  insertShop,
  loginAs,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '60' });
});
afterAll(() => t.close());

const list = (token: string | undefined, body: object = {}) =>
  call<AccessToken[]>(t.app, 'POST', 'access-token', { ...(token ? { token } : {}), body });
const revoke = (token: string | undefined, id: string) =>
  call(t.app, 'DELETE', `access-token/${id}`, token ? { token } : {});
const me = (token: string) => call(t.app, 'POST', 'me', { token, body: {} });
const sessionRow = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0];

describe('POST /v1/access-token', () => {
  it('lists sessions with their fields, paged, marking the caller’s own', async () => {
    const admin = await signedIn(t, 'ADMIN', { fullName: unique('Paging Admin ') });
    await loginAs(t.app, admin.username);
    await loginAs(t.app, admin.username);
    const first = await list(admin.token, { userId: admin.id, pageSize: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    const second = await list(admin.token, { userId: admin.id, pageSize: 2, page: 2 });
    expect(second.body.data).toHaveLength(1);
    const all = [...(first.body.data ?? []), ...(second.body.data ?? [])];
    expect(new Set(all.map((s) => s.id)).size).toBe(3);
    const own = all.find((s) => s.id === admin.sessionId);
    expect(own).toMatchObject({
      userId: admin.id,
      username: admin.username,
      role: 'ADMIN',
      brand: 'unknown',
      ip: '127.0.0.1',
      status: 'ACTIVE',
      current: true,
      revokedAt: null,
    });
    expect(all.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(all)).not.toMatch(/tokenHash|token_hash/);
  });

  it('filters by user, status and search text', async () => {
    const sa = await signedIn(t, 'SUPER-ADMIN');
    const agent = await signedIn(t, 'AGENT', { fullName: unique('Filter Agent ') });
    const old = await loginAs(t.app, agent.username);
    const gone = await loginAs(t.app, agent.username);
    await t.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 hours'` })
      .where(eq(sessions.id, old.user.sessionId));
    await call(t.app, 'POST', 'logout', { token: gone.token });
    const byStatus = async (status?: string) =>
      (await list(sa.token, { userId: agent.id, ...(status ? { status } : {}) })).body.data?.map((s) => [
        s.id,
        s.status,
      ]);
    expect(await byStatus('ACTIVE')).toEqual([[agent.sessionId, 'ACTIVE']]);
    expect(await byStatus('EXPIRED')).toEqual([[old.user.sessionId, 'EXPIRED']]);
    expect(await byStatus('REVOKED')).toEqual([[gone.user.sessionId, 'REVOKED']]);
    expect(await byStatus()).toHaveLength(3);
    const byName = await list(sa.token, { q: agent.username.toUpperCase() });
    expect(byName.body.data?.every((s) => s.userId === agent.id)).toBe(true);
    expect(byName.body.meta?.total).toBe(3);
    expect((await list(sa.token, { q: 'no-such-user-anywhere' })).body.meta?.total).toBe(0);
  });

  it('refuses bad input with per-field messages', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const res = await list(admin.token, { userId: 'nope', status: 'LIVE', page: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.body.messages).toMatchObject({ userId: 'ຄ່າບໍ່ຖືກຕ້ອງ', status: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expect(Object.keys(res.body.messages ?? {}).sort()).toEqual(['page', 'status', 'userId']);
  });

  it('is for ADMIN and SUPER-ADMIN only: other roles 403, no token 401', async () => {
    const shop = await insertShop(t.db);
    for (const role of ['AGENT', 'MANAGER', 'SHOP'] as const) {
      const user = await signedIn(t, role, role === 'AGENT' ? {} : { shopId: shop.id });
      const res = await list(user.token);
      expect([res.statusCode, res.body]).toEqual([403, { status: 'error', message: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ' }]);
    }
    const anon = await list(undefined);
    expect([anon.statusCode, anon.body.message]).toEqual([401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ']);
  });
});

describe('DELETE /v1/access-token/{sessionId}', () => {
  it('revokes: the token gets 401 on its next request; session.revoke is written', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db);
    const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
    const other = await loginAs(t.app, cashier.username);
    expect((await me(cashier.token)).statusCode).toBe(200);
    const res = await revoke(admin.token, cashier.sessionId);
    expect([res.statusCode, res.body.message]).toEqual([200, 'ຍົກເລີກໂທເຄັນສຳເລັດ']);
    const after = await me(cashier.token);
    expect([after.statusCode, after.body.message]).toEqual([401, 'ໝົດເວລາເຂົ້າໃຊ້ງານ, ກະລຸນາເຂົ້າສູ່ລະບົບໃໝ່']);
    expect((await me(other.token)).statusCode).toBe(200);
    const row = await sessionRow(cashier.sessionId);
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(row?.revokedReason).toBe(`revoked-by:${admin.id}`);
    const events = await auditEventsOf(t.db, cashier.sessionId);
    expect(events.map((e) => e.action)).toEqual(['auth.login', 'session.revoke']);
    expect(events[1]).toMatchObject({ actorId: admin.id, shopId: shop.id, after: { userId: cashier.id } });
    const listed = await list(admin.token, { userId: cashier.id, status: 'REVOKED' });
    expect(listed.body.data?.map((s) => s.id)).toEqual([cashier.sessionId]);
    // Revoking it again changes nothing and writes nothing.
    const count = await t.db.$count(auditEvents);
    expect((await revoke(admin.token, cashier.sessionId)).statusCode).toBe(200);
    expect(await t.db.$count(auditEvents)).toBe(count);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const unknown = await revoke(admin.token, '00000000-0000-4000-8000-000000000000');
    expect([unknown.statusCode, unknown.body.message]).toEqual([404, 'ບໍ່ພົບໂທເຄັນນີ້']);
    const bad = await revoke(admin.token, 'abc');
    expect([bad.statusCode, bad.body.messages]).toEqual([400, { sessionId: 'ຄ່າບໍ່ຖືກຕ້ອງ' }]);
  });

  it('an ADMIN cannot revoke a SUPER-ADMIN’s or another ADMIN’s session; a SUPER-ADMIN can', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const peer = await signedIn(t, 'ADMIN');
    const sa = await signedIn(t, 'SUPER-ADMIN');
    const count = await t.db.$count(auditEvents);
    for (const target of [sa, peer]) {
      const res = await revoke(admin.token, target.sessionId);
      expect([res.statusCode, res.body.message]).toEqual([403, 'ທ່ານບໍ່ສາມາດຈັດການຜູ້ໃຊ້ບົດບາດນີ້ໄດ້']);
      expect((await sessionRow(target.sessionId))?.revokedAt).toBeNull();
      expect((await me(target.token)).statusCode).toBe(200);
    }
    expect(await t.db.$count(auditEvents)).toBe(count);
    expect((await revoke(sa.token, peer.sessionId)).statusCode).toBe(200);
    expect((await me(peer.token)).statusCode).toBe(401);
    // Anyone allowed here may end their own session.
    expect((await revoke(admin.token, admin.sessionId)).statusCode).toBe(200);
    expect((await me(admin.token)).statusCode).toBe(401);
  });

  it('is for ADMIN and SUPER-ADMIN only, even for an own session', async () => {
    const agent = await signedIn(t, 'AGENT');
    const res = await revoke(agent.token, agent.sessionId);
    expect([res.statusCode, res.body.message]).toEqual([403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ']);
    expect((await revoke(undefined, agent.sessionId)).statusCode).toBe(401);
    expect((await sessionRow(agent.sessionId))?.revokedAt).toBeNull();
  });
});
