import { describe, expect, it } from 'vitest';
import { WedgeBuffer } from './wedge-buffer';

const typeAll = (b: WedgeBuffer, keys: string[], start = 0, gap = 10) =>
  keys.map((k, i) => b.key(k, start + i * gap));

describe('WedgeBuffer', () => {
  it('hands over what a scanner typed when Enter comes', () => {
    const b = new WedgeBuffer();
    const out = typeAll(b, [...'1-ABCD', 'Shift', ...'EFG', 'Enter']);
    expect(out.at(-1)).toBe('1-ABCDEFG');
    expect(out.slice(0, -1).every((x) => x === null)).toBe(true);
  });

  it('starts over after each Enter, and ignores Enter alone', () => {
    const b = new WedgeBuffer();
    expect(typeAll(b, ['4', '2', 'Enter']).at(-1)).toBe('42');
    expect(b.key('Enter', 40)).toBeNull();
    expect(typeAll(b, ['7', 'Enter'], 50).at(-1)).toBe('7');
  });

  it('forgets keys typed long before the scan', () => {
    const b = new WedgeBuffer(2_000);
    b.key('x', 0);
    b.key('y', 10);
    expect(typeAll(b, ['1', '2', 'Enter'], 5_000).at(-1)).toBe('12');
  });

  it('takes Backspace and Lao letters, ignores named keys', () => {
    const b = new WedgeBuffer();
    expect(typeAll(b, ['ກ', 'x', 'Backspace', 'ຂ', 'ArrowLeft', 'Enter']).at(-1)).toBe('ກຂ');
  });
});
