import { describe, expect, it } from 'vitest';
import { laoDateTime, startOfDayIn, zoneOffsetMs } from './time.ts';

describe('time zones', () => {
  it('finds the start of a calendar day in a zone', () => {
    expect(startOfDayIn('2026-11-22', 'Asia/Vientiane').toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(startOfDayIn('2026-01-01', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    // Paris: winter +1, summer +2; the spring change happens at 02:00 on 29 March 2026.
    expect(startOfDayIn('2026-03-29', 'Europe/Paris').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDayIn('2026-03-30', 'Europe/Paris').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('measures a zone’s offset', () => {
    expect(zoneOffsetMs(new Date('2026-11-22T05:00:30Z'), 'Asia/Vientiane')).toBe(7 * 3_600_000);
    expect(zoneOffsetMs(new Date('2026-11-22T05:00:00Z'), 'Asia/Kathmandu')).toBe(5.75 * 3_600_000);
  });
});

it('writes a time for a person in Vientiane, day first, 24-hour clock', () => {
  expect(laoDateTime(new Date('2026-11-24T07:05:00Z'))).toBe('24/11/2026 14:05');
});
