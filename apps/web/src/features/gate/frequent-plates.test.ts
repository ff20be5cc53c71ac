import { describe, expect, it } from 'vitest';
import { MAX_PLATES, platesFor, rememberPlate } from './frequent-plates';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('frequent plates', () => {
  it('offers the plates used most first, then the latest, per shop', () => {
    const s = new MemoryStorage();
    rememberPlate('a', 'ກຂ 1234', 1, s);
    rememberPlate('a', 'ກຂ  5678', 2, s);
    rememberPlate('a', 'ກຂ 1234', 3, s);
    rememberPlate('a', 'ນວ 1111', 4, s);
    rememberPlate('b', 'ZZ 9', 5, s);
    expect(platesFor('a', '', 8, s)).toEqual(['ກຂ 1234', 'ນວ 1111', 'ກຂ 5678']);
    expect(platesFor('a', 'ກຂ', 8, s)).toEqual(['ກຂ 1234', 'ກຂ 5678']);
    expect(platesFor('a', '56', 8, s)).toEqual(['ກຂ 5678']);
    expect(platesFor('b', '', 8, s)).toEqual(['ZZ 9']);
    expect(platesFor('c', '', 8, s)).toEqual([]);
  });

  it('keeps at most MAX_PLATES per shop, dropping the least used', () => {
    const s = new MemoryStorage();
    rememberPlate('a', 'KEEP', 0, s);
    rememberPlate('a', 'KEEP', 0, s);
    for (let i = 0; i < MAX_PLATES + 5; i++) rememberPlate('a', `P${i}`, i + 1, s);
    const all = platesFor('a', '', 1000, s);
    expect(all).toHaveLength(MAX_PLATES);
    expect(all[0]).toBe('KEEP');
    expect(all).toContain(`P${MAX_PLATES + 4}`); // the newest stays
  });

  it('survives broken storage contents', () => {
    const s = new MemoryStorage();
    s.setItem('gatePlates', 'not json');
    expect(platesFor('a', '', 8, s)).toEqual([]);
    rememberPlate('a', 'X 1', 1, s);
    expect(platesFor('a', '', 8, s)).toEqual(['X 1']);
  });
});
