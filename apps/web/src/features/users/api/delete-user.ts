import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** DELETE /v1/users/{id}/delete: kept as DELETED on the server. */
export function deleteUser(id: string) {
  return api.delete(`/v1/users/${encodeURIComponent(id)}/delete`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
