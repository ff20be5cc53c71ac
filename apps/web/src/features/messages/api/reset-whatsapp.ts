import type { ResetWhatsappResult } from '@parking-hub/contracts/messaging';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** POST /v1/reset-whatsapp: check the settings against the API; when connected, queue failed ones again. */
export function resetWhatsapp() {
  return api.post<ResetWhatsappResult>('/v1/reset-whatsapp', {});
}

export function useResetWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetWhatsapp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
