import { REPORT_BY_CLOSING_KEY } from './config';

/** The part of localStorage the flag needs (lib/storage, or a Map in tests). */
export interface FlagStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export interface ByClosingStore {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

/** Only the exact text 'true' turns it on: a missing or foreign value means calendar days. */
export const parseByClosing = (raw: string | null): boolean => raw === 'true';

/**
 * The "by closing" choice of spec §3, kept as 'true' / 'false' under REPORT_BY_CLOSING_KEY.
 * One store per storage, so every screen of the tab (reports, dashboard) sees a change at once.
 */
export function createByClosingStore(storage: FlagStorage): ByClosingStore {
  let value = parseByClosing(storage.get(REPORT_BY_CLOSING_KEY));
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => value,
    set(next) {
      storage.set(REPORT_BY_CLOSING_KEY, next ? 'true' : 'false');
      if (next === value) return;
      value = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
