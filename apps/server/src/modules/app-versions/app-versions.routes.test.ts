import type { AppVersion } from '@parking-hub/contracts/app-versions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../db/schema/app-versions.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
let people: Awaited<ReturnType<typeof signInEveryone>>;
beforeAll(async () => {
  t = await createTestApp();
  people = await signInEveryone();
});
afterAll(() => t.close());

async function signInEveryone() {
  const shop = await insertShop(t.db);
  const [sa, admin, agent, manager, cashier] = await Promise.all([
    signedIn(t, 'SUPER-ADMIN'),
    signedIn(t, 'ADMIN'),
    signedIn(t, 'AGENT'),
    signedIn(t, 'MANAGER', { shopId: shop.id }),
    signedIn(t, 'SHOP', { shopId: shop.id }),
  ]);
  return { sa, admin, agent, manager, cashier };
}

export const M = {
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  signIn: 'ກະລຸນາເຂົ້າສູ່ລະບົບ',
  notFound: 'ບໍ່ພົບເວີຊັນແອັບນີ້',
  semver: 'ເວີຊັນບໍ່ຖືກຕ້ອງ: ໃຊ້ຕົວເລກ 3 ສ່ວນ MAJOR.MINOR.PATCH (ເຊັ່ນ 1.4.2), ບໍ່ມີຕົວອັກສອນຕໍ່ທ້າຍ',
  minAbove: 'ເວີຊັນຕ່ຳສຸດທີ່ຮອງຮັບຕ້ອງບໍ່ສູງກວ່າເວີຊັນນີ້',
  platform: 'ກະລຸນາເລືອກແພລດຟອມ: android ຫຼື ios',
  build: 'ເລກບິວຕ້ອງເປັນຈຳນວນເຕັມ ຕັ້ງແຕ່ 1 ຫາ 2,100,000,000',
  storeUrl: 'ລິ້ງສະໂຕບໍ່ຖືກຕ້ອງ: ຕ້ອງເລີ່ມດ້ວຍ https:// ແລະ ຍາວບໍ່ເກີນ 500 ຕົວອັກສອນ',
  notes: 'ລາຍລະອຽດການອັບເດດຍາວເກີນໄປ (ບໍ່ເກີນ 1,000 ຕົວອັກສອນ)',
  releasedAt: 'ວັນທີ ແລະ ເວລາເຜີຍແຜ່ບໍ່ຖືກຕ້ອງ',
  versionTaken: 'ເວີຊັນນີ້ມີແລ້ວໃນແພລດຟອມນີ້',
  buildTaken: 'ເລກບິວນີ້ມີແລ້ວໃນແພລດຟອມນີ້',
  unknownField: 'ບໍ່ຮູ້ຈັກຊ່ອງຂໍ້ມູນນີ້',
};

const PLAY = 'https://play.google.com/store/apps/details?id=la.parkinghub.staff';
/** Each test on versions of its own major, so the platform's build order holds across tests. */
const release = (major: number, minor: number, build: number, extra: object = {}) => ({
  platform: 'android',
  version: `${major}.${minor}.0`,
  build,
  minVersion: `${major}.0.0`,
  storeUrl: PLAY,
  notesLo: `ແກ້ໄຂບັນຫາ ${major}.${minor}`,
  notesEn: `Fixes ${major}.${minor}`,
  ...extra,
});

const create = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call<AppVersion>(t.app, 'POST', 'version-app/create', { token, body, headers });
const update = (token: string, body: unknown) =>
  call<AppVersion>(t.app, 'POST', 'version-app/update', { token, body });
const list = (token: string | undefined, query = '') =>
  call<AppVersion[]>(t.app, 'GET', `version-apps${query}`, token ? { token } : {});
const remove = (token: string | undefined, id: string) =>
  call<{ id: string }>(t.app, 'DELETE', `app/info/delete/${id}`, token ? { token } : {});
const counts = async () => ({
  versions: await t.db.$count(appVersions),
  audit: await t.db.$count(auditEvents),
});
const made = async (body: object) => {
  const res = await create(people.admin.token, body);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  return res.body.data as AppVersion;
};

