import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  insertUser,
  loginAs,
  type Reply,
  signedIn,
  TEST_PASSWORD,
  type TestApp,
  unique,
} from '../../test/harness.ts';

type U = { id: string; username: string; role: string; status: string; shopId: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = <T = unknown>(path: string, token: string, body: unknown) =>
  call<T>(t.app, 'POST', path, { token, body });
const ids = (res: Reply<U[]>) => (res.body.data ?? []).map((u) => u.id).sort();
const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const counts = async () => ({ users: await t.db.$count(users), audit: await t.db.$count(auditEvents) });
const me = (token: string) => call(t.app, 'POST', 'me', { token, body: {} });
const fields = ({ id, username, role }: Pick<U, 'id' | 'username' | 'role'>) => ({ id, username, role });
const actions = async (id: string) => (await auditEventsOf(t.db, id)).map((e) => e.action);

const M = {
  notAllowed: 'ທ່ານບໍ່ສາມາດຈັດການຜູ້ໃຊ້ບົດບາດນີ້ໄດ້',
  outOfScope: 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້',
  shopRequired: 'ກະລຸນາເລືອກຮ້ານ',
  nameRequired: 'ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້',
  shortPassword: 'ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ',
  mismatch: 'ລະຫັດຜ່ານບໍ່ກົງກັນ',
  usernameTaken: 'ຊື່ຜູ້ໃຊ້ນີ້ມີຢູ່ແລ້ວ',
  userNotFound: 'ບໍ່ພົບຜູ້ໃຊ້ນີ້',
  invalid: 'ຄ່າບໍ່ຖືກຕ້ອງ',
};

describe('POST /v1/users', () => {
  it('lists page by page with meta; the page comes from the query or the body', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const tag = unique('pg');
    for (let i = 0; i < 3; i++) await insertUser(t.db, 'AGENT', { username: `${tag}-${i}` });
    const first = await post<U[]>('users', admin.token, { q: tag, pageSize: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(first.body.data?.map((u) => u.username)).toEqual([`${tag}-2`, `${tag}-1`]);
    for (const body of [
      { q: tag, pageSize: 2 },
      { q: tag, pageSize: 2, page: 2 },
    ]) {
      const second = await post<U[]>('/parking-hub-api/v1/users?page=2', admin.token, body);
      expect(second.body.meta).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
      expect(second.body.data?.map((u) => u.username)).toEqual([`${tag}-0`]);
    }
    const bad = await post('users', admin.token, { pageSize: 500, role: 'KING' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.body.messages ?? {}).sort()).toEqual(['pageSize', 'role']);
  });

  it('filters by search text, role, status and shop', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db);
    const mgr = await insertUser(t.db, 'MANAGER', { shopId: shop.id, fullName: 'Somchai Filter' });
    const cashier = await insertUser(t.db, 'SHOP', { shopId: shop.id });
    const off = await insertUser(t.db, 'SHOP', { shopId: shop.id, status: 'SUSPENDED' });
    const list = async (body: object) => ids(await post('users', admin.token, { shopId: shop.id, ...body }));
    expect(await list({})).toEqual([mgr.id, cashier.id, off.id].sort());
    expect(await list({ role: 'MANAGER' })).toEqual([mgr.id]);
    expect(await list({ status: 'SUSPENDED' })).toEqual([off.id]);
    expect(await list({ q: 'somchai filt' })).toEqual([mgr.id]);
    expect(await list({ q: cashier.username.toUpperCase() })).toEqual([cashier.id]);
    expect(await list({ q: '%' })).toEqual([]);
  });

  it('scopes: agent → their shops, manager → shop and branches, shop → own shop; never deleted', async () => {
    const agent = await signedIn(t, 'AGENT');
    const main = await insertShop(t.db, { agentId: agent.id });
    const branch = await insertShop(t.db, { agentId: agent.id, parentId: main.id });
    const foreign = await insertShop(t.db, { agentId: (await insertUser(t.db, 'AGENT')).id });
    const mgr = await signedIn(t, 'MANAGER', { shopId: main.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: main.id });
    const branchUser = await insertUser(t.db, 'SHOP', { shopId: branch.id });
    await insertUser(t.db, 'SHOP', { shopId: foreign.id });
    await insertUser(t.db, 'SHOP', { shopId: main.id, status: 'DELETED', deletedAt: new Date() });
    const mine = [mgr.id, cashier.id, branchUser.id].sort();
    expect(ids(await post('users', agent.token, { page: 1 }))).toEqual(mine);
    expect(ids(await post('users', mgr.token, { page: 1 }))).toEqual(mine);
    expect(ids(await post('users', cashier.token, { page: 1 }))).toEqual([mgr.id, cashier.id].sort());
    // Asking for another shop gives an empty, correctly scoped list, never its users.
    const asked = await post<U[]>('users', cashier.token, { shopId: foreign.id });
    expect([asked.statusCode, asked.body.data, asked.body.meta?.total]).toEqual([200, [], 0]);
    expect((await call(t.app, 'POST', 'users', { body: {} })).statusCode).toBe(401);
  });
});

