import { describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from './prefetch';

describe('prefetch', () => {
  it('hands the started answer to the first taker with the same body, in any field order', async () => {
    const early = vi.fn(async () => 'early');
    const late = vi.fn(async () => 'late');
    void prefetch('/v1/a', { shopId: 'x', byClosing: false }, early);
    expect(await takePrefetched('/v1/a', { byClosing: false, shopId: 'x' }, late)).toBe('early');
    expect(await takePrefetched('/v1/a', { byClosing: false, shopId: 'x' }, late)).toBe('late');
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('asks again for another body, or when the early call failed', async () => {
    void prefetch('/v1/b', { byClosing: false }, async () => 'early');
    expect(await takePrefetched('/v1/b', { byClosing: true }, async () => 'own')).toBe('own');
    const failed = prefetch('/v1/c', {}, async () => {
      throw new Error('offline');
    });
    await expect(failed).rejects.toThrow('offline');
    expect(await takePrefetched('/v1/c', {}, async () => 'own')).toBe('own');
  });

  it('does not hand out an answer older than 10 s', async () => {
    vi.useFakeTimers();
    try {
      void prefetch('/v1/d', {}, async () => 'early');
      vi.advanceTimersByTime(10_001);
      expect(await takePrefetched('/v1/d', {}, async () => 'own')).toBe('own');
    } finally {
      vi.useRealTimers();
    }
  });
});
