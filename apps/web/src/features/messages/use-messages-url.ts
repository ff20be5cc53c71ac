import { CHANNELS, MESSAGE_STATUSES } from '@parking-hub/contracts/messaging';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { trailOf } from '../../lib/cursor-paging';
import { useCursorPosition } from '../../lib/use-cursor-position';
import { useSearchFilters } from '../../lib/use-search-filters';

const FILTERS = ['status', 'channel', 'shopId', 'from', 'to', 'q'] as const;
const KEYS = [...FILTERS, 'cursor'] as const;
export type MessageFilterValues = Record<(typeof FILTERS)[number], string>;

const known = (list: readonly string[], value: string) => (list.includes(value) ? value : '');

/**
 * The list's filters and page (by cursor), and `?message=<id>` for the open detail: linkable (a shop's
 * messages link here), and Back closes it. A status or channel the app does not know is ignored.
 */
export function useMessagesUrl() {
  const { values, setFilters } = useSearchFilters(KEYS);
  const { position, next, previous } = useCursorPosition();
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const pushed = (state as { messagePushed?: boolean } | null)?.messagePushed === true;

  const openMessage = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('message', id);
          return out;
        },
        { state: { trail: trailOf(state), messagePushed: true } },
      ),
    [setParams, state],
  );

  const closeMessage = useCallback(() => {
    // Opened from this list: closing goes back one step, so Back never reopens it (phones).
    if (pushed) return navigate(-1);
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.delete('message');
        return out;
      },
      { replace: true, state: { trail: trailOf(state) } },
    );
  }, [setParams, navigate, pushed, state]);

  const changeFilters = useCallback(
    (change: Partial<MessageFilterValues>) => setFilters({ ...change, cursor: '' }),
    [setFilters],
  );

  return {
    values: {
      status: known(MESSAGE_STATUSES, values.status),
      channel: known(CHANNELS, values.channel),
      shopId: values.shopId,
      from: values.from,
      to: values.to,
      q: values.q,
    } satisfies MessageFilterValues,
    position,
    next,
    previous,
    setFilters: changeFilters,
    messageId: params.get('message'),
    openMessage,
    closeMessage,
  };
}
