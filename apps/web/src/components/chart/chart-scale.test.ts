import { describe, expect, it } from 'vitest';
import { fitLabel, labelStride, niceScale, tickLabel } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to a round step and lists the ticks from 0', () => {
    expect(niceScale(1_234_567)).toEqual({ max: 1_500_000, ticks: [0, 500_000, 1_000_000, 1_500_000] });
    expect(niceScale(100)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
  });

  it('keeps whole steps for small counts and a visible axis for zeros', () => {
    expect(niceScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(3).ticks.every(Number.isInteger)).toBe(true);
    expect(niceScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('never puts the top below the largest value', () => {
    for (const v of [9, 11, 99, 101, 32_000, 999_999, 12_345_678])
      expect(niceScale(v).max).toBeGreaterThanOrEqual(v);
  });
});

describe('labelStride', () => {
  it('shows every label when they fit, and thins them out when they do not', () => {
    expect(labelStride(7, 700, 50)).toBe(1);
    expect(labelStride(31, 300, 50)).toBe(6);
    expect(labelStride(0, 300, 50)).toBe(1);
  });
});

describe('tickLabel', () => {
  it('writes large amounts short', () => {
    expect(tickLabel(1_500_000)).toBe('1.5M');
    expect(tickLabel(25_000)).toBe('25K');
    expect(tickLabel(0)).toBe('0');
  });
});

describe('fitLabel', () => {
  it('keeps a label that fits and cuts a long one with an ellipsis', () => {
    expect(fitLabel('01/05', 60)).toBe('01/05');
    expect(fitLabel('ມາລີ ອິນທະວົງ (staff-vtc-1)', 65)).toBe('ມາລີ ອິນທ…');
    expect(fitLabel('abc', 1)).toBe('a…');
  });
});
