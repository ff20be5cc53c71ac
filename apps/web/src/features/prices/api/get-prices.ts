import type { PriceRule } from '@parking-hub/contracts/prices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { priceKeys } from '../../../lib/query-keys';

/** POST /v1/prices: the shop's rules, one per vehicle type, motorbike first. */
export async function getPrices(shopId: string, signal?: AbortSignal): Promise<PriceRule[]> {
  return dataOf(await api.post<PriceRule[]>('/v1/prices', { shopId }, { signal }));
}

export const pricesQueryOptions = (shopId: string) =>
  queryOptions({
    queryKey: priceKeys.list(shopId),
    queryFn: ({ signal }) => getPrices(shopId, signal),
  });

/** No shop chosen yet: nothing is asked. */
export function usePrices(shopId: string | null) {
  return useQuery({ ...pricesQueryOptions(shopId ?? ''), enabled: !!shopId });
}
