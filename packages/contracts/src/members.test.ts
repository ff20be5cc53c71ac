import { describe, expect, it } from 'vitest';
import { addMonths, createNumbersBodySchema, passPeriod, passStateOn, rangeNumbers } from './members.ts';

describe('passPeriod', () => {
  it.each([
    // [current end, today, months, from, until]
    [null, '2026-11-25', 1, '2026-11-25', '2026-12-24'],
    [null, '2026-11-25', 12, '2026-11-25', '2027-11-24'],
    [null, '2026-01-28', 1, '2026-01-28', '2026-02-27'],
    [null, '2026-01-29', 1, '2026-01-29', '2026-02-28'],
    [null, '2026-01-31', 1, '2026-01-31', '2026-02-28'],
    [null, '2028-01-31', 1, '2028-01-31', '2028-02-29'],
    [null, '2026-03-31', 1, '2026-03-31', '2026-04-30'],
    [null, '2026-03-30', 1, '2026-03-30', '2026-04-29'],
    [null, '2026-08-31', 6, '2026-08-31', '2027-02-28'],
    [null, '2026-12-01', 1, '2026-12-01', '2026-12-31'],
    // Renewed before the end: from the day after it, nothing lost.
    ['2026-12-24', '2026-11-30', 1, '2026-12-25', '2027-01-24'],
    ['2026-02-28', '2026-02-10', 1, '2026-03-01', '2026-03-31'],
    // Renewed on the last day, and after a gap: from today.
    ['2026-11-25', '2026-11-25', 3, '2026-11-26', '2027-02-25'],
    ['2026-10-01', '2026-11-25', 1, '2026-11-25', '2026-12-24'],
  ] as const)('end %s, today %s, %i months → %s…%s', (end, today, months, from, until) => {
    expect(passPeriod(end, today, months)).toEqual({ from, until });
  });

  it('never ends a later start earlier, and covers every day of a year of monthly renewals', () => {
    for (let d = 0; d < 366; d++) {
      const start = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
      const next = new Date(Date.UTC(2026, 0, 2 + d)).toISOString().slice(0, 10);
      for (const months of [1, 3, 6, 12]) {
        expect(passPeriod(null, next, months).until >= passPeriod(null, start, months).until).toBe(true);
      }
    }
    let end: string | null = null;
    for (let i = 0; i < 12; i++) {
      const p = passPeriod(end, '2026-01-31', 1);
      if (end)
        expect(p.from).toBe(new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
      end = p.until;
    }
    // Jan 31 → Feb 28, then whole months: Mar 1…Mar 31, …, Jan 1…Jan 31.
    expect(end).toBe('2027-01-31');
  });
});

describe('dates and numbers', () => {
  it('adds months with the day clamped to the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', -12)).toBe('2025-12-15');
  });

  it('says what a pass is on a day', () => {
    const m = { status: 'ACTIVE' as const, validFrom: '2026-11-01', validUntil: '2026-11-30' };
    expect(passStateOn(m, '2026-11-30')).toBe('VALID');
    expect(passStateOn(m, '2026-12-01')).toBe('EXPIRED');
    expect(passStateOn(m, '2026-10-31')).toBe('NOT_STARTED');
    expect(passStateOn({ ...m, status: 'SUSPENDED' }, '2026-11-15')).toBe('SUSPENDED');
  });

  it('makes a range zero-padded and refuses a bad one', () => {
    expect(rangeNumbers('M-', 1, 3, 4)).toEqual(['M-0001', 'M-0002', 'M-0003']);
    expect(rangeNumbers('M-', 9, 10)).toEqual(['M-09', 'M-10']);
    expect(
      createNumbersBodySchema.safeParse({ prefix: 'm-', from: 5, to: 1 }).error?.issues[0]?.message,
    ).toBe('validation.numberRangeOrder');
    expect(createNumbersBodySchema.safeParse({ from: 1, to: 6000 }).error?.issues[0]?.message).toBe(
      'validation.numberRangeSize',
    );
    expect(createNumbersBodySchema.safeParse({}).error?.issues[0]?.message).toBe('validation.numberOrRange');
  });
});
