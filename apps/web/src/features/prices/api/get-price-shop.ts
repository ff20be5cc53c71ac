import type { ShopHours } from '@parking-hub/contracts/business-day';
import type { ShopDetail } from '@parking-hub/contracts/shops';
import { useQuery } from '@tanstack/react-query';
import { shopDetailQueryOptions } from '../../../lib/shop-detail';

/** What this screen needs of a shop: its name (the picker, the title) and its hours (overnight). */
export interface PriceShop {
  name: string;
  hours: ShopHours;
}

const priceShop = ({ shop }: ShopDetail): PriceShop => ({
  name: shop.name,
  hours: { timezone: shop.timezone, openShop: shop.openShop, closeShop: shop.closeShop },
});

/** The shop's detail (the same cache entry as the shops screen's), kept to the name and hours. */
export function usePriceShop(id: string | null) {
  return useQuery({ ...shopDetailQueryOptions(id ?? ''), select: priceShop, enabled: !!id });
}