describe('POST /v1/user/create', () => {
  const body = (extra: object = {}) => ({
    username: unique('new'),
    fullName: 'ທ້າວ ໃໝ່',
    password: 'secret-pass-1',
    ...extra,
  });

  it('creates a lower-role user, stores an argon2id hash and writes user.create', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db);
    const b = body({ role: 'MANAGER', shopId: shop.id, phone: '020 5555 0101', email: 'New@Mail.LA' });
    const res = await post<U>('user/create', admin.token, b);
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    expect(res.body.data).toMatchObject({
      username: b.username,
      phone: '02055550101',
      email: 'new@mail.la',
      role: 'MANAGER',
      status: 'ACTIVE',
      shopId: shop.id,
      shopName: shop.name,
    });
    const row = await userRow(res.body.data?.id ?? '');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.createdBy).toBe(admin.id);
    const [event] = await auditEventsOf(t.db, row?.id ?? '');
    expect(event).toMatchObject({
      action: 'user.create',
      actorId: admin.id,
      actorRole: 'ADMIN',
      shopId: shop.id,
    });
    expect(JSON.stringify(event?.after)).not.toContain('argon2');
    await loginAs(t.app, b.username, 'secret-pass-1');
  });

  it('answers 400 with Lao messages per field and writes nothing', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const before = await counts();
    const bad = { username: 'A b', fullName: ' ', phone: 'abc', email: 'x', password: 'short', role: 'SHOP' };
    const res = await post('user/create', admin.token, bad);
    expect(res.body.message).toBe('ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ');
    expectError(res, 400, {
      username: 'ຊື່ຜູ້ໃຊ້ມີ 3–50 ຕົວ: a–z, 0–9 ແລະ . _ - ເທົ່ານັ້ນ',
      fullName: M.nameRequired,
      phone: 'ເບີໂທບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
      email: 'ອີເມວບໍ່ຖືກຕ້ອງ',
      password: M.shortPassword,
      shopId: M.shopRequired,
    });
    for (const role of ['MANAGER', 'SHOP']) {
      expectError(await post('user/create', admin.token, body({ role })), 400, { shopId: M.shopRequired });
    }
    const ghost = body({ role: 'SHOP', shopId: '00000000-0000-4000-8000-000000000000' });
    expectError(await post('user/create', admin.token, ghost), 400, { shopId: 'ບໍ່ພົບຮ້ານນີ້' });
    expectError(await post('user/create', admin.token, body({ role: 'KING' })), 400, {
      role: 'ກະລຸນາເລືອກບົດບາດ',
    });
    expect(await counts()).toEqual(before);
  });

  it('answers 409 for a taken user name or phone, whatever their spelling', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const first = body({ role: 'AGENT', phone: '02055550202' });
    expect((await post('user/create', admin.token, first)).statusCode).toBe(201);
    const before = await counts();
    const sameName = body({ role: 'AGENT', username: first.username.toUpperCase() });
    expectError(await post('user/create', admin.token, sameName), 409, { username: M.usernameTaken });
    const samePhone = body({ role: 'AGENT', phone: '020 5555 0202' });
    expectError(await post('user/create', admin.token, samePhone), 409, { phone: 'ເບີໂທນີ້ຖືກໃຊ້ແລ້ວ' });
    expect(await counts()).toEqual(before);
  });

  it('creates only lower roles inside the scope; only SUPER-ADMIN creates ADMIN', async () => {
    const sa = await signedIn(t, 'SUPER-ADMIN');
    const admin = await signedIn(t, 'ADMIN');
    const agent = await signedIn(t, 'AGENT');
    const own = await insertShop(t.db, { agentId: agent.id });
    const foreign = await insertShop(t.db);
    const mgr = await signedIn(t, 'MANAGER', { shopId: own.id });
    const cashier = await signedIn(t, 'SHOP', { shopId: own.id });
    const before = await counts();
    const refused: Array<[string, object, string]> = [
      [admin.token, { role: 'ADMIN' }, M.notAllowed],
      [admin.token, { role: 'SUPER-ADMIN' }, M.notAllowed],
      [agent.token, { role: 'AGENT' }, M.notAllowed],
      [mgr.token, { role: 'MANAGER', shopId: own.id }, M.notAllowed],
      [cashier.token, { role: 'SHOP', shopId: own.id }, M.notAllowed],
      [agent.token, { role: 'MANAGER', shopId: foreign.id }, M.outOfScope],
      [mgr.token, { role: 'SHOP', shopId: foreign.id }, M.outOfScope],
    ];
    for (const [token, extra, message] of refused) {
      expectError(await post('user/create', token, body(extra)), 403, message);
    }
    expect(await counts()).toEqual(before);
    const allowed: Array<[string, object]> = [
      [sa.token, { role: 'ADMIN' }],
      [sa.token, { role: 'SUPER-ADMIN' }],
      [admin.token, { role: 'AGENT' }],
      [agent.token, { role: 'MANAGER', shopId: own.id }],
      [mgr.token, { role: 'SHOP', shopId: own.id }],
    ];
    for (const [token, extra] of allowed) {
      expect((await post('user/create', token, body(extra))).statusCode).toBe(201);
    }
    expect(await counts()).toEqual({ users: before.users + 5, audit: before.audit + 5 });
  });
});

