import { defaultFeeRule } from '@parking-hub/contracts/prices';
import { LOGO_MAX_BYTES } from '@parking-hub/contracts/shops';
import { describe, expect, it } from 'vitest';
import { formatMonth, monthsFrom } from '../../lib/months';
import {
  formatBusinessDate,
  logoProblem,
  normalizeTime,
  packageName,
  ruleLines,
  shopHours,
} from './shop-format';

describe('normalizeTime', () => {
  it.each([
    ['7:30', '07:30'],
    ['07:30', '07:30'],
    ['7.30', '07:30'],
    ['730', '07:30'],
    ['0730', '07:30'],
    [' 23:59 ', '23:59'],
    ['0000', '00:00'],
  ])('reads %s as %s', (input, out) => expect(normalizeTime(input)).toBe(out));

  it.each(['24:00', '7:60', '7', 'ab:cd', '', '12345'])('leaves %s for the check to refuse', (input) =>
    expect(normalizeTime(input)).toBe(input.trim()),
  );
});

describe('shopHours', () => {
  it('is open around the clock without both times', () => {
    expect(shopHours(null, null)).toEqual({ allDay: true });
    expect(shopHours('07:00', null)).toEqual({ allDay: true });
  });
  it('closes the same day or, before the opening time, the next day', () => {
    expect(shopHours('07:00', '22:00')).toEqual({
      allDay: false,
      open: '07:00',
      close: '22:00',
      overnight: false,
    });
    expect(shopHours('18:00', '02:00')).toMatchObject({ overnight: true });
  });
});

it('writes a business date day first', () => {
  expect(formatBusinessDate('2026-11-22')).toBe('22/11/2026');
  expect(formatBusinessDate('soon')).toBe('soon');
});

describe('ruleLines', () => {
  it('says a flat rule in one line, plus its extra fees', () => {
    expect(ruleLines(defaultFeeRule(3000))).toEqual([{ key: 'prices.flat', values: { amount: 3000 } }]);
    expect(ruleLines({ ...defaultFeeRule(3000), overnightFee: 5000, lostTicketFee: 20000 })).toEqual([
      { key: 'prices.flat', values: { amount: 3000 } },
      { key: 'prices.overnight', values: { amount: 5000 } },
      { key: 'prices.lost', values: { amount: 20000 } },
    ]);
  });
  it('says a timed rule period by period, with grace and cap only when set', () => {
    const timed = { ...defaultFeeRule(2000), mode: 'TIMED' as const, nextPeriodFee: 1000, dailyCap: 8000 };
    expect(ruleLines(timed).map((l) => l.key)).toEqual([
      'prices.grace',
      'prices.firstPeriod',
      'prices.nextPeriod',
      'prices.dailyCap',
    ]);
    expect(ruleLines({ ...timed, graceMinutes: 0, dailyCap: null }).map((l) => l.key)).toEqual([
      'prices.firstPeriod',
      'prices.nextPeriod',
    ]);
    expect(ruleLines(timed)[1]).toEqual({ key: 'prices.firstPeriod', values: { amount: 2000, minutes: 60 } });
  });
});

describe('logoProblem', () => {
  it('takes PNG, JPEG and WebP up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(logoProblem({ type, size: LOGO_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and bigger files', () => {
    expect(logoProblem({ type: 'image/gif', size: 10 })).toBe('errors.logoType');
    expect(logoProblem({ type: '', size: 10 })).toBe('errors.logoType');
    expect(logoProblem({ type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe('errors.logoTooLarge');
  });
});

describe('months of a package choice', () => {
  it('counts months across a year end and shows them month/year', () => {
    expect(monthsFrom('2026-11', 4)).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsFrom('2027-02', -3)).toEqual(['2027-02', '2027-01', '2026-12']);
    expect(formatMonth('2027-01')).toBe('01/2027');
    expect(packageName({ nameLo: 'ພື້ນຖານ', nameEn: 'Basic' }, 'en')).toBe('Basic');
    expect(packageName({ nameLo: 'ພື້ນຖານ', nameEn: 'Basic' }, 'lo')).toBe('ພື້ນຖານ');
  });
});
