import type { ShopOption } from '@parking-hub/contracts/shops';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../lib/api-client';
import { shopKeys } from '../../lib/query-keys';

/** GET /v1/shops?q=: at most 20 shops of the caller's scope, for pickers. */
export async function getShopOptions(q: string, signal?: AbortSignal): Promise<ShopOption[]> {
  return dataOf(await api.get<ShopOption[]>('/v1/shops', { query: { q }, signal }));
}

export function useShopOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: shopKeys.options(q),
    queryFn: ({ signal }) => getShopOptions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
