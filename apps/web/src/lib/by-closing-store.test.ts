import { describe, expect, it, vi } from 'vitest';
import { createByClosingStore, parseByClosing } from './by-closing-store';
import { REPORT_BY_CLOSING_KEY } from './config';

function memory(initial?: string) {
  const map = new Map<string, string>();
  if (initial !== undefined) map.set(REPORT_BY_CLOSING_KEY, initial);
  return { map, get: (k: string) => map.get(k) ?? null, set: (k: string, v: string) => map.set(k, v) };
}

describe('by-closing flag', () => {
  it('reads only the text "true" as on', () => {
    expect(parseByClosing('true')).toBe(true);
    for (const raw of ['false', null, '', 'TRUE', '1', 'yes']) expect(parseByClosing(raw)).toBe(false);
  });

  it('restores the stored choice on start', () => {
    expect(createByClosingStore(memory('true')).get()).toBe(true);
    expect(createByClosingStore(memory('false')).get()).toBe(false);
    expect(createByClosingStore(memory()).get()).toBe(false);
  });

  it('writes true / false under the contract key and tells its listeners', () => {
    const storage = memory();
    const store = createByClosingStore(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(true);
    expect(storage.map.get(REPORT_BY_CLOSING_KEY)).toBe('true');
    expect(store.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.set(false);
    expect(storage.map.get(REPORT_BY_CLOSING_KEY)).toBe('false');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set(true);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(createByClosingStore(storage).get()).toBe(true);
  });
});