describe('POST /v1/user/update', () => {
  it('edits a user in scope and writes user.update with before and after', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await insertUser(t.db, 'AGENT');
    const edit = { ...fields(agent), fullName: 'Renamed', phone: '030 555 1234' };
    const res = await post('user/update', admin.token, edit);
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    expect(await userRow(agent.id)).toMatchObject({ fullName: 'Renamed', phone: '0305551234' });
    const [event] = await auditEventsOf(t.db, agent.id);
    expect(event?.action).toBe('user.update');
    expect(event?.before).toMatchObject({ fullName: `Test ${agent.username}` });
    expect(event?.after).toMatchObject({ fullName: 'Renamed' });
  });

  it('a password reset signs the user out everywhere', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await signedIn(t, 'AGENT');
    expect((await me(agent.token)).statusCode).toBe(200);
    const reset = { ...fields(agent), fullName: 'A', password: 'brand-new-1' };
    expect((await post('user/update', admin.token, reset)).statusCode).toBe(200);
    expect((await me(agent.token)).statusCode).toBe(401);
    await loginAs(t.app, agent.username, 'brand-new-1');
    const [event] = await auditEventsOf(t.db, agent.id);
    expect(event).toMatchObject({ action: 'user.update', after: { passwordReset: true } });
  });

  it('refuses out-of-scope users, higher roles, own role changes and taken names', async () => {
    const shop = await insertShop(t.db);
    const foreign = await insertShop(t.db);
    const mgr = await signedIn(t, 'MANAGER', { shopId: shop.id });
    const cashier = await insertUser(t.db, 'SHOP', { shopId: shop.id });
    const stranger = await insertUser(t.db, 'SHOP', { shopId: foreign.id });
    const edit = (u: { id: string; username: string }, extra: object) =>
      post('user/update', mgr.token, { ...u, fullName: 'X', role: 'SHOP', shopId: shop.id, ...extra });
    const before = await counts();
    expectError(await edit(stranger, { shopId: foreign.id }), 404, M.userNotFound);
    expectError(await edit(cashier, { role: 'MANAGER' }), 403, M.notAllowed);
    expectError(await edit(cashier, { shopId: foreign.id }), 403, M.outOfScope);
    expectError(await edit(mgr, { role: 'SHOP' }), 403, 'ບໍ່ສາມາດປ່ຽນບົດບາດ ຫຼື ຮ້ານຂອງຕົນເອງໄດ້');
    expectError(await edit(cashier, { username: mgr.username }), 409, { username: M.usernameTaken });
    expectError(await edit(cashier, { password: 'short' }), 400, {
      password: M.shortPassword,
    });
    expect(await counts()).toEqual(before);
    expect((await userRow(cashier.id))?.fullName).toBe(`Test ${cashier.username}`);
  });
});

