import {
  type AppCheck,
  type AppCheckReason,
  type AppVersion,
  appCheckAnswer,
  type CheckRelease,
  parseSemver,
  type SemVer,
} from '@parking-hub/contracts/app-versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appVersions } from '../../db/schema/app-versions.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { call, createTestApp, expectError, signedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'ADMIN')).token;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const PLAY = 'https://play.google.com/store/apps/details?id=la.parkinghub.staff';

async function publish(body: Record<string, unknown>) {
  const res = await call<AppVersion>(t.app, 'POST', 'version-app/create', {
    token: admin,
    body: { platform: 'android', storeUrl: PLAY, ...body },
  });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  return res.body.data as AppVersion;
}

/** The check as a phone makes it: no token, the query in the URL. */
const check = (query: string, lang?: string) =>
  call<AppCheck>(t.app, 'GET', `app/check?${query}`, lang ? { headers: { 'accept-language': lang } } : {});

const semver = (text: string): SemVer => parseSemver(text) as SemVer;
const asRelease = (r: AppVersion): CheckRelease => ({
  version: semver(r.version),
  build: r.build,
  minVersion: semver(r.minVersion),
  forceUpdate: r.forceUpdate,
  storeUrl: r.storeUrl,
  notesLo: r.notesLo,
  notesEn: r.notesEn,
  releasedAt: r.releasedAt,
});

