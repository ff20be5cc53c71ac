import type { ListShopsBody, Shop } from '@parking-hub/contracts/shops';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shopKeys } from '../../../lib/query-keys';

export type ShopFilters = Partial<ListShopsBody>;

/** POST /v1/shops?page={page}: the caller's shops, paged, with the page in the body too. */
export function getShops(filters: ShopFilters, signal?: AbortSignal) {
  return api.post<Shop[]>('/v1/shops', filters, { query: { page: filters.page ?? 1 }, signal });
}

export const shopsQueryOptions = (filters: ShopFilters) =>
  queryOptions({
    queryKey: shopKeys.list(filters),
    queryFn: ({ signal }) => getShops(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useShops(filters: ShopFilters) {
  return useQuery(shopsQueryOptions(filters));
}
