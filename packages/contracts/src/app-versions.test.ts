import { describe, expect, it } from 'vitest';
import {
  type AppCheckReason,
  appCheckAnswer,
  appCheckMessageKey,
  appCheckQuerySchema,
  type CheckRelease,
  compareRelease,
  compareSemver,
  createAppVersionBodySchema,
  isStoreUrl,
  nextReleaseAt,
  parseSemver,
  type SemVer,
  updateAppVersionBodySchema,
} from './app-versions';

const v = (text: string): SemVer => {
  const parsed = parseSemver(text);
  if (!parsed) throw new Error(`bad version in test: ${text}`);
  return parsed;
};

describe('parseSemver', () => {
  it.each([
    ['1.4.2', { major: 1, minor: 4, patch: 2 }],
    ['0.0.0', { major: 0, minor: 0, patch: 0 }],
    ['10.20.30', { major: 10, minor: 20, patch: 30 }],
    [' 2.0.1 ', { major: 2, minor: 0, patch: 1 }],
    ['999999.999999.999999', { major: 999999, minor: 999999, patch: 999999 }],
  ])('%s is a version', (text, parts) => {
    expect(parseSemver(text)).toEqual(parts);
  });

  it.each([
    '1.4',
    '1',
    '1.4.2.0',
    '1.4.2-beta',
    '1.4.2-rc.1',
    '1.4.2+57',
    'v1.4.2',
    '01.4.2',
    '1.04.2',
    '1.4.02',
    '1.4.-2',
    '1..2',
    '1000000.0.0',
    '١.٢.٣',
    '',
    'latest',
  ])('%j is refused', (text) => {
    expect(parseSemver(text)).toBeNull();
  });
});

describe('compareSemver and compareRelease', () => {
  it.each([
    ['1.4.2', '1.4.2', 0],
    ['1.4.2', '1.4.10', -1],
    ['1.10.0', '1.9.9', 1],
    ['2.0.0', '1.99.99', 1],
    ['0.0.1', '0.0.0', 1],
    ['1.0.0', '10.0.0', -1],
  ])('%s vs %s → %i', (a, b, sign) => {
    expect(Math.sign(compareSemver(v(a), v(b)))).toBe(sign);
    expect(Math.sign(compareSemver(v(b), v(a)))).toBe(-sign || 0);
  });

  it('compares the build only between equal versions', () => {
    expect(
      compareRelease({ version: v('1.4.2'), build: 57 }, { version: v('1.4.2'), build: 58 }),
    ).toBeLessThan(0);
    expect(
      compareRelease({ version: v('1.4.3'), build: 1 }, { version: v('1.4.2'), build: 99 }),
    ).toBeGreaterThan(0);
    expect(compareRelease({ version: v('1.4.2'), build: 57 }, { version: v('1.4.2'), build: 57 })).toBe(0);
  });
});

describe('isStoreUrl', () => {
  it.each([
    ['https://play.google.com/store/apps/details?id=la.parkinghub.staff', true],
    ['https://apps.apple.com/la/app/parking-hub/id1234567890', true],
    ['https://example.la:8443/app.apk', true],
    ['http://localhost:8080/app.apk', true],
    ['http://127.0.0.1/app.apk', true],
    ['http://[::1]:3000/app.apk', true],
    ['http://play.google.com/store/apps/details?id=x', false],
    ['http://localhost.evil.example/app.apk', false],
    ['https://user:secret@example.la/app.apk', false],
    ['ftp://example.la/app.apk', false],
    ['javascript:alert(1)', false],
    ['market://details?id=la.parkinghub', false],
    ['play.google.com/store', false],
    ['https:///store', false],
    ['https://exa mple.la/app', false],
    ['https://example.la/app file.apk', false],
    ['https://-example.la/app', false],
    ['HTTPS://Play.Google.com/store', true],
    ['', false],
  ])('%s → %s', (url, ok) => {
    expect(isStoreUrl(url)).toBe(ok);
  });
});

const base = {
  platform: 'android',
  version: '1.4.2',
  build: 57,
  minVersion: '1.2.0',
  storeUrl: 'https://play.google.com/store/apps/details?id=la.parkinghub.staff',
};
const issuesOf = (body: unknown) =>
  Object.fromEntries(
    (createAppVersionBodySchema.safeParse(body).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      i.message,
    ]),
  );

