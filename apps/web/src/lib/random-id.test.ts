import { describe, expect, it, vi } from 'vitest';
import { newRandomId } from './random-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRandomId', () => {
  it('is a v4 UUID, new each time', () => {
    const a = newRandomId();
    expect(a).toMatch(UUID_V4);
    expect(newRandomId()).not.toBe(a);
  });

  it('is made from getRandomValues where randomUUID is missing (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    const random = vi.spyOn(crypto, 'getRandomValues');
    try {
      const ids = new Set(Array.from({ length: 50 }, newRandomId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
      expect(random).toHaveBeenCalledTimes(50);
    } finally {
      random.mockRestore();
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true, writable: true });
    }
  });
});
