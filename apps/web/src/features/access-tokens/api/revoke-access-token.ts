import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accessTokenKeys } from '../../../lib/query-keys';

/** DELETE /v1/access-token/{sessionId}: the session stops working on its next request. */
export function revokeAccessToken(sessionId: string) {
  return api.delete(`/v1/access-token/${encodeURIComponent(sessionId)}`);
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
