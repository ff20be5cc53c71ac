import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { createByClosingStore, parseByClosing } from './by-closing-store';
import { REPORT_BY_CLOSING_KEY } from './config';
import { storage } from './storage';

const store = createByClosingStore(storage);

/**
 * Reports count by business day ("by closing") or by calendar day. The choice is restored from
 * localStorage on start and shared by every screen; another tab's change is followed too.
 */
export function useByClosing(): [boolean, (v: boolean) => void] {
  const value = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === REPORT_BY_CLOSING_KEY) store.set(parseByClosing(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const set = useCallback((v: boolean) => store.set(v), []);
  return [value, set];
}