describe('POST /v1/users/update/profile', () => {
  it('changes the own name only, with Lao messages for bad input', async () => {
    const user = await signedIn(t, 'AGENT');
    const other = await insertUser(t.db, 'AGENT');
    const profile = (body: object) => post('users/update/profile', user.token, { userId: user.id, ...body });
    const before = await counts();
    expectError(await profile({ fullName: 'A', password: 'new-password-1' }), 400, {
      password_confirmation: 'ກະລຸນາຢືນຢັນລະຫັດຜ່ານ',
    });
    const mismatch = { fullName: 'A', password: 'new-password-1', password_confirmation: 'other-1' };
    expectError(await profile(mismatch), 400, { password_confirmation: M.mismatch });
    expectError(await profile({ fullName: '' }), 400, { fullName: M.nameRequired });
    expectError(await profile({ userId: other.id, fullName: 'Hijack' }), 403, 'ແກ້ໄຂໄດ້ສະເພາະບັນຊີຂອງຕົນເອງ');
    expect(await counts()).toEqual(before);
    expect((await profile({ fullName: 'ນາງ ສົມໃຈ' })).statusCode).toBe(200);
    expect((await userRow(user.id))?.fullName).toBe('ນາງ ສົມໃຈ');
    expect((await userRow(other.id))?.fullName).toBe(`Test ${other.username}`);
    expect(await actions(user.id)).toEqual(['user.update_profile']);
  });

  it('a new password signs out the other sessions and keeps this one', async () => {
    const user = await signedIn(t, 'ADMIN');
    const second = await loginAs(t.app, user.username);
    const pw = { password: 'fresh-pass-1', password_confirmation: 'fresh-pass-1' };
    const res = await post('users/update/profile', user.token, { userId: user.id, fullName: 'Admin', ...pw });
    expect(res.statusCode).toBe(200);
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    await loginAs(t.app, user.username, 'fresh-pass-1');
    const [event] = await auditEventsOf(t.db, user.id);
    expect(event).toMatchObject({ action: 'user.update_profile', after: { passwordChanged: true } });
  });
});

describe('POST /v1/user/update/password', () => {
  const next = { password: 'next-pass-1', password_confirmation: 'next-pass-1' };

  it('needs the right current password and a matching confirmation', async () => {
    const user = await signedIn(t, 'AGENT');
    const hash = (await userRow(user.id))?.passwordHash;
    const change = (body: object) => post('user/update/password', user.token, body);
    expectError(await change({ currentPassword: 'not-it-1', ...next }), 400, {
      currentPassword: 'ລະຫັດຜ່ານປັດຈຸບັນບໍ່ຖືກຕ້ອງ',
    });
    expectError(await change(next), 400, { currentPassword: 'ກະລຸນາປ້ອນລະຫັດຜ່ານປັດຈຸບັນ' });
    expectError(await change({ ...next, currentPassword: TEST_PASSWORD, password_confirmation: 'x' }), 400, {
      password_confirmation: M.mismatch,
    });
    expect((await userRow(user.id))?.passwordHash).toBe(hash);
    expect(await actions(user.id)).toEqual([]);
  });

  it('changes it, signs out the other sessions and writes user.update_password', async () => {
    const user = await signedIn(t, 'AGENT');
    const second = await loginAs(t.app, user.username);
    const res = await post('user/update/password', user.token, { currentPassword: TEST_PASSWORD, ...next });
    expect([res.statusCode, res.body.message]).toEqual([200, 'ປ່ຽນລະຫັດຜ່ານສຳເລັດ, ກະລຸນາເຂົ້າສູ່ລະບົບໃໝ່']);
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    await expect(loginAs(t.app, user.username)).rejects.toThrow();
    await loginAs(t.app, user.username, 'next-pass-1');
    expect(await actions(user.id)).toEqual(['user.update_password', 'auth.login_failed']);
  });
});

