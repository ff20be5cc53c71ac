import type { SendToShopsBody, SendToShopsResult } from '@parking-hub/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** POST /bot/v1/sent-whatsapp-to-shop (under /parking-hub-api/bot, not /v1): a text to shops' WhatsApp. */
export function sendToShops(body: SendToShopsBody) {
  return api.post<SendToShopsResult>('/bot/v1/sent-whatsapp-to-shop', body);
}

export function useSendToShops() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToShops,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
