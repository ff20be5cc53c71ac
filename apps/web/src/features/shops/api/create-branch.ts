import type { createBranchBodySchema, Shop } from '@parking-hub/contracts/shops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { priceKeys, shopKeys } from '../../../lib/query-keys';

export type CreateBranchInput = z.input<typeof createBranchBodySchema>;

/** POST /v1/branch/create: a branch of a main shop; it takes the shop's agent and, unless given, hours. */
export function createBranch(body: CreateBranchInput) {
  return api.post<Shop>('/v1/branch/create', body);
}

export function useCreateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBranch,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
        queryClient.invalidateQueries({ queryKey: priceKeys.all }),
      ]),
  });
}
