import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatKip } from './format';

describe('formatDateTime', () => {
  it('shows day/month/year 24-hour time in Asia/Vientiane', () => {
    expect(formatDateTime('2026-11-22T07:05:00Z')).toBe('22/11/2026 14:05');
    expect(formatDateTime('2026-11-22T17:30:00Z')).toBe('23/11/2026 00:30');
  });
  it('honours another zone and empty values', () => {
    expect(formatDateTime('2026-11-22T07:05:00Z', 'UTC')).toBe('22/11/2026 07:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('2026-01-05T20:00:00Z')).toBe('06/01/2026');
  });
});

describe('formatKip', () => {
  it('shows whole kip with thousands separators', () => {
    expect(formatKip(1234567)).toBe('1,234,567 ₭');
    expect(formatKip(0)).toBe('0 ₭');
    expect(formatKip(32000.4)).toBe('32,000 ₭');
  });
});
