import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type CursorPosition, nextPosition, previousPosition, trailOf } from './cursor-paging';

/**
 * Where a cursor-paged list is: `?page=` and `?cursor=` in the URL (reload keeps the page), the
 * cursors of the pages before in the history entry's state, so the browser's Back and the pager's
 * Previous agree. A filter change drops `cursor` (and `page`) with the other keys it writes.
 */
export function useCursorPosition() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const cursor = params.get('cursor') || null;
  const position: CursorPosition = useMemo(
    () => ({ page, cursor, trail: trailOf(state) }),
    [page, cursor, state],
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

  return {
    position,
    next: (nextCursor: string) => goTo(nextPosition(position, nextCursor)),
    previous: () => goTo(previousPosition(position)),
  };
}
