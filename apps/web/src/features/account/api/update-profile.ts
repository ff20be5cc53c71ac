import type { Envelope } from '@parking-hub/contracts/envelope';
import type { UpdateProfileBody, User } from '@parking-hub/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** POST /v1/users/update/profile: own full name, e-mail and WhatsApp if changed, optionally a new password (spec §4). */
export function updateProfile(body: UpdateProfileBody): Promise<Envelope<User>> {
  return api.post<User>('/v1/users/update/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
