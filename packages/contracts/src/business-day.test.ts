import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  businessDate,
  calendarDate,
  dayCutMinutes,
  daysBetween,
  localWallTime,
  parseHhmm,
  type ShopHours,
} from './business-day.ts';

const shop = (openShop: string | null, closeShop: string | null, timezone = 'Asia/Vientiane'): ShopHours => ({
  timezone,
  openShop,
  closeShop,
});

describe('parseHhmm', () => {
  it('reads HH:mm as minutes of the day', () => {
    expect(parseHhmm('00:00')).toBe(0);
    expect(parseHhmm('07:30')).toBe(450);
    expect(parseHhmm('23:59')).toBe(1439);
  });

  it.each(['24:00', '7:00', '07:60', 'ab:cd', '', '07:00:00'])('refuses %j', (s) => {
    expect(() => parseHhmm(s)).toThrow(RangeError);
  });
});

describe('dayCutMinutes (decision 007)', () => {
  it.each([
    ['07:00', '19:00', 60],
    ['18:00', '02:00', 600],
    ['02:00', '14:00', 1200],
    ['00:00', '00:00', 0],
    ['06:00', '06:00', 360],
    // 11 h 59 min closed: the middle is 01:00:30, rounded down to 01:00.
    ['07:00', '19:01', 60],
    [null, null, 0],
    ['07:00', null, 0],
    [null, '19:00', 0],
  ] as const)('%s–%s → %i', (open, close, cut) => {
    expect(dayCutMinutes({ openShop: open, closeShop: close })).toBe(cut);
  });
});

