import { calendarDate } from '@parking-hub/contracts/business-day';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { shopDetailQueryOptions } from '../../lib/shop-detail';

/**
 * A shop's business date today and its zone (the shop detail the gate and the shops screen
 * share): the period a sale buys starts on it. Until it loads, the calendar date in Vientiane.
 */
export function useShopDay(shopId: string | null) {
  const detail = useQuery({
    ...shopDetailQueryOptions(shopId ?? ''),
    enabled: !!shopId,
    staleTime: 60_000,
  });
  const timeZone = detail.data?.shop.timezone ?? DEFAULT_TIME_ZONE;
  return {
    today: detail.data?.today.businessDate ?? calendarDate(new Date(), timeZone),
    timeZone,
    shopName: detail.data?.shop.name ?? null,
    shopPhone: detail.data?.shop.phone ?? null,
  };
}
