import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL (DESIGN.md §7): shareable, and kept on reload and back.
 * Changing any filter but the page goes back to page 1.
 */
export function useSearchFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  // The URL as last written: two changes in quick succession (a date, then the next) must both
  // land, even before the router has committed the first.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const values = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>,
    [params, keys],
  );
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const write = useCallback(
    (change: (out: URLSearchParams) => void, replace: boolean) => {
      const out = new URLSearchParams(latest.current);
      change(out);
      latest.current = out;
      setParams(out, { replace });
    },
    [setParams],
  );

  /**
   * Filters replace the history entry; `push` makes a new one instead (opening a detail from a
   * list, so the phone's Back returns to the list where it was). A filter goes back to page 1;
   * `keepPage` keeps the page (what opens or closes a detail over the list is no filter).
   */
  const setFilters = useCallback(
    (next: Partial<Record<K, string>>, options?: { push?: boolean; keepPage?: boolean }) =>
      write((out) => {
        for (const [k, v] of Object.entries(next) as [K, string | undefined][]) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        if (!options?.keepPage) out.delete('page');
      }, !options?.push),
    [write],
  );

  const setPage = useCallback(
    (p: number) =>
      write((out) => {
        if (p > 1) out.set('page', String(p));
        else out.delete('page');
      }, false),
    [write],
  );

  return { values, page, setFilters, setPage };
}
