import type { ShopDetail } from '@parking-hub/contracts/shops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from './api-client';
import { shopKeys } from './query-keys';

/**
 * POST /v1/shop/detail: the shop with its branches, staff, price rules and today's figures. One
 * cache entry per shop, shared by the shops screen and the prices screen (which selects its part).
 */
export async function getShopDetail(id: string, signal?: AbortSignal): Promise<ShopDetail> {
  return dataOf(await api.post<ShopDetail>('/v1/shop/detail', { id }, { signal }));
}

export const shopDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shopKeys.detail(id),
    queryFn: ({ signal }) => getShopDetail(id, signal),
  });

export function useShopDetail(id: string) {
  return useQuery(shopDetailQueryOptions(id));
}
