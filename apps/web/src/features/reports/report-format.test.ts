import { describe, expect, it } from 'vitest';
import { dayLabel, monthLabel, shortDayLabel } from './report-format';

describe('report dates', () => {
  it('writes days and months as dd/mm/yyyy and mm/yyyy, whatever the time zone', () => {
    expect(dayLabel('2026-05-01')).toBe('01/05/2026');
    expect(shortDayLabel('2026-12-31')).toBe('31/12');
    expect(monthLabel('2026-05')).toBe('05/2026');
  });

  it('leaves text it does not recognise as it is', () => {
    expect(dayLabel('soon')).toBe('soon');
    expect(monthLabel('')).toBe('');
  });
});