describe('GET /v1/app/check', () => {
  beforeAll(async () => {
    // 1.2.0 forced an update; 1.4.2 (57) is the latest out and supports 1.1.0 and up; 2.0.0
    // (forced, minimum 2.0.0) comes out tomorrow and must not count yet.
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    await publish({ version: '1.0.0', build: 10, minVersion: '1.0.0', releasedAt: ago(300) });
    await publish({
      version: '1.2.0',
      build: 20,
      minVersion: '1.0.0',
      forceUpdate: true,
      releasedAt: ago(200),
    });
    await publish({ version: '1.3.0', build: 30, minVersion: '1.1.0', releasedAt: ago(100) });
    await publish({
      version: '1.4.2',
      build: 57,
      minVersion: '1.1.0',
      notesLo: 'ບັນທຶກລົດເຂົ້າໄວຂຶ້ນ',
      notesEn: 'Faster check-in',
      releasedAt: ago(1),
    });
    await publish({
      version: '2.0.0',
      build: 80,
      minVersion: '2.0.0',
      forceUpdate: true,
      releasedAt: ago(-1),
    });
  });

  it.each<[string, string, boolean, AppCheckReason | null, string]>([
    ['the latest, same build', 'version=1.4.2&build=57', false, null, 'ແອັບເປັນເວີຊັນລ່າສຸດແລ້ວ'],
    ['the latest, no build', 'version=1.4.2', false, null, 'ແອັບເປັນເວີຊັນລ່າສຸດແລ້ວ'],
    ['an empty build', 'version=1.4.2&build=', false, null, 'ແອັບເປັນເວີຊັນລ່າສຸດແລ້ວ'],
    ['the latest version, older build', 'version=1.4.2&build=56', true, null, 'ມີເວີຊັນແອັບໃໝ່ 1.4.2, ອັບເດດໄດ້ແລ້ວ'],
    ['newer than the latest', 'version=1.5.0&build=60', false, null, 'ແອັບເປັນເວີຊັນລ່າສຸດແລ້ວ'],
    ['an older version', 'version=1.3.0&build=30', true, null, 'ມີເວີຊັນແອັບໃໝ່ 1.4.2, ອັບເດດໄດ້ແລ້ວ'],
    ['the forced release itself', 'version=1.2.0&build=20', true, null, 'ມີເວີຊັນແອັບໃໝ່ 1.4.2, ອັບເດດໄດ້ແລ້ວ'],
    [
      'the forced version, older build',
      'version=1.2.0&build=19',
      true,
      'FORCE_UPDATE',
      'ຕ້ອງອັບເດດແອັບເປັນເວີຊັນ 1.4.2 ກ່ອນໃຊ້ງານຕໍ່',
    ],
    ['below a forced release', 'version=1.1.9', true, 'FORCE_UPDATE', 'ຕ້ອງອັບເດດແອັບເປັນເວີຊັນ 1.4.2 ກ່ອນໃຊ້ງານຕໍ່'],
    [
      'below the minimum',
      'version=1.0.5&build=15',
      true,
      'BELOW_MINIMUM',
      'ຕ້ອງອັບເດດແອັບເປັນເວີຊັນ 1.4.2 ກ່ອນໃຊ້ງານຕໍ່',
    ],
    ['far below', 'version=0.9.0', true, 'BELOW_MINIMUM', 'ຕ້ອງອັບເດດແອັບເປັນເວີຊັນ 1.4.2 ກ່ອນໃຊ້ງານຕໍ່'],
  ])('%s (%s): update %s, required because %s', async (_name, query, available, reason, message) => {
    const res = await check(`platform=android&${query}`);
    expect([res.statusCode, res.body.status, res.body.message]).toEqual([200, 'success', message]);
    expect(res.body.data).toMatchObject({
      platform: 'android',
      updateAvailable: available,
      required: reason !== null,
      reason,
      latest: {
        version: '1.4.2',
        build: 57,
        minVersion: '1.1.0',
        forceUpdate: false,
        storeUrl: PLAY,
        notes: 'ບັນທຶກລົດເຂົ້າໄວຂຶ້ນ',
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers in English when asked: notes and message', async () => {
    const res = await check('platform=android&version=1.1.9', 'en-US,en;q=0.9');
    expect(res.body.message).toBe('Update the app to version 1.4.2 to go on');
    expect(res.body.data?.latest?.notes).toBe('Faster check-in');
  });

  it('answers no release for a platform without one', async () => {
    const res = await check('platform=ios&version=1.0.0&build=1');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      platform: 'ios',
      latest: null,
      updateAvailable: false,
      required: false,
      reason: null,
    });
    expect(res.body.message).toBe('ຍັງບໍ່ມີເວີຊັນແອັບທີ່ເຜີຍແຜ່ສຳລັບແພລດຟອມນີ້');
  });

  it('gives what the pure rule gives over every release the list shows', async () => {
    const listed = await call<AppVersion[]>(t.app, 'GET', 'version-apps?platform=android&pageSize=100', {
      token: admin,
    });
    const all = (listed.body.data ?? []).map(asRelease);
    for (const version of ['0.1.0', '1.0.0', '1.1.0', '1.2.0', '1.3.5', '1.4.2', '2.0.0', '3.0.0'])
      for (const build of [null, 1, 20, 57, 99]) {
        const query = `platform=android&version=${version}${build === null ? '' : `&build=${build}`}`;
        const answer = (await check(query)).body.data;
        const expected = appCheckAnswer(
          'android',
          all,
          { version: semver(version), build },
          Date.now(),
          'lo',
        );
        expect(answer, query).toEqual(expected);
      }
  });

  it('answers 400 in Lao (English when asked) for a bad platform, version or build; nothing is written', async () => {
    const before = [await t.db.$count(appVersions), await t.db.$count(auditEvents)];
    const platform = 'ກະລຸນາເລືອກແພລດຟອມ: android ຫຼື ios';
    const version = 'ເວີຊັນບໍ່ຖືກຕ້ອງ: ໃຊ້ຕົວເລກ 3 ສ່ວນ MAJOR.MINOR.PATCH (ເຊັ່ນ 1.4.2), ບໍ່ມີຕົວອັກສອນຕໍ່ທ້າຍ';
    const build = 'ເລກບິວຕ້ອງເປັນຈຳນວນເຕັມ ຕັ້ງແຕ່ 1 ຫາ 2,100,000,000';
    const cases: Array<[string, Record<string, string>]> = [
      ['platform=windows&version=1.0.0', { platform }],
      ['version=1.0.0', { platform }],
      ['platform=android', { version }],
      ['platform=android&version=1.4', { version }],
      ['platform=android&version=1.4.2-beta', { version }],
      ['platform=android&version=v1.4.2', { version }],
      ['platform=android&version=1.4.2&build=abc', { build }],
      ['platform=android&version=1.4.2&build=0', { build }],
      ['platform=android&version=1.4.2&build=-3', { build }],
      ['platform=web&version=x&build=1.5', { platform, version, build }],
    ];
    for (const [query, messages] of cases) {
      const res = await check(query);
      expectError(res, 400, messages);
      expect(res.body.message).toBe('ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ');
    }
    expectError(await check('platform=android&version=1.4', 'en'), 400, {
      version: 'Invalid version: three numbers MAJOR.MINOR.PATCH (for example 1.4.2), no suffix',
    });
    expect([await t.db.$count(appVersions), await t.db.$count(auditEvents)]).toEqual(before);
  });
});

describe('the check after a change', () => {
  it('answers the change at once on this instance: new, edited and withdrawn releases', async () => {
    const latest = async () => (await check('platform=ios&version=5.0.0&build=500')).body.data;
    const first = await publish({ platform: 'ios', version: '5.0.0', build: 500, minVersion: '5.0.0' });
    expect(await latest()).toMatchObject({ latest: { version: '5.0.0' }, updateAvailable: false });
    const next = await publish({ platform: 'ios', version: '5.1.0', build: 510, minVersion: '5.0.0' });
    expect(await latest()).toMatchObject({
      latest: { version: '5.1.0' },
      updateAvailable: true,
      required: false,
    });
    await call(t.app, 'POST', 'version-app/update', {
      token: admin,
      body: { id: next.id, minVersion: '5.1.0' },
    });
    expect(await latest()).toMatchObject({ required: true, reason: 'BELOW_MINIMUM' });
    await call(t.app, 'DELETE', `app/info/delete/${next.id}`, { token: admin });
    expect(await latest()).toMatchObject({
      latest: { version: '5.0.0' },
      updateAvailable: false,
      required: false,
    });
    expect(first.id).toBeTruthy();
  });

  it('counts a scheduled release from its time on, without waiting for the cache to expire', async () => {
    const at = Date.now() + 1_500;
    await publish({
      platform: 'ios',
      version: '5.2.0',
      build: 520,
      minVersion: '5.0.0',
      releasedAt: new Date(at).toISOString(),
    });
    const before = await check('platform=ios&version=5.0.0');
    expect(before.body.data?.latest?.version).toBe('5.0.0');
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 50));
    const after = await check('platform=ios&version=5.0.0');
    expect(after.body.data).toMatchObject({ latest: { version: '5.2.0' }, updateAvailable: true });
  });
});
