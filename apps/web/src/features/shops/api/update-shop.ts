import type { Shop, updateShopBodySchema } from '@parking-hub/contracts/shops';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { priceKeys, shopKeys } from '../../../lib/query-keys';
import { refreshSessionShop } from '../../../lib/session-user';

export type UpdateShopInput = z.input<typeof updateShopBodySchema>;

/** POST /v1/shop/update: only the fields sent change; new prices move the flat price rules too. */
export function updateShop(body: UpdateShopInput) {
  return api.post<Shop>('/v1/shop/update', body);
}

export function useUpdateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShop,
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shopKeys.all }),
        'priceMotorbike' in body || 'priceCar' in body
          ? queryClient.invalidateQueries({ queryKey: priceKeys.all })
          : undefined,
        refreshSessionShop(body.id),
      ]),
  });
}
