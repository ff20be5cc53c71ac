import type { UpdateStatusBody, User } from '@parking-hub/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** PATCH /v1/users/{u_id}/update/status with u_id in the body too (spec §7). */
export function updateUserStatus(body: UpdateStatusBody) {
  return api.patch<User>(`/v1/users/${encodeURIComponent(body.u_id)}/update/status`, body);
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
