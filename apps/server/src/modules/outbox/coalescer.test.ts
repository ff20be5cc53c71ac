import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.ts';

describe('Coalescer', () => {
  it('writes what concurrent callers add in one go, and each resolves once it is written', async () => {
    const writes: number[][] = [];
    const c = new Coalescer<number>(async (items) => {
      writes.push(items);
    }, 10);
    await Promise.all([c.add([1, 2]), c.add([3]), c.add([4])]);
    expect(writes).toEqual([[1, 2, 3, 4]]);
  });

  it('writes at once when a batch is full, one batch at a time', async () => {
    let running = 0;
    let most = 0;
    const writes: number[][] = [];
    const c = new Coalescer<number>(
      async (items) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        writes.push(items);
        running--;
      },
      1000,
      3,
    );
    await Promise.all([c.add([1, 2, 3]), c.add([4, 5, 6]), c.add([7])]);
    expect(writes.slice(0, 2)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(most).toBe(1);
  });

  it('fails only the caller whose items fail', async () => {
    const c = new Coalescer<number>(async (items) => {
      if (items.includes(13)) throw new Error('bad item');
    }, 10);
    const results = await Promise.allSettled([c.add([1]), c.add([13]), c.add([2])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