describe('PATCH /v1/users/{u_id}/update/status', () => {
  const patch = (token: string, id: string, body: object) =>
    call<U>(t.app, 'PATCH', `users/${id}/update/status`, { token, body });

  it('suspends at once (the next request is 401) and re-activates', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await signedIn(t, 'AGENT');
    const off = await patch(admin.token, agent.id, { u_id: agent.id, status: 'SUSPENDED' });
    expect([off.statusCode, off.body.data?.status]).toEqual([200, 'SUSPENDED']);
    expect((await me(agent.token)).statusCode).toBe(401);
    const login = await call(t.app, 'POST', 'login', {
      body: { username: agent.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    const on = await patch(admin.token, agent.id, { u_id: agent.id, status: 'ACTIVE' });
    expect([on.statusCode, on.body.data?.status]).toEqual([200, 'ACTIVE']);
    await loginAs(t.app, agent.username);
    const events = await auditEventsOf(t.db, agent.id);
    expect(events.map((e) => [e.action, e.before, e.after])).toEqual([
      ['user.update_status', { status: 'ACTIVE' }, { status: 'SUSPENDED' }],
      ['user.update_status', { status: 'SUSPENDED' }, { status: 'ACTIVE' }],
    ]);
  });

  it('refuses a u_id other than the path, a bad status, the own account and higher roles', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const agent = await insertUser(t.db, 'AGENT');
    const sa = await insertUser(t.db, 'SUPER-ADMIN');
    const before = await counts();
    expectError(await patch(admin.token, agent.id, { u_id: sa.id, status: 'SUSPENDED' }), 400, {
      u_id: M.invalid,
    });
    const deleted = await patch(admin.token, agent.id, { u_id: agent.id, status: 'DELETED' });
    expectError(deleted, 400, { status: M.invalid });
    const self = await patch(admin.token, admin.id, { u_id: admin.id, status: 'SUSPENDED' });
    expectError(self, 403, 'ບໍ່ສາມາດປ່ຽນສະຖານະບັນຊີຂອງຕົນເອງໄດ້');
    expectError(await patch(admin.token, sa.id, { u_id: sa.id, status: 'SUSPENDED' }), 403, M.notAllowed);
    expect(await counts()).toEqual(before);
    expect((await userRow(sa.id))?.status).toBe('ACTIVE');
    expect((await userRow(agent.id))?.status).toBe('ACTIVE');
  });
});

describe('DELETE /v1/users/{id}/delete', () => {
  const del = (token: string, id: string) => call(t.app, 'DELETE', `users/${id}/delete`, { token });

  it('keeps the row as DELETED, signs the user out, hides them and frees the user name', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db);
    const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
    const res = await del(admin.token, cashier.id);
    expect([res.statusCode, res.body.message]).toEqual([200, 'ລຶບສຳເລັດ']);
    const row = await userRow(cashier.id);
    expect(row?.status).toBe('DELETED');
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await me(cashier.token)).statusCode).toBe(401);
    const own = await t.db.select().from(sessions).where(eq(sessions.userId, cashier.id));
    expect(own.map((s) => s.revokedReason)).toEqual(['deleted']);
    expect(ids(await post('users', admin.token, { shopId: shop.id }))).toEqual([]);
    expect(await actions(cashier.id)).toEqual(['user.delete']);
    expect((await del(admin.token, cashier.id)).statusCode).toBe(404);
    const again = { username: cashier.username, fullName: 'Again', password: 'again-pass-1', role: 'SHOP' };
    expect((await post('user/create', admin.token, { ...again, shopId: shop.id })).statusCode).toBe(201);
  });

  it('never deletes yourself, a higher role, or a user out of scope', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const sa = await insertUser(t.db, 'SUPER-ADMIN');
    const mgr = await signedIn(t, 'MANAGER', { shopId: (await insertShop(t.db)).id });
    const stranger = await insertUser(t.db, 'SHOP', { shopId: (await insertShop(t.db)).id });
    const before = await counts();
    expectError(await del(admin.token, admin.id), 403, 'ບໍ່ສາມາດລຶບບັນຊີຂອງຕົນເອງໄດ້');
    expectError(await del(admin.token, sa.id), 403, M.notAllowed);
    expectError(await del(mgr.token, stranger.id), 404, M.userNotFound);
    expectError(await del(admin.token, 'not-a-uuid'), 400, { id: M.invalid });
    expect(await counts()).toEqual(before);
  });

  it('never leaves no active SUPER-ADMIN, even when two remove each other at once', async () => {
    const lone = await createTestApp();
    try {
      // A warm pool lets both requests run side by side, so a check outside the transaction loses.
      await Promise.all([1, 2, 3, 4].map(() => lone.database.pool.query('select pg_sleep(0.05)')));
      type Removal = (a: { token: string }, b: { id: string; username: string }) => Promise<Reply>;
      const removals: Removal[] = [
        (a, b) => call(lone.app, 'DELETE', `users/${b.id}/delete`, { token: a.token }),
        (a, b) =>
          call(lone.app, 'PATCH', `users/${b.id}/update/status`, {
            token: a.token,
            body: { u_id: b.id, status: 'SUSPENDED' },
          }),
        (a, b) =>
          call(lone.app, 'POST', 'user/update', {
            token: a.token,
            body: { id: b.id, username: b.username, fullName: 'Demoted', role: 'ADMIN' },
          }),
      ];
      for (const remove of removals) {
        await lone.db
          .update(users)
          .set({ role: 'AGENT', status: 'SUSPENDED' })
          .where(eq(users.role, 'SUPER-ADMIN'));
        const a = await signedIn(lone, 'SUPER-ADMIN');
        const b = await signedIn(lone, 'SUPER-ADMIN');
        const replies = await Promise.all([remove(a, b), remove(b, a)]);
        const codes = replies.map((r) => r.statusCode).sort();
        expect(codes[0]).toBe(200);
        // The loser is refused by the lock (409), or finds itself already signed out or demoted.
        expect([401, 403, 409]).toContain(codes[1]);
        const loser = replies.find((r) => r.statusCode !== 200);
        if (loser?.statusCode === 409) expect(loser.body.message).toBe('ຕ້ອງມີ SUPER-ADMIN ທີ່ໃຊ້ງານໄດ້ຢ່າງໜ້ອຍໜຶ່ງຄົນ');
        const active = and(eq(users.role, 'SUPER-ADMIN'), eq(users.status, 'ACTIVE'));
        expect(await lone.db.$count(users, active)).toBe(1);
      }
    } finally {
      await lone.close();
    }
  });
});

