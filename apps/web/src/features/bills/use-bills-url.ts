import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { useSearchFilters } from '../../lib/use-search-filters';
import type { BillFilterValues } from './components/bill-filters';
import { type CursorPosition, nextPosition, previousPosition, trailOf } from './cursor-paging';
import { effectiveRange, presetRange } from './date-range';

const KEYS = ['from', 'to', 'status', 'vehicleType', 'plate', 'staffId', 'shopId', 'cursor'] as const;

/**
 * Everything the history keeps in the URL: filters, the page and its cursor (reload keeps the
 * page), and `?bill=<id>` for the open detail. The cursors of earlier pages ride in the history
 * entry's state, so the browser's Back and the pager's Previous agree.
 */
export function useBillsUrl() {
  const { values, page, setFilters } = useSearchFilters(KEYS);
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const position: CursorPosition = useMemo(
    () => ({ page, cursor: values.cursor || null, trail: trailOf(state) }),
    [page, values.cursor, state],
  );
  const range = effectiveRange(values, new Date(), DEFAULT_TIME_ZONE);

  const changeFilters = useCallback(
    (next: Partial<BillFilterValues>) => {
      const today = presetRange('today', new Date(), DEFAULT_TIME_ZONE);
      // Today is the default: left out of the URL, so a bookmark opens on the day it is used.
      const isToday = next.from === today.from && next.to === today.to;
      setFilters({ ...next, ...(isToday ? { from: '', to: '' } : {}), cursor: '' });
    },
    [setFilters],
  );

  const goTo = useCallback(
    (to: CursorPosition) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (to.page > 1) out.set('page', String(to.page));
          else out.delete('page');
          if (to.cursor) out.set('cursor', to.cursor);
          else out.delete('cursor');
          return out;
        },
        { state: { trail: to.trail } },
      ),
    [setParams],
  );

  const billId = params.get('bill');
  const setBillId = useCallback(
    (id: string | null) => {
      // Opened from this list: closing goes back one step, so Back never reopens it (phones).
      if (!id && (state as { detailPushed?: boolean } | null)?.detailPushed) return navigate(-1);
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (id) out.set('bill', id);
          else out.delete('bill');
          return out;
        },
        { state: { trail: trailOf(state), detailPushed: !!id }, replace: !id },
      );
    },
    [setParams, navigate, state],
  );

  return {
    values: values as BillFilterValues,
    range,
    position,
    changeFilters,
    next: (nextCursor: string) => goTo(nextPosition(position, nextCursor)),
    previous: () => goTo(previousPosition(position)),
    billId,
    setBillId,
  };
}
