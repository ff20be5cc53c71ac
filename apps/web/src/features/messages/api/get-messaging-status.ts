import type { MessagingStatus } from '@parking-hub/contracts/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** GET /v1/messages/status: each channel's settings, the last WhatsApp check, the outbox by status. */
export async function getMessagingStatus(signal?: AbortSignal): Promise<MessagingStatus> {
  return dataOf(await api.get<MessagingStatus>('/v1/messages/status', { signal }));
}

export const messagingStatusQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.status(),
    queryFn: ({ signal }) => getMessagingStatus(signal),
  });

export function useMessagingStatus() {
  return useQuery(messagingStatusQueryOptions());
}