describe('createAppVersionBodySchema', () => {
  it('takes a release, builds as numbers or digits, notes and a release time optional', () => {
    const parsed = createAppVersionBodySchema.parse({ ...base, build: '57', version: ' 1.4.2 ' });
    expect(parsed).toEqual({ ...base, build: 57 });
    expect(
      createAppVersionBodySchema.parse({
        ...base,
        minVersion: '1.4.2',
        releasedAt: '2026-11-28T09:00:00+07:00',
      }),
    ).toMatchObject({ minVersion: '1.4.2', releasedAt: '2026-11-28T09:00:00+07:00' });
  });

  it.each<[string, object, Record<string, string>]>([
    ['an invalid version', { version: '1.4' }, { version: 'validation.semver' }],
    ['a pre-release suffix', { version: '1.4.2-beta' }, { version: 'validation.semver' }],
    ['a minimum above the version', { minVersion: '1.4.3' }, { minVersion: 'validation.minAboveVersion' }],
    ['an invalid minimum', { minVersion: 'x' }, { minVersion: 'validation.semver' }],
    ['an unknown platform', { platform: 'windows' }, { platform: 'validation.appPlatform' }],
    ['build 0', { build: 0 }, { build: 'validation.appBuild' }],
    ['a fractional build', { build: 5.5 }, { build: 'validation.appBuild' }],
    ['a build as true', { build: true }, { build: 'validation.appBuild' }],
    ['a build past Play’s limit', { build: 2_100_000_001 }, { build: 'validation.appBuild' }],
    ['http to the internet', { storeUrl: 'http://play.google.com/x' }, { storeUrl: 'validation.storeUrl' }],
    ['a long link', { storeUrl: `https://x.la/${'a'.repeat(500)}` }, { storeUrl: 'validation.storeUrl' }],
    ['notes too long', { notesLo: 'ກ'.repeat(1001) }, { notesLo: 'validation.notesTooLong' }],
    [
      'a release time without offset',
      { releasedAt: '2026-11-28T09:00:00' },
      { releasedAt: 'validation.releasedAt' },
    ],
    [
      'a release time in year 1',
      { releasedAt: '0001-01-01T00:00:00Z' },
      { releasedAt: 'validation.releasedAt' },
    ],
  ])('refuses %s', (_name, change, expected) => {
    expect(issuesOf({ ...base, ...change })).toEqual(expected);
  });

  it('refuses a field it does not know (the release’s state is the server’s)', () => {
    expect(createAppVersionBodySchema.safeParse({ ...base, latest: true }).error?.issues).toMatchObject([
      { code: 'unrecognized_keys', keys: ['latest'] },
    ]);
  });

  it('says every bad field at once, the minimum only when both versions are valid', () => {
    expect(issuesOf({ ...base, version: '2', minVersion: '9.9.9', build: -1 })).toEqual({
      version: 'validation.semver',
      build: 'validation.appBuild',
    });
    expect(issuesOf({ ...base, minVersion: '9.0.0', storeUrl: 'x' })).toEqual({
      minVersion: 'validation.minAboveVersion',
      storeUrl: 'validation.storeUrl',
    });
  });

  it('update: a minimum above the version is refused when both are sent; platform stays', () => {
    const id = '3f1a54a4-2b6c-4f55-9a27-7a0a8f1f3c01';
    expect(updateAppVersionBodySchema.safeParse({ id, minVersion: '9.0.0' }).success).toBe(true);
    expect(
      updateAppVersionBodySchema.safeParse({ id, version: '1.0.0', minVersion: '1.0.1' }).error?.issues[0],
    ).toMatchObject({ path: ['minVersion'], message: 'validation.minAboveVersion' });
    expect(updateAppVersionBodySchema.safeParse({ id, platform: 'ios' }).success).toBe(false);
  });
});

describe('appCheckQuerySchema', () => {
  it('reads the query as the app sends it; an empty build is no build', () => {
    expect(appCheckQuerySchema.parse({ platform: 'android', version: '1.4.2', build: '57' })).toEqual({
      platform: 'android',
      version: '1.4.2',
      build: 57,
    });
    expect(appCheckQuerySchema.parse({ platform: 'ios', version: '2.0.0', build: '' }).build).toBeNull();
    expect(appCheckQuerySchema.parse({ platform: 'ios', version: '2.0.0', device: 'x' })).not.toHaveProperty(
      'device',
    );
    expect(
      appCheckQuerySchema.safeParse({ platform: 'android', version: '1.4.2', build: 'abc' }).success,
    ).toBe(false);
  });
});

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 86_400_000;
const at = (offsetDays: number) => new Date(NOW + offsetDays * DAY).toISOString();
const release = (
  version: string,
  build: number,
  minVersion: string,
  extra: Partial<Omit<CheckRelease, 'version' | 'minVersion'>> = {},
): CheckRelease => ({
  version: v(version),
  build,
  minVersion: v(minVersion),
  forceUpdate: false,
  storeUrl: 'https://play.google.com/store/apps/details?id=la.parkinghub.staff',
  notesLo: `ລາວ ${version}`,
  notesEn: `English ${version}`,
  releasedAt: at(-30),
  ...extra,
});

/**
 * Android's history: 1.2.0 forced an update; 1.4.2 (57) is the latest out, supporting 1.1.0 and
 * up; 2.0.0 (forced, minimum 2.0.0) is scheduled for tomorrow and must not count yet.
 */
const RELEASES: CheckRelease[] = [
  release('1.0.0', 10, '1.0.0', { releasedAt: at(-300) }),
  release('1.2.0', 20, '1.0.0', { forceUpdate: true, releasedAt: at(-200) }),
  release('1.3.0', 30, '1.1.0', { releasedAt: at(-100) }),
  release('1.4.2', 57, '1.1.0', { releasedAt: at(-1) }),
  release('2.0.0', 80, '2.0.0', { forceUpdate: true, releasedAt: at(1) }),
];

