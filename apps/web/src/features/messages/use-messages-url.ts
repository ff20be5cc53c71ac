import { CHANNELS, MESSAGE_STATUSES } from '@parking-hub/contracts/messaging';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearchFilters } from '../../lib/use-search-filters';

const KEYS = ['status', 'channel', 'shopId', 'from', 'to', 'q'] as const;
export type MessageFilterValues = Record<(typeof KEYS)[number], string>;

const known = (list: readonly string[], value: string) => (list.includes(value) ? value : '');

/**
 * The list's filters and page, and `?message=<id>` for the open detail: linkable (a shop's
 * messages link here), and Back closes it. A status or channel the app does not know is ignored.
 */
export function useMessagesUrl() {
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
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
        { state: { messagePushed: true } },
      ),
    [setParams],
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
      { replace: true },
    );
  }, [setParams, navigate, pushed]);

  return {
    values: {
      ...values,
      status: known(MESSAGE_STATUSES, values.status),
      channel: known(CHANNELS, values.channel),
    } as MessageFilterValues,
    page,
    setFilters,
    setPage,
    messageId: params.get('message'),
    openMessage,
    closeMessage,
  };
}
