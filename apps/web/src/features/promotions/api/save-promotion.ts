import type { CreatePromotionInput, Promotion, UpdatePromotionBody } from '@parking-hub/contracts/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionKeys } from './keys';

/** POST /v1/promotion/create. */
export function createPromotion(body: CreatePromotionInput) {
  return api.post<Promotion>('/v1/promotion/create', body);
}

/** POST /v1/promotion/update: the fields sent change (`active` switches it on or off). */
export function updatePromotion(body: UpdatePromotionBody) {
  return api.post<Promotion>('/v1/promotion/update', body);
}

export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}

export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
