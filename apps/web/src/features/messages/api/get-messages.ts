import type { CursorPageMeta } from '@parking-hub/contracts/envelope';
import type { ListMessagesBody, OutboxMessage } from '@parking-hub/contracts/messaging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';
import { followInterval } from '../message-rules';

export type MessageFilters = Partial<ListMessagesBody>;

/** POST /v1/messages?page={page}: the outbox, newest first; `cursor` (meta.nextCursor) pages without OFFSET. */
export function getMessages(filters: MessageFilters, signal?: AbortSignal) {
  return api.post<OutboxMessage[], CursorPageMeta>('/v1/messages', filters, {
    query: { page: filters.page ?? 1 },
    signal,
  });
}

export const messagesQueryOptions = (filters: MessageFilters, enabled = true) =>
  queryOptions({
    queryKey: messageKeys.list(filters),
    queryFn: ({ signal }) => getMessages(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
    // Every 3 s while a message on the page is still on its way.
    refetchInterval: (query) => followInterval(query.state.data?.data),
  });

export function useMessages(filters: MessageFilters, enabled = true) {
  return useQuery(messagesQueryOptions(filters, enabled));
}
