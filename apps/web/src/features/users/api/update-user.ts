import type { User, updateUserBodySchema } from '@parking-hub/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

export type UpdateUserInput = z.input<typeof updateUserBodySchema>;

/** POST /v1/user/update: a password here resets it and signs that user out everywhere. */
export function updateUser(body: UpdateUserInput) {
  return api.post<User>('/v1/user/update', body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
