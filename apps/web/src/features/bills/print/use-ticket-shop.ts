import type { Bill, PublicBill } from '@parking-hub/contracts/bills';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { billKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session-store';

export type TicketShop = Pick<
  PublicBill['shop'],
  'name' | 'address' | 'phone' | 'logoPath' | 'conditions' | 'timezone'
>;

/**
 * The shop printed on a ticket. Staff print their own shop's bills: the session has it. A manager's
 * branch or an admin's other shop: the bill's public receipt names it (logo, address, conditions).
 */
export function useTicketShop(bill: Pick<Bill, 'shopId' | 'shopName' | 'reference'>): TicketShop {
  const session = useSession();
  const own = session.shopId === bill.shopId;
  const other = useQuery({
    queryKey: [...billKeys.all, 'ticket-shop', bill.reference],
    queryFn: async ({ signal }) =>
      dataOf(await api.get<PublicBill>(`/v1/public/bills/${encodeURIComponent(bill.reference)}`, { signal }))
        .shop,
    enabled: !own,
    staleTime: 10 * 60_000,
  });
  if (own)
    return {
      name: session.shopName ?? bill.shopName,
      address: session.address,
      phone: null,
      logoPath: session.logoPath,
      conditions: session.conditions,
      timezone: DEFAULT_TIME_ZONE,
    };
  return (
    other.data ?? {
      name: bill.shopName,
      address: null,
      phone: null,
      logoPath: null,
      conditions: null,
      timezone: DEFAULT_TIME_ZONE,
    }
  );
}
