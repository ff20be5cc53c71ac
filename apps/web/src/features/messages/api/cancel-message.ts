import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** POST /v1/messages/{id}/cancel: a message still waiting to be sent will not be. */
export function cancelMessage(id: string) {
  return api.post<OutboxMessage>(`/v1/messages/${encodeURIComponent(id)}/cancel`, {});
}

export function useCancelMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
