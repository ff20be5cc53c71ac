import type { Bill, PublicBill } from '@parking-hub/contracts/bills';
import type { ShopDetail } from '@parking-hub/contracts/shops';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { shopDetailQueryOptions } from '../../../lib/shop-detail';

export type TicketShop = Pick<
  PublicBill['shop'],
  'name' | 'address' | 'phone' | 'logoPath' | 'conditions' | 'timezone'
>;

const ticketShop = ({ shop }: ShopDetail): TicketShop => ({
  name: shop.name,
  address: shop.address,
  phone: shop.phone,
  logoPath: shop.logoPath,
  conditions: shop.conditions,
  timezone: shop.timezone,
});

/**
 * The shop printed on a ticket: the bill's shop as it is now (the same cached detail the shops
 * screen reads, refreshed by every change to shops), loaded when the bill opens. Until it is there
 * the ticket names the shop only.
 */
export function useTicketShop(bill: Pick<Bill, 'shopId' | 'shopName'>): TicketShop {
  const detail = useQuery({ ...shopDetailQueryOptions(bill.shopId), select: ticketShop, staleTime: 60_000 });
  return (
    detail.data ?? {
      name: bill.shopName,
      address: null,
      phone: null,
      logoPath: null,
      conditions: null,
      timezone: DEFAULT_TIME_ZONE,
    }
  );
}
