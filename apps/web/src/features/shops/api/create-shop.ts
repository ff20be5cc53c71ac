import type { createShopBodySchema, Shop } from '@parking-hub/contracts/shops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { priceKeys, shopKeys } from '../../../lib/query-keys';

export type CreateShopInput = z.input<typeof createShopBodySchema>;

/** POST /v1/shop/create: a main shop (an agent's new shop is theirs); its prices start flat. */
export function createShop(body: CreateShopInput) {
  return api.post<Shop>('/v1/shop/create', body);
}

export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShop,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
        queryClient.invalidateQueries({ queryKey: priceKeys.all }),
      ]),
  });
}
