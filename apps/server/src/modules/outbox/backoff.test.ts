import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { retryDelaySeconds } from './backoff.ts';

describe('retry backoff', () => {
  it('doubles from the base, within ±10 %', () => {
    expect(retryDelaySeconds(1, 60, () => 0.5)).toBe(60);
    expect(retryDelaySeconds(2, 60, () => 0.5)).toBe(120);
    expect(retryDelaySeconds(5, 60, () => 0.5)).toBe(960);
    expect(retryDelaySeconds(3, 60, () => 0)).toBe(216);
    expect(retryDelaySeconds(3, 60, () => 1)).toBe(264);
  });

  it('never waits more than six hours between two attempts', () => {
    expect(retryDelaySeconds(30, 60, () => 0.5)).toBe(6 * 3600);
  });

  it('gives at least 6 attempts over at least 6 hours with the default settings, even at the low end of the jitter', () => {
    const { outbox } = loadConfig({});
    expect(outbox.maxAttempts).toBeGreaterThanOrEqual(6);
    let span = 0;
    for (let attempt = 1; attempt < outbox.maxAttempts; attempt++) {
      span += retryDelaySeconds(attempt, outbox.retryBaseSeconds, () => 0);
    }
    expect(span).toBeGreaterThanOrEqual(6 * 3600);
  });
});
