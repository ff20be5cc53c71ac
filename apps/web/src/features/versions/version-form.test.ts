import type { AppVersion } from '@parking-hub/contracts/app-versions';
import { describe, expect, it } from 'vitest';
import {
  formField,
  type VersionFormValues,
  versionBody,
  versionFormSchema,
  versionValues,
  vientianeInstant,
  vientianeWall,
} from './version-form';

const latest: AppVersion = {
  id: 'a',
  platform: 'android',
  version: '1.4.2',
  build: 57,
  minVersion: '1.1.0',
  forceUpdate: false,
  storeUrl: 'https://play.google.com/store/apps/details?id=la.parkinghub.staff',
  notesLo: 'ໄວຂຶ້ນ',
  notesEn: 'Faster',
  releasedAt: '2026-11-27T17:30:00.000Z',
  released: true,
  latest: true,
  createdAt: '2026-11-27T17:30:00.000Z',
  updatedAt: '2026-11-27T17:30:00.000Z',
};

const values = (change: Partial<VersionFormValues> = {}): VersionFormValues => ({
  ...versionValues(null, 'android', latest, new Date('2026-11-28T02:05:40Z')),
  version: '1.5.0',
  build: '60',
  ...change,
});

describe('the version editor', () => {
  it('reads and writes the release time on a Vientiane clock (UTC+7)', () => {
    expect(vientianeWall(new Date('2026-11-27T17:30:00Z'))).toEqual({ date: '2026-11-28', time: '00:30' });
    expect(new Date(vientianeInstant('2026-11-28', '00:30')).toISOString()).toBe('2026-11-27T17:30:00.000Z');
    expect(versionValues(latest, 'ios', undefined)).toMatchObject({
      platform: 'android',
      version: '1.4.2',
      build: '57',
      releasedDate: '2026-11-28',
      releasedTime: '00:30',
    });
  });

  it('starts a new release from the latest’s minimum and store link, released now', () => {
    expect(values()).toMatchObject({
      platform: 'android',
      minVersion: '1.1.0',
      storeUrl: latest.storeUrl,
      forceUpdate: false,
      notesLo: '',
      releasedDate: '2026-11-28',
      releasedTime: '09:05',
    });
    expect(versionValues(null, 'ios', undefined)).toMatchObject({
      platform: 'ios',
      minVersion: '',
      storeUrl: '',
    });
  });

  it('checks the boxes by the contracts’ rules and sends the release time as an instant', () => {
    const parsed = versionFormSchema.parse(values());
    expect(versionBody(parsed)).toEqual({
      platform: 'android',
      version: '1.5.0',
      build: 60,
      minVersion: '1.1.0',
      forceUpdate: false,
      storeUrl: latest.storeUrl,
      notesLo: '',
      notesEn: '',
      releasedAt: '2026-11-28T09:05:00+07:00',
    });
    const issues = (change: Partial<VersionFormValues>) =>
      Object.fromEntries(
        (versionFormSchema.safeParse(values(change)).error?.issues ?? []).map((i) => [
          i.path.join('.'),
          i.message,
        ]),
      );
    expect(issues({ version: '1.5' })).toEqual({ version: 'validation.semver' });
    expect(issues({ minVersion: '1.6.0' })).toEqual({ minVersion: 'validation.minAboveVersion' });
    expect(issues({ build: '' })).toEqual({ build: 'validation.appBuild' });
    expect(issues({ storeUrl: 'http://example.la' })).toEqual({ storeUrl: 'validation.storeUrl' });
    expect(issues({ releasedTime: '25:00', releasedDate: '' })).toEqual({
      releasedDate: 'validation.dateFormat',
      releasedTime: 'validation.timeFormat',
    });
    expect(formField('releasedAt')).toBe('releasedDate');
    expect(formField('build')).toBe('build');
  });
});