describe('appCheckAnswer', () => {
  it.each<[string, string, number | null, boolean, AppCheckReason | null]>([
    ['the latest, same build', '1.4.2', 57, false, null],
    ['the latest, build unknown', '1.4.2', null, false, null],
    ['the latest version, an older build', '1.4.2', 56, true, null],
    ['newer than the latest (a tester)', '1.4.3', 1, false, null],
    ['an older version, above every forced one', '1.3.0', 30, true, null],
    ['the forced release itself', '1.2.0', 20, true, null],
    ['the forced version, an older build', '1.2.0', 19, true, 'FORCE_UPDATE'],
    ['below the forced release, above the minimum', '1.1.9', null, true, 'FORCE_UPDATE'],
    ['exactly the minimum, below the forced one', '1.1.0', 999, true, 'FORCE_UPDATE'],
    ['below the latest’s minimum', '1.0.5', 15, true, 'BELOW_MINIMUM'],
    ['far below', '0.9.0', null, true, 'BELOW_MINIMUM'],
  ])('%s: %s (%s) → update %s, required because %s', (_name, version, build, available, reason) => {
    const answer = appCheckAnswer('android', RELEASES, { version: v(version), build }, NOW, 'lo');
    expect(answer).toMatchObject({
      updateAvailable: available,
      required: reason !== null,
      reason,
      latest: { version: '1.4.2', build: 57, minVersion: '1.1.0', notes: 'ລາວ 1.4.2', releasedAt: at(-1) },
    });
    // Whatever is required is available.
    if (answer.required) expect(answer.updateAvailable).toBe(true);
  });

  it('counts a scheduled release once its time has come', () => {
    const tomorrow = NOW + DAY;
    const answer = appCheckAnswer('android', RELEASES, { version: v('1.4.2'), build: 57 }, tomorrow, 'lo');
    expect(answer).toMatchObject({
      latest: { version: '2.0.0', build: 80, forceUpdate: true },
      updateAvailable: true,
      required: true,
      reason: 'BELOW_MINIMUM',
    });
    expect(appCheckMessageKey(answer)).toBe('success.appUpdateRequired');
  });

  it('gives the notes in the caller’s language, the other one when that is empty', () => {
    const caller = { version: v('1.0.0'), build: null };
    expect(appCheckAnswer('android', RELEASES, caller, NOW, 'en').latest?.notes).toBe('English 1.4.2');
    const noEnglish = [release('3.0.0', 90, '1.0.0', { notesEn: '', releasedAt: at(-1) })];
    expect(appCheckAnswer('android', noEnglish, caller, NOW, 'en').latest?.notes).toBe('ລາວ 3.0.0');
  });

  it('answers no latest and nothing to do when nothing is out', () => {
    const none = appCheckAnswer(
      'ios',
      [RELEASES[4] as CheckRelease],
      { version: v('0.0.1'), build: 1 },
      NOW,
      'lo',
    );
    expect(none).toEqual({
      platform: 'ios',
      latest: null,
      updateAvailable: false,
      required: false,
      reason: null,
    });
    expect(appCheckMessageKey(none)).toBe('success.noAppRelease');
  });

  it('takes the highest version as the latest whatever the order or the release dates', () => {
    const shuffled = [RELEASES[3], RELEASES[0], RELEASES[2], RELEASES[1]] as CheckRelease[];
    const caller = { version: v('1.3.0'), build: 30 };
    expect(appCheckAnswer('android', shuffled, caller, NOW, 'lo')).toEqual(
      appCheckAnswer('android', RELEASES, caller, NOW, 'lo'),
    );
    expect(appCheckMessageKey(appCheckAnswer('android', shuffled, caller, NOW, 'lo'))).toBe(
      'success.appUpdateAvailable',
    );
    expect(
      appCheckMessageKey(appCheckAnswer('android', shuffled, { version: v('1.4.2'), build: 57 }, NOW, 'lo')),
    ).toBe('success.appUpToDate');
  });

  it('is decided by the latest and the newest forced release out (what the server keeps)', () => {
    // The server reads only those two and the next scheduled one: the same answer for any caller.
    const deciding = [RELEASES[3], RELEASES[1], RELEASES[4]] as CheckRelease[];
    for (const version of ['0.1.0', '1.0.0', '1.1.5', '1.2.0', '1.3.9', '1.4.2', '1.5.0', '2.0.0'])
      for (const build of [null, 1, 20, 57, 100])
        for (const now of [NOW, NOW + DAY]) {
          const caller = { version: v(version), build };
          expect(appCheckAnswer('android', deciding, caller, now, 'lo')).toEqual(
            appCheckAnswer('android', RELEASES, caller, now, 'lo'),
          );
        }
  });
});

describe('nextReleaseAt', () => {
  it('is the soonest release after now, or null', () => {
    expect(nextReleaseAt(RELEASES, NOW)).toBe(NOW + DAY);
    expect(nextReleaseAt(RELEASES, NOW + DAY)).toBeNull();
    expect(nextReleaseAt([], NOW)).toBeNull();
  });
});
