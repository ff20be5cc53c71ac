import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { trailOf } from '../../lib/cursor-paging';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { useCursorPosition } from '../../lib/use-cursor-position';
import { useSearchFilters } from '../../lib/use-search-filters';
import type { BillFilterValues } from './components/bill-filters';
import { effectiveRange, presetRange } from './date-range';

const KEYS = ['from', 'to', 'status', 'vehicleType', 'plate', 'staffId', 'shopId', 'cursor'] as const;

/**
 * Everything the history keeps in the URL: filters, the page and its cursor (reload keeps the
 * page), and `?bill=<id>` for the open detail. The cursors of earlier pages ride in the history
 * entry's state, so the browser's Back and the pager's Previous agree.
 */
export function useBillsUrl() {
  const { values, setFilters } = useSearchFilters(KEYS);
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const { position, next, previous } = useCursorPosition();
  const range = effectiveRange(values, new Date(), DEFAULT_TIME_ZONE);

  const changeFilters = useCallback(
    (change: Partial<BillFilterValues>) => {
      const today = presetRange('today', new Date(), DEFAULT_TIME_ZONE);
      // Today is the default: left out of the URL, so a bookmark opens on the day it is used.
      const isToday = change.from === today.from && change.to === today.to;
      setFilters({ ...change, ...(isToday ? { from: '', to: '' } : {}), cursor: '' });
    },
    [setFilters],
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
    next,
    previous,
    billId,
    setBillId,
  };
}
