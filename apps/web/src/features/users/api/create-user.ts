import type { createUserBodySchema, User } from '@parking-hub/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

export type CreateUserInput = z.input<typeof createUserBodySchema>;

/** POST /v1/user/create */
export function createUser(body: CreateUserInput) {
  return api.post<User>('/v1/user/create', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
