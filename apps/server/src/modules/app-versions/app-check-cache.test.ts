import type { AppPlatform, CheckRelease } from '@parking-hub/contracts/app-versions';
import { describe, expect, it } from 'vitest';
import { AppCheckCache } from './app-check-cache.ts';

const T0 = Date.parse('2026-11-28T05:00:00Z');
const release = (patch: number, releasedAt: number): CheckRelease => ({
  version: { major: 1, minor: 0, patch },
  build: patch + 1,
  minVersion: { major: 1, minor: 0, patch: 0 },
  forceUpdate: false,
  storeUrl: 'https://example.la/app',
  notesLo: '',
  notesEn: '',
  releasedAt: new Date(releasedAt).toISOString(),
});

/** A cache over a fake table: counts reads, and each read can be held open until released. */
function setup(ttlMs = 5_000) {
  let rows: CheckRelease[] = [release(1, T0 - 1000)];
  const reads: Array<{ platform: AppPlatform; now: Date }> = [];
  let gate: Promise<void> | null = null;
  const cache = new AppCheckCache(ttlMs, async (platform, now) => {
    reads.push({ platform, now });
    const seen = rows;
    if (gate) await gate;
    return seen;
  });
  return {
    cache,
    reads,
    setRows: (next: CheckRelease[]) => {
      rows = next;
    },
    hold: () => {
      let open = () => {};
      gate = new Promise<void>((r) => {
        open = r;
      });
      return () => {
        gate = null;
        open();
      };
    },
  };
}

describe('AppCheckCache', () => {
  it('answers from memory until the time to live, per platform', async () => {
    const s = setup();
    expect(await s.cache.releases('android', T0)).toHaveLength(1);
    expect(s.cache.releases('android', T0 + 4_999)).toHaveLength(1); // no promise: from memory
    expect(s.reads).toHaveLength(1);
    await s.cache.releases('ios', T0);
    expect(s.reads.map((r) => r.platform)).toEqual(['android', 'ios']);
    await s.cache.releases('android', T0 + 5_000);
    expect(s.reads).toHaveLength(3);
    expect(s.reads[2]?.now.getTime()).toBe(T0 + 5_000);
  });

  it('expires at the next scheduled release when that comes sooner', async () => {
    const s = setup();
    s.setRows([release(1, T0 - 1000), release(2, T0 + 2_000)]);
    await s.cache.releases('android', T0);
    expect(Array.isArray(s.cache.releases('android', T0 + 1_999))).toBe(true);
    await s.cache.releases('android', T0 + 2_000);
    expect(s.reads).toHaveLength(2);
  });

  it('makes one read for a burst of calls while it is away', async () => {
    const s = setup();
    const letGo = s.hold();
    const calls = Array.from({ length: 50 }, () => s.cache.releases('android', T0));
    letGo();
    await Promise.all(calls);
    expect(s.reads).toHaveLength(1);
  });

  it('forgets on a change, and never keeps a read that began before it', async () => {
    const s = setup();
    await s.cache.releases('android', T0);
    const letGo = s.hold();
    s.cache.forget();
    const stale = s.cache.releases('android', T0 + 1); // reads the old rows, held open
    const changed = [release(3, T0 - 500)];
    s.setRows(changed);
    s.cache.forget(); // the change commits while that read is away
    letGo();
    expect(await stale).toHaveLength(1);
    expect(await s.cache.releases('android', T0 + 2)).toBe(changed);
    expect(s.reads).toHaveLength(3);
  });

  it('keeps nothing with a time to live of 0, and a failed read is not kept', async () => {
    const s = setup(0);
    await s.cache.releases('android', T0);
    await s.cache.releases('android', T0);
    expect(s.reads).toHaveLength(2);
    const failing = new AppCheckCache(5_000, async () => {
      throw new Error('database down');
    });
    await expect(failing.releases('ios', T0)).rejects.toThrow('database down');
    await expect(failing.releases('ios', T0)).rejects.toThrow('database down');
  });
});
