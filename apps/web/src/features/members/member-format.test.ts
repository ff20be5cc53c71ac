import { describe, expect, it } from 'vitest';
import { cleanPlates, daysLeftText, deletableNumber, passTone, rangePreview, showDay } from './member-format';

describe('showDay', () => {
  it('writes a business day as dd/mm/yyyy', () => {
    expect(showDay('2026-11-25')).toBe('25/11/2026');
    expect(showDay(null)).toBe('');
  });
});

describe('passTone', () => {
  it('is red once ended, amber in the last days (the shop’s reminder days), grey when cancelled or suspended', () => {
    expect(passTone('EXPIRED', -1)).toBe('ended');
    expect(passTone('ACTIVE', 0)).toBe('soon');
    expect(passTone('ACTIVE', 7)).toBe('soon');
    expect(passTone('ACTIVE', 8)).toBe('ok');
    expect(passTone('ACTIVE', 10, 14)).toBe('soon');
    expect(passTone('CANCELLED', -30)).toBe('off');
    expect(passTone('SUSPENDED', 20)).toBe('off');
  });
});

describe('daysLeftText', () => {
  it('says how many days are left, that today is the last, or how long ago it ended', () => {
    expect(daysLeftText(12)).toEqual({ key: 'daysLeft.left', count: 12 });
    expect(daysLeftText(0)).toEqual({ key: 'daysLeft.lastDay', count: 0 });
    expect(daysLeftText(-3)).toEqual({ key: 'daysLeft.ended', count: 3 });
  });
});

describe('rangePreview', () => {
  it('previews a range as the server makes it: prefix, zero-padded to the digits (default: the last’s)', () => {
    expect(rangePreview('m-', 1, 500, 4)).toEqual({ first: 'M-0001', last: 'M-0500', count: 500 });
    expect(rangePreview('M-', 1, 500)).toEqual({ first: 'M-001', last: 'M-500', count: 500 });
    expect(rangePreview('', 7, 7)).toEqual({ first: '7', last: '7', count: 1 });
  });

  it('previews nothing for a range that is not one', () => {
    expect(rangePreview('M-', 10, 1)).toBeNull();
    expect(rangePreview('M-', Number.NaN, 5)).toBeNull();
    expect(rangePreview('M-', -1, 5)).toBeNull();
  });
});

describe('deletableNumber', () => {
  it('lets a free or lost card go, never one in a member’s hand', () => {
    expect(deletableNumber('AVAILABLE')).toBe(true);
    expect(deletableNumber('LOST')).toBe(true);
    expect(deletableNumber('ASSIGNED')).toBe(false);
    expect(deletableNumber('RETIRED')).toBe(false);
  });
});

describe('cleanPlates', () => {
  it('trims, upper-cases, keeps one space and drops repeats (by letters and digits)', () => {
    expect(cleanPlates([' ກຂ  1234 ', 'ab-12', 'AB 12', '', 'ab-12 '])).toEqual(['ກຂ 1234', 'AB-12']);
  });
});
