import { describe, expect, it } from 'vitest';
import { splitByMonths } from './reports.repository.ts';

describe('splitByMonths', () => {
  it('takes whole months from the month rows and the days at either end from the day rows', () => {
    expect(splitByMonths('2026-01-15', '2026-04-10')).toEqual({
      months: ['2026-02-01', '2026-03-01'],
      days: [
        ['2026-01-15', '2026-01-31'],
        ['2026-04-01', '2026-04-10'],
      ],
    });
    expect(splitByMonths('2026-01-01', '2026-12-31')).toEqual({
      months: ['2026-01-01', '2026-12-01'],
      days: [],
    });
    expect(splitByMonths('2025-12-01', '2026-02-28')).toEqual({
      months: ['2025-12-01', '2026-02-01'],
      days: [],
    });
    expect(splitByMonths('2024-02-01', '2024-02-29')).toEqual({
      months: ['2024-02-01', '2024-02-01'],
      days: [],
    });
  });

  it('reads days only when no whole month fits', () => {
    expect(splitByMonths('2026-01-02', '2026-01-31')).toEqual({
      months: null,
      days: [['2026-01-02', '2026-01-31']],
    });
    expect(splitByMonths('2026-01-15', '2026-02-14')).toEqual({
      months: null,
      days: [['2026-01-15', '2026-02-14']],
    });
    expect(splitByMonths('2026-03-05', '2026-03-05')).toEqual({
      months: null,
      days: [['2026-03-05', '2026-03-05']],
    });
    expect(splitByMonths('2026-02-01', '2026-02-27')).toEqual({
      months: null,
      days: [['2026-02-01', '2026-02-27']],
    });
  });

  it('covers every day of the period exactly once', () => {
    for (const [from, to] of [
      ['2025-11-30', '2026-03-01'],
      ['2026-01-31', '2026-02-01'],
      ['2025-06-17', '2026-06-16'],
    ] as const) {
      const { months, days } = splitByMonths(from, to);
      const daysOf = (a: string, b: string) => {
        const out: string[] = [];
        for (let d = new Date(`${a}T00:00Z`); d <= new Date(`${b}T00:00Z`); d.setUTCDate(d.getUTCDate() + 1))
          out.push(d.toISOString().slice(0, 10));
        return out;
      };
      const covered = days.flatMap(([a, b]) => daysOf(a, b));
      if (months) {
        const end = new Date(`${months[1]}T00:00Z`);
        end.setUTCMonth(end.getUTCMonth() + 1);
        end.setUTCDate(0);
        covered.push(...daysOf(months[0], end.toISOString().slice(0, 10)));
      }
      covered.sort();
      expect(covered).toEqual(daysOf(from, to));
      expect(new Set(covered).size).toBe(covered.length);
    }
  });
});
