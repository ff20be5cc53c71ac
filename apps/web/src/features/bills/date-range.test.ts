import { describe, expect, it } from 'vitest';
import { addDays, effectiveRange, presetOf, presetRange } from './date-range';

const TZ = 'Asia/Vientiane';
// 16:30 UTC is 23:30 on 1 March in Vientiane (UTC+7); an hour later it is 2 March there.
const lateEvening = new Date('2026-03-01T16:30:00Z');

describe('date ranges of the bill history', () => {
  it('adds calendar days across months and leap years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('takes "today" from the shop’s wall clock, not UTC', () => {
    expect(presetRange('today', lateEvening, TZ)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('today', new Date('2026-03-01T17:30:00Z'), TZ)).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
    });
  });

  it('covers yesterday, the last 7 and the last 30 days including today', () => {
    expect(presetRange('yesterday', lateEvening, TZ)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('last7', lateEvening, TZ)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('last30', lateEvening, TZ)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('recognises a preset and defaults to today without dates', () => {
    expect(presetOf({ from: '2026-02-23', to: '2026-03-01' }, lateEvening, TZ)).toBe('last7');
    expect(presetOf({ from: '2026-02-20', to: '2026-03-01' }, lateEvening, TZ)).toBeNull();
    expect(effectiveRange({}, lateEvening, TZ)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(effectiveRange({ from: '2026-01-01', to: '' }, lateEvening, TZ)).toEqual({
      from: '2026-01-01',
      to: undefined,
    });
  });
});
