import { describe, expect, it } from 'vitest';
import { countedKey, countedList, parseKip, showKip } from './counted-cash';

describe('counted cash', () => {
  it('reads whole kip from what was typed', () => {
    expect(parseKip('1,250,000')).toBe(1_250_000);
    expect(parseKip('1 250 000 ₭')).toBe(1_250_000);
    expect(parseKip('007')).toBe(7);
    expect(parseKip('0')).toBe(0);
    expect(parseKip('')).toBeNull();
    expect(parseKip('abc')).toBeNull();
    expect(parseKip('-500')).toBe(500);
  });

  it('writes the amount back with separators', () => {
    expect(showKip(1_250_000)).toBe('1,250,000');
    expect(showKip(0)).toBe('0');
    expect(showKip(null)).toBe('');
  });

  it('sends one entry per filled box, zero included', () => {
    const inputs = {
      [countedKey('s1', 'u1')]: '100,000',
      [countedKey('s1', 'u2')]: '',
      [countedKey('s2', 'u3')]: '0',
    };
    expect(countedList(inputs)).toEqual([
      { shopId: 's1', staffId: 'u1', amount: 100_000 },
      { shopId: 's2', staffId: 'u3', amount: 0 },
    ]);
  });
});