describe('POST /v1/version-app/create', () => {
  it('adds a release for admins, audited, released now unless scheduled', async () => {
    const before = Date.now();
    const res = await create(people.sa.token, release(1, 0, 100, { minVersion: '0.9.0' }));
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    const data = res.body.data as AppVersion;
    expect(data).toMatchObject({
      platform: 'android',
      version: '1.0.0',
      build: 100,
      minVersion: '0.9.0',
      forceUpdate: false,
      storeUrl: PLAY,
      notesLo: 'ແກ້ໄຂບັນຫາ 1.0',
      notesEn: 'Fixes 1.0',
      released: true,
    });
    expect(Date.parse(data.releasedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(data.releasedAt)).toBeLessThanOrEqual(Date.now());
    const [row] = await t.db.select().from(appVersions).where(eq(appVersions.id, data.id));
    expect(row).toMatchObject({ major: 1, minor: 0, patch: 0, minMajor: 0, minMinor: 9, minPatch: 0 });
    expect(row?.createdBy).toBe(people.sa.id);
    const [event] = await auditEventsOf(t.db, data.id);
    expect(event).toMatchObject({
      action: 'app_version.create',
      entity: 'app_version',
      actorId: people.sa.id,
      shopId: null,
    });
    // The trail keeps the release's own fields, not its state now or its timestamps.
    const { released: _r, latest: _l, createdAt: _c, updatedAt: _u, ...own } = data;
    expect(event?.after).toEqual(own);

    const later = await made(
      release(1, 1, 110, { platform: 'ios', forceUpdate: true, releasedAt: '2099-01-01T09:00:00+07:00' }),
    );
    expect(later).toMatchObject({ released: false, latest: false, releasedAt: '2099-01-01T02:00:00.000Z' });
  });

  it('is for admins only; others are refused and nothing is written', async () => {
    const before = await counts();
    for (const who of [people.agent, people.manager, people.cashier])
      expectError(await create(who.token, release(2, 0, 200)), 403, M.forbidden);
    expectError(await call(t.app, 'POST', 'version-app/create', { body: release(2, 0, 200) }), 401, M.signIn);
    expect(await counts()).toEqual(before);
  });

  it('answers 400 with a Lao message per field for bad input, English when asked, and writes nothing', async () => {
    await made(release(3, 0, 300));
    const before = await counts();
    const cases: Array<[object, Record<string, string>]> = [
      [{ version: '3.1' }, { version: M.semver }],
      [{ version: '3.1.0-beta.1' }, { version: M.semver }],
      [{ version: 'v3.1.0' }, { version: M.semver }],
      [{ version: '03.1.0' }, { version: M.semver }],
      [{ minVersion: '3.1.1' }, { minVersion: M.minAbove }],
      [
        { minVersion: '4.0.0', storeUrl: 'http://play.google.com/x' },
        { minVersion: M.minAbove, storeUrl: M.storeUrl },
      ],
      [{ platform: 'windows' }, { platform: M.platform }],
      [{ platform: 'ANDROID' }, { platform: M.platform }],
      [{ build: 0 }, { build: M.build }],
      [{ build: '12a' }, { build: M.build }],
      [{ build: 2_100_000_001 }, { build: M.build }],
      [{ storeUrl: 'ftp://example.la/app.apk' }, { storeUrl: M.storeUrl }],
      [{ storeUrl: 'https://user:pw@example.la/app.apk' }, { storeUrl: M.storeUrl }],
      [{ notesLo: 'ກ'.repeat(1001) }, { notesLo: M.notes }],
      [{ notesEn: 'a'.repeat(1001) }, { notesEn: M.notes }],
      [{ releasedAt: 'tomorrow' }, { releasedAt: M.releasedAt }],
      [{ released: true }, { released: M.unknownField }],
    ];
    for (const [change, messages] of cases)
      expectError(await create(people.admin.token, release(3, 1, 310, change)), 400, messages);
    const { storeUrl: _s, ...noLink } = release(3, 1, 310);
    expectError(await create(people.admin.token, noLink), 400, { storeUrl: M.storeUrl });
    const english = await create(people.admin.token, release(3, 1, 310, { version: '3.1' }), {
      'accept-language': 'en',
    });
    expectError(english, 400, {
      version: 'Invalid version: three numbers MAJOR.MINOR.PATCH (for example 1.4.2), no suffix',
    });
    expect(english.body.message).toBe('Some input is not valid; please check it');
    expect(await counts()).toEqual(before);
  });

  it('refuses a version or build the platform has, and builds out of the versions’ order (409)', async () => {
    await made(release(4, 0, 400));
    await made(release(4, 2, 420));
    const before = await counts();
    expectError(await create(people.admin.token, release(4, 0, 401)), 409, { version: M.versionTaken });
    expectError(await create(people.admin.token, release(4, 1, 420)), 409, { build: M.buildTaken });
    // 4.1.0 must sit between 400 and 420.
    expectError(await create(people.admin.token, release(4, 1, 399)), 409, {
      build: 'ເລກບິວຕ້ອງຮຽງຕາມເວີຊັນ: ເວີຊັນ 4.0.0 ມີເລກບິວ 400',
    });
    expectError(await create(people.admin.token, release(4, 1, 425)), 409, {
      build: 'ເລກບິວຕ້ອງຮຽງຕາມເວີຊັນ: ເວີຊັນ 4.2.0 ມີເລກບິວ 420',
    });
    expect(await counts()).toEqual(before);
    // The same numbers on the other platform are another app.
    expect((await create(people.admin.token, release(4, 0, 400, { platform: 'ios' }))).statusCode).toBe(201);
    expect((await create(people.admin.token, release(4, 1, 410))).statusCode).toBe(201);
  });

  it('lets only one of two clashing releases made at the same moment in', async () => {
    const before = await counts();
    const results = await Promise.all([
      create(people.admin.token, release(5, 1, 500)),
      create(people.sa.token, release(5, 2, 499)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await counts()).toEqual({ versions: before.versions + 1, audit: before.audit + 1 });
  });
});

describe('GET /v1/version-apps', () => {
  it('lists releases newest first, per platform (filter) and paged, marking the latest out', async () => {
    await made(release(6, 0, 600, { platform: 'ios' }));
    await made(release(6, 2, 620, { platform: 'ios' }));
    await made(release(6, 1, 610, { platform: 'ios' }));
    await made(release(6, 3, 630, { platform: 'ios', releasedAt: '2099-06-01T00:00:00Z' }));
    const res = await list(people.admin.token, '?platform=ios&pageSize=3');
    expect(res.statusCode).toBe(200);
    expect(res.body.data?.map((r) => [r.version, r.released, r.latest])).toEqual([
      ['6.3.0', false, false],
      ['6.2.0', true, true],
      ['6.1.0', true, false],
    ]);
    expect(res.body.data?.every((r) => r.platform === 'ios')).toBe(true);
    const total = await t.db.$count(appVersions, eq(appVersions.platform, 'ios'));
    expect(res.body.meta).toEqual({ page: 1, pageSize: 3, total, totalPages: Math.ceil(total / 3) });
    const page2 = await list(people.sa.token, '?platform=ios&pageSize=3&page=2');
    expect(page2.body.data?.[0]?.version).toBe('6.0.0');

    const both = await list(people.admin.token, '?pageSize=100');
    expect(new Set(both.body.data?.map((r) => r.platform))).toEqual(new Set(['android', 'ios']));
    expect(both.body.data?.filter((r) => r.latest).map((r) => r.platform)).toEqual(['android', 'ios']);
    expect((await list(people.admin.token, '?platform=')).statusCode).toBe(200);

    expectError(await list(people.admin.token, '?platform=windows'), 400, { platform: M.platform });
    for (const who of [people.agent, people.manager, people.cashier])
      expectError(await list(who.token), 403, M.forbidden);
    expectError(await list(undefined), 401, M.signIn);
  });
});

describe('POST /v1/version-app/update', () => {
  it('changes the fields sent, audited with before and after; the rules hold on the result', async () => {
    const first = await made(release(7, 0, 700));
    const second = await made(release(7, 2, 720));
    const res = await update(people.admin.token, {
      id: first.id,
      version: '7.1.0',
      build: 710,
      forceUpdate: true,
      notesEn: 'Faster check-in',
    });
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    expect(res.body.data).toMatchObject({
      version: '7.1.0',
      build: 710,
      minVersion: '7.0.0',
      forceUpdate: true,
      notesLo: 'ແກ້ໄຂບັນຫາ 7.0',
      notesEn: 'Faster check-in',
    });
    const [row] = await t.db.select().from(appVersions).where(eq(appVersions.id, first.id));
    expect([row?.major, row?.minor, row?.patch]).toEqual([7, 1, 0]);
    const events = await auditEventsOf(t.db, first.id);
    expect(events.map((e) => e.action)).toEqual(['app_version.create', 'app_version.update']);
    expect(events[1]?.before).toMatchObject({ version: '7.0.0', build: 700, forceUpdate: false });
    expect(events[1]?.after).toMatchObject({ version: '7.1.0', build: 710, forceUpdate: true });

    const before = await counts();
    // The minimum against the stored version, and the stored minimum against a new version.
    expectError(await update(people.admin.token, { id: first.id, minVersion: '7.1.1' }), 400, {
      minVersion: M.minAbove,
    });
    expectError(await update(people.admin.token, { id: second.id, version: '6.9.9' }), 400, {
      minVersion: M.minAbove,
    });
    expectError(await update(people.admin.token, { id: first.id, version: '7.2.0' }), 409, {
      version: M.versionTaken,
    });
    expectError(await update(people.admin.token, { id: first.id, build: 730 }), 409, {
      build: 'ເລກບິວຕ້ອງຮຽງຕາມເວີຊັນ: ເວີຊັນ 7.2.0 ມີເລກບິວ 720',
    });
    expectError(await update(people.admin.token, { id: first.id, version: '7.1' }), 400, {
      version: M.semver,
    });
    expectError(await update(people.admin.token, { id: first.id, platform: 'ios' }), 400, {
      platform: M.unknownField,
    });
    expectError(await update(people.admin.token, { id: crypto.randomUUID(), build: 1 }), 404, M.notFound);
    expectError(await update(people.admin.token, { id: 'x' }), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    for (const who of [people.agent, people.manager, people.cashier])
      expectError(await update(who.token, { id: first.id, forceUpdate: false }), 403, M.forbidden);
    expect(await counts()).toEqual(before);
    const [kept] = await t.db.select().from(appVersions).where(eq(appVersions.id, first.id));
    expect(kept).toMatchObject({ version: '7.1.0', build: 710, minVersion: '7.0.0', forceUpdate: true });
  });
});

describe('DELETE /v1/app/info/delete/{id}', () => {
  it('withdraws a release for admins, audited with what it was', async () => {
    const gone = await made(release(8, 0, 800));
    const res = await remove(people.admin.token, gone.id);
    expect([res.statusCode, res.body.message, res.body.data]).toEqual([200, 'ລຶບສຳເລັດ', { id: gone.id }]);
    expect(await t.db.$count(appVersions, eq(appVersions.id, gone.id))).toBe(0);
    const events = await auditEventsOf(t.db, gone.id);
    expect(events.map((e) => e.action)).toEqual(['app_version.create', 'app_version.delete']);
    expect(events[1]?.before).toMatchObject({ version: '8.0.0', build: 800 });

    const kept = await made(release(8, 1, 810));
    const before = await counts();
    for (const who of [people.agent, people.manager, people.cashier])
      expectError(await remove(who.token, kept.id), 403, M.forbidden);
    expectError(await remove(undefined, kept.id), 401, M.signIn);
    expectError(await remove(people.admin.token, gone.id), 404, M.notFound);
    expectError(await remove(people.admin.token, 'nope'), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expect(await counts()).toEqual(before);
    expect((await remove(people.sa.token, kept.id)).statusCode).toBe(200);
  });
});