describe('e-mail and WhatsApp, where a forgotten-password code can go', () => {
  it('normalise a Lao mobile to E.164, refuse a wrong one in Lao, and keep each number to one user', async () => {
    const admin = await signedIn(t, 'SUPER-ADMIN');
    const created = await post<U & { whatsapp: string }>('user/create', admin.token, {
      username: unique('wa'),
      fullName: 'WhatsApp user',
      password: 'wa-user-pass-1',
      role: 'AGENT',
      whatsapp: '020 5555 7272',
    });
    expect(created.body.data?.whatsapp).toBe('+8562055557272');
    for (const typed of ['+856 20 5555 7373', '856-20-5555-7373', '2055557373', '00856 20 5555 7373']) {
      const res = await post<{ whatsapp: string }>('user/create', admin.token, {
        username: unique('wa'),
        fullName: 'Same number',
        password: 'wa-user-pass-1',
        role: 'AGENT',
        whatsapp: typed,
      });
      expect([typed, res.statusCode, res.body.data?.whatsapp ?? res.body.messages?.whatsapp]).toEqual(
        typed === '+856 20 5555 7373' ? [typed, 201, '+8562055557373'] : [typed, 409, 'ເບີ WhatsApp ນີ້ຖືກໃຊ້ແລ້ວ'],
      );
    }
    const before = await counts();
    for (const bad of ['12345', '021 212 345', '+856 20 555', 'abc']) {
      expectError(
        await post('user/create', admin.token, {
          username: unique('wa'),
          fullName: 'Bad number',
          password: 'wa-user-pass-1',
          role: 'AGENT',
          whatsapp: bad,
        }),
        400,
        { whatsapp: 'ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)' },
      );
    }
    expect(await counts()).toEqual(before);
  });

  it('are changed in the account dialog only when sent (empty clears), and audited', async () => {
    const self = await signedIn(t, 'AGENT', { email: 'before@example.la' });
    const res = await post<{ email: string | null; whatsapp: string | null; fullName: string }>(
      'users/update/profile',
      self.token,
      { userId: self.id, fullName: 'Own name', whatsapp: '030 555 1234' },
    );
    expect(res.body.data).toMatchObject({ email: 'before@example.la', whatsapp: '+856305551234' });
    const cleared = await post<{ email: string | null }>('users/update/profile', self.token, {
      userId: self.id,
      fullName: 'Own name',
      email: '',
    });
    expect(cleared.body.data?.email).toBeNull();
    // The old e-mail hears that it no longer receives this account's codes (the WhatsApp was new).
    const notices = await t.db
      .select({ recipient: outboxMessages.recipient, kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, self.id));
    expect(notices).toEqual([{ recipient: 'before@example.la', kind: 'contacts_changed' }]);
    const events = await auditEventsOf(t.db, self.id);
    expect(events.at(-1)).toMatchObject({
      action: 'user.update_profile',
      before: { email: 'before@example.la', whatsapp: '+856305551234' },
      after: { email: null, whatsapp: '+856305551234' },
    });
    const other = await signedIn(t, 'AGENT');
    expectError(
      await post('users/update/profile', other.token, {
        userId: other.id,
        fullName: 'x',
        whatsapp: '030 555 1234',
      }),
      409,
      { whatsapp: 'ເບີ WhatsApp ນີ້ຖືກໃຊ້ແລ້ວ' },
    );
  });
});
