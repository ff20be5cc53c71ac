import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, rangeFromUrl } from './report-range';

const ZONE = 'Asia/Vientiane';
// 2026-03-01 00:30 in Vientiane (UTC+7) is still 28 February in UTC.
const march1 = new Date('2026-02-28T17:30:00Z');
const mid = new Date('2026-07-15T05:00:00Z');

describe('report presets', () => {
  it('counts the days in the shop zone, not in UTC', () => {
    expect(presetRange('today', march1, ZONE)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', march1, ZONE)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('runs this month up to today and last month over its whole length', () => {
    expect(presetRange('thisMonth', mid, ZONE)).toEqual({ from: '2026-07-01', to: '2026-07-15' });
    expect(presetRange('lastMonth', mid, ZONE)).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(presetRange('lastMonth', march1, ZONE)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', new Date('2026-01-10T05:00:00Z'), ZONE)).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('names the preset a range is, and none for a hand-picked one', () => {
    expect(presetOf({ from: '2026-07-01', to: '2026-07-15' }, mid, ZONE)).toBe('thisMonth');
    expect(presetOf({ from: '2026-07-14', to: '2026-07-14' }, mid, ZONE)).toBe('yesterday');
    expect(presetOf({ from: '2026-07-02', to: '2026-07-15' }, mid, ZONE)).toBeNull();
  });
});

describe('rangeFromUrl', () => {
  it('keeps good dates, swaps reversed ones and falls back to this month', () => {
    expect(rangeFromUrl('2026-05-01', '2026-05-31', mid, ZONE)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
    });
    expect(rangeFromUrl('2026-05-31', '2026-05-01', mid, ZONE)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
    });
    expect(rangeFromUrl('', '2026-05-31', mid, ZONE)).toEqual({ from: '2026-07-01', to: '2026-07-15' });
    expect(rangeFromUrl('yesterday', 'x', mid, ZONE)).toEqual({ from: '2026-07-01', to: '2026-07-15' });
  });
});
