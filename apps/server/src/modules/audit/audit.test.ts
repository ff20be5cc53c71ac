import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AuditEvent } from '@parking-hub/contracts/audit';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import {
  asSuperuser,
  call,
  createTestApp,
  insertShop,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { appendAuditEvent, appendPastAuditEvents } from './audit.repository.ts';
import { verifyAuditChain } from './audit.verify.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (token: string | undefined, body: object = {}) =>
  call<AuditEvent[]>(t.app, 'POST', 'report/last-action', { ...(token ? { token } : {}), body });

/** An event written by the real code at a chosen wall-clock time. */
async function appendAt(db: TestApp['db'], at: string, action: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  try {
    await appendAuditEvent(db, {
      actorId: null,
      actorName: null,
      actorRole: null,
      shopId: null,
      action,
      entity: 'test',
      entityId: at,
      before: null,
      after: { at },
      ip: null,
      requestId: null,
    });
  } finally {
    vi.useRealTimers();
  }
}

/** Change audit rows as the superuser, past the append-only trigger. */
async function tamper(target: TestApp, statement: string, values: unknown[]) {
  await asSuperuser(target, 'alter table audit_events disable trigger user');
  try {
    await asSuperuser(target, statement, values);
  } finally {
    await asSuperuser(target, 'alter table audit_events enable trigger user');
  }
}

/** `npm run audit:verify` against a test database. */
function runVerify(url: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/audit-verify.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('POST /v1/report/last-action', () => {
  it('is for ADMIN and SUPER-ADMIN only', async () => {
    const shop = await insertShop(t.db);
    for (const role of ['SUPER-ADMIN', 'ADMIN'] as const) {
      expect((await report((await signedIn(t, role)).token)).statusCode).toBe(200);
    }
    for (const role of ['AGENT', 'MANAGER', 'SHOP'] as const) {
      const user = await signedIn(t, role, role === 'AGENT' ? {} : { shopId: shop.id });
      const res = await report(user.token);
      expect([res.statusCode, res.body.message]).toEqual([403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ']);
    }
    expect((await report(undefined)).statusCode).toBe(401);
  });

  it('pages newest first and filters by user, action and entity', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const actor = await signedIn(t, 'AGENT', { fullName: unique('Actor ') });
    for (const fullName of ['First name', 'Second name']) {
      const res = await call(t.app, 'POST', 'users/update/profile', {
        token: actor.token,
        body: { userId: actor.id, fullName },
        headers: { 'x-request-id': `req-${fullName.split(' ')[0]}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const page1 = await report(admin.token, { userId: actor.id, pageSize: 2 });
    expect(page1.statusCode).toBe(200);
    expect(page1.body.meta).toEqual({
      page: 1,
      pageSize: 2,
      total: 3,
      totalPages: 2,
      totalCapped: false,
      nextCursor: expect.any(String),
    });
    const page2 = await report(admin.token, { userId: actor.id, pageSize: 2, page: 2 });
    expect(page2.body.meta).toMatchObject({ page: 2, nextCursor: null });
    // The cursor of page 1 gives the same page 2 without OFFSET.
    const next = (page1.body.meta as { nextCursor?: string }).nextCursor;
    const byCursor = await report(admin.token, { userId: actor.id, pageSize: 2, page: 2, cursor: next });
    expect(byCursor.body.data).toEqual(page2.body.data);
    expect(byCursor.body.meta).toMatchObject({ page: 2, total: 3, nextCursor: null });
    const all = [...(page1.body.data ?? []), ...(page2.body.data ?? [])];
    expect(all.map((e) => e.action)).toEqual(['user.update_profile', 'user.update_profile', 'auth.login']);
    const ids = all.map((e) => BigInt(e.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    expect(all[0]).toMatchObject({
      actorId: actor.id,
      actorName: 'Second name',
      actorRole: 'AGENT',
      entity: 'user',
      entityId: actor.id,
      before: { fullName: 'First name' },
      after: { fullName: 'Second name', passwordChanged: false },
      ip: '127.0.0.1',
      requestId: 'req-Second',
    });
    expect(Date.parse(all[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const byAction = await report(admin.token, { userId: actor.id, action: 'user.update_profile' });
    expect(byAction.body.data?.map((e) => e.requestId)).toEqual(['req-Second', 'req-First']);
    const byEntity = await report(admin.token, { userId: actor.id, entity: 'session' });
    expect(byEntity.body.data?.map((e) => [e.action, e.entityId])).toEqual([['auth.login', actor.sessionId]]);
    const none = await report(admin.token, { userId: actor.id, action: 'user.delete' });
    expect([none.body.data, none.body.meta?.total]).toEqual([[], 0]);
  });

  it('pages by cursor at any depth, and refuses a page number deeper than the count goes', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const action = unique('test.paged.');
    for (let i = 0; i < 5; i++) await appendAt(t.db, `2025-04-0${i + 1}T10:00:00+07:00`, action);
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const res = await report(admin.token, { action, pageSize: 2, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.body.data ?? []).map((e) => e.entityId ?? ''));
      cursor = (res.body.meta as { nextCursor?: string | null }).nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((at) => at.slice(0, 10))).toEqual([
      '2025-04-05',
      '2025-04-04',
      '2025-04-03',
      '2025-04-02',
      '2025-04-01',
    ]);
    for (const bad of ['not-a-cursor', Buffer.from('12|x').toString('base64url')]) {
      const res = await report(admin.token, { action, cursor: bad });
      expect([res.statusCode, res.body.messages]).toEqual([400, { cursor: 'ຄ່າບໍ່ຖືກຕ້ອງ' }]);
    }
    expect((await report(admin.token, { pageSize: 100, page: 100 })).statusCode).toBe(200);
    const deep = await report(admin.token, { pageSize: 100, page: 101 });
    expect([deep.statusCode, deep.body.messages]).toEqual([
      400,
      { page: 'ໜ້ານີ້ໄກເກີນ 10,000 ລາຍການທຳອິດ: ໃຊ້ nextCursor ຫຼື ເລືອກຕົວກອງເພີ່ມ' },
    ]);
  });

  it('filters by from/to as whole days in Asia/Vientiane', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const action = unique('test.dated.');
    // Both of the first two are 9 March in UTC; in Vientiane (UTC+7) the second is already 10 March.
    const times = ['2025-03-09T23:30:00+07:00', '2025-03-10T00:30:00+07:00', '2025-03-10T23:59:00+07:00'];
    for (const at of [...times, '2025-03-11T00:00:00+07:00']) await appendAt(t.db, at, action);
    const at = async (body: object) =>
      (await report(admin.token, { action, ...body })).body.data?.map((e) => e.entityId);
    expect(await at({ from: '2025-03-10', to: '2025-03-10' })).toEqual([times[2], times[1]]);
    expect(await at({ to: '2025-03-09' })).toEqual([times[0]]);
    expect(await at({ from: '2025-03-11' })).toEqual(['2025-03-11T00:00:00+07:00']);
    expect(await at({ from: '2025-03-12' })).toEqual([]);
    const first = (await report(admin.token, { action, to: '2025-03-09' })).body.data?.[0];
    expect(first?.at).toBe('2025-03-09T16:30:00.000Z');
  });

  it('refuses bad dates and a reversed range with Lao messages', async () => {
    const admin = await signedIn(t, 'ADMIN');
    for (const from of ['yesterday', '2025-13-01', '10/03/2025']) {
      const res = await report(admin.token, { from });
      expect([res.statusCode, res.body.messages]).toEqual([400, { from: 'ວັນທີບໍ່ຖືກຕ້ອງ' }]);
    }
    const reversed = await report(admin.token, { from: '2025-03-11', to: '2025-03-10' });
    expect([reversed.statusCode, reversed.body.messages]).toEqual([400, { from: 'ວັນທີເລີ່ມຕ້ອງບໍ່ຫຼັງວັນທີສິ້ນສຸດ' }]);
    const badUser = await report(admin.token, { userId: 'x' });
    expect([badUser.statusCode, badUser.body.messages]).toEqual([400, { userId: 'ຄ່າບໍ່ຖືກຕ້ອງ' }]);
  });
});

describe('the audit chain', () => {
  it('refuses ordinary changes to a row', async () => {
    await signedIn(t, 'ADMIN');
    const [last] = await t.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    await expect(
      t.db
        .update(auditEvents)
        .set({ action: 'x' })
        .where(eq(auditEvents.id, last?.id ?? 0n)),
    ).rejects.toThrow();
    await expect(t.db.delete(auditEvents)).rejects.toThrow();
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('verifies a clean chain, then names the first changed row and the row after a removed one', async () => {
    const chain = await createTestApp();
    try {
      const admin = await signedIn(chain, 'ADMIN');
      for (let i = 0; i < 4; i++) {
        const body = { userId: admin.id, fullName: `Name ${i}` };
        const res = await call(chain.app, 'POST', 'users/update/profile', { token: admin.token, body });
        expect(res.statusCode).toBe(200);
      }
      const rows = await chain.db.select().from(auditEvents).orderBy(auditEvents.id);
      expect(rows).toHaveLength(5);
      const clean = await verifyAuditChain(chain.db);
      expect(clean).toEqual({ ok: true, checked: 5, lastHash: rows[4]?.hash });
      const ok = await runVerify(chain.url);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('audit chain OK: 5 events');

      const changed = rows[2]?.id.toString();
      const original = rows[2]?.after;
      await tamper(chain, `update audit_events set after = '{"fullName":"Forged"}' where id = $1`, [changed]);
      expect(await verifyAuditChain(chain.db)).toMatchObject({
        ok: false,
        checked: 2,
        firstBad: { id: changed, reason: 'changed' },
      });
      const broken = await runVerify(chain.url);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toContain(`audit chain BROKEN at event ${changed}:`);

      await tamper(chain, 'update audit_events set after = $2 where id = $1', [changed, original]);
      expect(await verifyAuditChain(chain.db)).toMatchObject({ ok: true, checked: 5 });

      await tamper(chain, 'delete from audit_events where id = $1', [rows[1]?.id.toString()]);
      const next = rows[2]?.id.toString();
      expect(await verifyAuditChain(chain.db)).toMatchObject({
        ok: false,
        checked: 1,
        firstBad: { id: next, reason: 'previous-missing-or-changed' },
      });
      const gap = await runVerify(chain.url);
      expect(gap.code).toBe(1);
      expect(gap.stdout).toContain(`audit chain BROKEN at event ${next}:`);
    } finally {
      await chain.close();
    }
  });
});

describe("appendPastAuditEvents (the demo's history)", () => {
  const dated = (at: Date) => ({
    at,
    actorId: null,
    actorName: 'system',
    actorRole: null,
    shopId: null,
    action: 'test.past',
    entity: 'test',
    entityId: at.toISOString(),
    before: null,
    after: { note: 'ທົດສອບ "quoted" \\ back' },
    ip: null,
    requestId: null,
  });

  it('appends dated events on the same chain, and only forward in time', async () => {
    const chain = await createTestApp();
    try {
      const day = (n: number) => new Date(Date.now() - n * 86_400_000);
      const past = [dated(day(3)), dated(day(2))];
      await chain.db.transaction((tx) => appendPastAuditEvents(tx, past));
      const { at: _now, ...live } = dated(new Date());
      await appendAuditEvent(chain.db, live);
      expect(await verifyAuditChain(chain.db)).toMatchObject({ ok: true, checked: 3 });
      const rows = await chain.db.select().from(auditEvents).orderBy(auditEvents.id);
      expect(rows.slice(0, 2).map((r) => [r.at, r.after])).toEqual(past.map((e) => [e.at, e.after]));

      // Older than the chain's newest event, after now, or out of order among themselves: refused.
      for (const events of [[dated(day(1))], [dated(day(-1))], [dated(new Date()), dated(day(1))]]) {
        await expect(chain.db.transaction((tx) => appendPastAuditEvents(tx, events))).rejects.toThrow(
          /out of time order/,
        );
      }
      expect(await verifyAuditChain(chain.db)).toMatchObject({ ok: true, checked: 3 });
    } finally {
      await chain.close();
    }
  });
});
