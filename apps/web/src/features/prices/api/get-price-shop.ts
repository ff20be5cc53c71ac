import type { ShopHours } from '@parking-hub/contracts/business-day';
import type { ShopDetail } from '@parking-hub/contracts/shops';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { shopKeys } from '../../../lib/query-keys';

/** What this screen needs of a shop: its name (the picker, the title) and its hours (overnight). */
export interface PriceShop {
  name: string;
  hours: ShopHours;
}

/** POST /v1/shop/detail, kept to the name and hours; refreshed with every change to shops. */
export async function getPriceShop(id: string, signal?: AbortSignal): Promise<PriceShop> {
  const { shop } = dataOf(await api.post<ShopDetail>('/v1/shop/detail', { id }, { signal }));
  return {
    name: shop.name,
    hours: { timezone: shop.timezone, openShop: shop.openShop, closeShop: shop.closeShop },
  };
}

export function usePriceShop(id: string | null) {
  return useQuery({
    // Below the shop's detail key (its own entry, a different shape), so shop changes refresh it.
    queryKey: [...shopKeys.detail(id ?? ''), 'price-shop'],
    queryFn: ({ signal }) => getPriceShop(id ?? '', signal),
    enabled: !!id,
    staleTime: 60_000,
  });
}
