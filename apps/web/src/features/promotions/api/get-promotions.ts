import type { ListPromotionsBody, Promotion } from '@parking-hub/contracts/promotions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { promotionKeys } from './keys';

export type PromotionFilters = Partial<ListPromotionsBody>;

/** POST /v1/promotions?page={page}: the promotions the caller may read, paged, filters in the body. */
export function getPromotions(filters: PromotionFilters, signal?: AbortSignal) {
  return api.post<Promotion[]>('/v1/promotions', filters, { query: { page: filters.page ?? 1 }, signal });
}

export function usePromotions(filters: PromotionFilters) {
  return useQuery({
    queryKey: promotionKeys.list(filters),
    queryFn: ({ signal }) => getPromotions(filters, signal),
    placeholderData: keepPreviousData,
  });
}
