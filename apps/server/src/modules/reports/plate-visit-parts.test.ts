import { addDaysToDate } from '@parking-hub/contracts/business-day';
import { describe, expect, it } from 'vitest';
import { addMonths, type VisitPart, visitParts, WINDOW_MONTHS } from './plate-visit-parts.ts';

/** How many times the parts count `day` (a day inside the period must count once, others never). */
function coverage(parts: VisitPart[], day: string): number {
  const month = `${day.slice(0, 7)}-01`;
  const key = { d: day, m: month, y: `${day.slice(0, 4)}-01-01` };
  // A window row ('r') holds the thirteen months from its first day.
  const holds = (p: VisitPart) =>
    p.grain === 'r'
      ? month >= p.from && month < addMonths(p.to, WINDOW_MONTHS)
      : key[p.grain] >= p.from && key[p.grain] <= p.to;
  return parts.reduce((n, p) => n + (holds(p) ? p.sign : 0), 0);
}

function expectExact(from: string, to: string, horizon: string) {
  const parts = visitParts(from, to, horizon);
  for (let d = addDaysToDate(from, -800); d <= addDaysToDate(to, 800); d = addDaysToDate(d, 1)) {
    const want = d >= from && d <= to ? 1 : 0;
    if (coverage(parts, d) !== want)
      throw new Error(
        `${from}..${to} (horizon ${horizon}): ${d} counted ${coverage(parts, d)}×, parts ${JSON.stringify(parts)}`,
      );
  }
  return parts;
}

describe('visitParts: the plate_visits rows that make up a period', () => {
  it('counts every day of the period once and no other day, for periods of every shape', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const from = addDaysToDate('2023-01-01', rand(1400));
      const to = addDaysToDate(from, rand(i % 3 === 0 ? 40 : 1100));
      const horizon = addDaysToDate('2023-01-01', rand(1500));
      expectExact(from, to, horizon);
    }
    // The edges that matter: leap days, year and month ends.
    for (const [from, to] of [
      ['2024-02-29', '2024-02-29'],
      ['2024-01-01', '2024-12-31'],
      ['2023-12-31', '2024-01-01'],
      ['2024-03-01', '2025-02-28'],
      ['2023-01-01', '2025-12-31'],
    ] as const)
      expectExact(from, to, '2026-11-27');
  });

  it('reads a whole year, whole months and this month so far without day rows', () => {
    expect(expectExact('2025-01-01', '2025-12-31', '2026-11-27')).toEqual([
      { grain: 'y', from: '2025-01-01', to: '2025-01-01', sign: 1 },
    ]);
    expect(expectExact('2026-03-01', '2026-05-31', '2026-11-27')).toEqual([
      { grain: 'm', from: '2026-03-01', to: '2026-03-01', sign: 1 },
      { grain: 'm', from: '2026-04-01', to: '2026-04-01', sign: 1 },
      { grain: 'm', from: '2026-05-01', to: '2026-05-01', sign: 1 },
    ]);
    // This month so far: the month's row less the days still to come (none of which has a row).
    expect(expectExact('2026-11-01', '2026-11-25', '2026-11-27')).toEqual([
      { grain: 'm', from: '2026-11-01', to: '2026-11-01', sign: 1 },
      { grain: 'd', from: '2026-11-26', to: '2026-11-30', sign: -1 },
    ]);
    // The last twelve months, the last 365 days: the window row of the first month (thirteen
    // months) less what lies outside, every part taken away (nothing to look up, migration 0022).
    expect(expectExact('2025-12-01', '2026-11-30', '2026-12-04')).toEqual([
      { grain: 'r', from: '2025-12-01', to: '2025-12-01', sign: 1 },
      { grain: 'm', from: '2026-12-01', to: '2026-12-01', sign: -1 },
    ]);
    expect(expectExact('2025-11-25', '2026-11-24', '2026-11-27')).toEqual([
      { grain: 'r', from: '2025-11-01', to: '2025-11-01', sign: 1 },
      { grain: 'd', from: '2025-11-01', to: '2025-11-24', sign: -1 },
      { grain: 'd', from: '2026-11-25', to: '2026-11-30', sign: -1 },
    ]);
    // The last three months: the window less the months to come.
    const quarter = expectExact('2026-09-01', '2026-11-30', '2026-12-04');
    expect(quarter[0]).toEqual({ grain: 'r', from: '2026-09-01', to: '2026-09-01', sign: 1 });
    expect(quarter.filter((p) => p.sign > 0)).toHaveLength(1);
  });

  it('reads a few days as day rows', () => {
    expect(expectExact('2026-10-05', '2026-10-09', '2026-11-27')).toEqual([
      { grain: 'd', from: '2026-10-05', to: '2026-10-09', sign: 1 },
    ]);
  });
});
