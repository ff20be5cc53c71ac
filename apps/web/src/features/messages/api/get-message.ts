import type { OutboxMessageDetail } from '@parking-hub/contracts/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';
import { followInterval } from '../message-rules';

/** GET /v1/messages/{id}: one message and everything that happened to it, oldest first. */
export async function getMessage(id: string, signal?: AbortSignal): Promise<OutboxMessageDetail> {
  return dataOf(await api.get<OutboxMessageDetail>(`/v1/messages/${encodeURIComponent(id)}`, { signal }));
}

export const messageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => getMessage(id, signal),
    refetchInterval: (query) => followInterval(query.state.data && [query.state.data.message]),
  });

export function useMessage(id: string | null) {
  return useQuery({ ...messageQueryOptions(id ?? ''), enabled: Boolean(id) });
}
