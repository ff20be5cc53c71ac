import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** POST /v1/messages/{id}/retry: a queued message goes now; a failed, waiting or cancelled one starts over. */
export function retryMessage(id: string) {
  return api.post<OutboxMessage>(`/v1/messages/${encodeURIComponent(id)}/retry`, {});
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