describe('localWallTime / calendarDate', () => {
  it('reads the wall clock of the zone, midnight as 0', () => {
    expect(localWallTime(new Date('2026-11-19T17:00:00Z'), 'Asia/Vientiane')).toEqual({
      date: '2026-11-20',
      minutes: 0,
    });
    expect(localWallTime(new Date('2026-11-20T16:59:59Z'), 'Asia/Vientiane')).toEqual({
      date: '2026-11-20',
      minutes: 1439,
    });
    expect(localWallTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Paris')).toEqual({
      date: '2026-03-29',
      minutes: 210,
    });
  });

  it('names the local date, which may differ from UTC', () => {
    expect(calendarDate(new Date('2026-11-20T17:30:00Z'), 'Asia/Vientiane')).toBe('2026-11-21');
    expect(calendarDate(new Date('2026-11-20T17:30:00Z'), 'Europe/Paris')).toBe('2026-11-20');
    expect(calendarDate(new Date('2026-11-20T17:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-20');
  });

  it('falls back to Asia/Vientiane without a zone', () => {
    expect(calendarDate(new Date('2026-11-20T17:30:00Z'), '')).toBe('2026-11-21');
  });
});

describe('businessDate (decision 007)', () => {
  const DAY = shop('07:00', '19:00');
  const NIGHT = shop('18:00', '02:00');
  const EARLY = shop('02:00', '14:00');
  const ALL_DAY_6 = shop('06:00', '06:00');
  const NO_HOURS = shop(null, null);
  // Cut at 03:00; on 29 March 2026 Paris skips from 02:00 to 03:00, on 25 October it repeats 02:00–03:00.
  const PARIS = shop('09:00', '21:00', 'Europe/Paris');

  it.each([
    // The examples of the decision.
    ['18:00–02:00, 01:30 → previous date', NIGHT, '2026-11-20T01:30:00+07:00', '2026-11-19'],
    ['18:00–02:00, 17:00 early arrival → same date', NIGHT, '2026-11-20T17:00:00+07:00', '2026-11-20'],
    ['07:00–19:00, 00:30 → previous date', DAY, '2026-11-20T00:30:00+07:00', '2026-11-19'],
    ['07:00–19:00, 06:50 → same date', DAY, '2026-11-20T06:50:00+07:00', '2026-11-20'],
    // Exactly at the cut is the new day, one minute before the old.
    ['07:00–19:00, 01:00 (cut) → new day', DAY, '2026-11-20T01:00:00+07:00', '2026-11-20'],
    ['07:00–19:00, 00:59 → old day', DAY, '2026-11-20T00:59:00+07:00', '2026-11-19'],
    ['07:00–19:00, 00:59:59 → old day', DAY, '2026-11-20T00:59:59+07:00', '2026-11-19'],
    ['18:00–02:00, 10:00 (cut) → new day', NIGHT, '2026-11-20T10:00:00+07:00', '2026-11-20'],
    ['18:00–02:00, 09:59 → old day', NIGHT, '2026-11-20T09:59:00+07:00', '2026-11-19'],
    ['18:00–02:00, 23:59 → same date', NIGHT, '2026-11-20T23:59:00+07:00', '2026-11-20'],
    // open < cut: the day opening at 02:00 on the 20th starts at 20:00 on the 19th.
    ['02:00–14:00, 01:00 → same date', EARLY, '2026-11-20T01:00:00+07:00', '2026-11-20'],
    ['02:00–14:00, 10:00 → same date', EARLY, '2026-11-20T10:00:00+07:00', '2026-11-20'],
    ['02:00–14:00, 19:59 → same date', EARLY, '2026-11-20T19:59:00+07:00', '2026-11-20'],
    ['02:00–14:00, 20:00 (cut) → next date', EARLY, '2026-11-20T20:00:00+07:00', '2026-11-21'],
    ['02:00–14:00, 23:59 on 31 Dec → next year', EARLY, '2026-12-31T23:59:00+07:00', '2027-01-01'],
    ['06:00–06:00, 05:59 → previous date', ALL_DAY_6, '2026-11-20T05:59:00+07:00', '2026-11-19'],
    ['06:00–06:00, 06:00 → same date', ALL_DAY_6, '2026-11-20T06:00:00+07:00', '2026-11-20'],
    ['no hours, 00:00 → same date', NO_HOURS, '2026-11-20T00:00:00+07:00', '2026-11-20'],
    ['no hours, 23:59 → same date', NO_HOURS, '2026-11-20T23:59:00+07:00', '2026-11-20'],
    ['07:00–19:00, 00:30 on 1 Jan → previous year', DAY, '2027-01-01T00:30:00+07:00', '2026-12-31'],
    ['07:00–19:00, given in UTC', DAY, '2026-11-20T20:00:00Z', '2026-11-21'],
    // Wall-clock arithmetic: 03:30 CEST is 01:30 UTC, three hours after 23:30 CET the day before.
    ['Paris, 01:59 CET before the spring change → old day', PARIS, '2026-03-29T01:59:00+01:00', '2026-03-28'],
    [
      'Paris, 03:00 CEST (cut) after the spring change → new day',
      PARIS,
      '2026-03-29T03:00:00+02:00',
      '2026-03-29',
    ],
    ['Paris, 03:30 CEST → new day', PARIS, '2026-03-29T03:30:00+02:00', '2026-03-29'],
    ['Paris, 02:30 CEST, first pass in autumn → old day', PARIS, '2026-10-25T02:30:00+02:00', '2026-10-24'],
    ['Paris, 02:30 CET, second pass in autumn → old day', PARIS, '2026-10-25T02:30:00+01:00', '2026-10-24'],
    ['Paris, 03:00 CET after the autumn change → new day', PARIS, '2026-10-25T03:00:00+01:00', '2026-10-25'],
  ])('%s', (_name, hours, instant, expected) => {
    expect(businessDate(new Date(instant), hours)).toBe(expected);
  });
});

describe('calendar arithmetic on YYYY-MM-DD', () => {
  it.each([
    ['2026-11-20', 0, '2026-11-20'],
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2026-03-28', 2, '2026-03-30'],
  ] as const)('addDaysToDate(%s, %i) = %s', (date, days, expected) => {
    expect(addDaysToDate(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-20', '2026-11-20', 0],
    ['2026-11-20', '2026-11-23', 3],
    ['2026-11-23', '2026-11-20', -3],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-01-01', '2027-01-01', 365],
    ['2028-01-01', '2029-01-01', 366],
    ['2026-03-28', '2026-03-30', 2],
  ] as const)('daysBetween(%s, %s) = %i', (a, b, expected) => {
    expect(daysBetween(a, b)).toBe(expected);
  });

  it('refuses malformed or impossible dates', () => {
    expect(() => addDaysToDate('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDaysToDate('2026-1-01', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-11-20', '20/11/2026')).toThrow(RangeError);
  });
});
