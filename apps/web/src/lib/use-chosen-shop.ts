import { useSession } from './session-store';
import { useSearchFilters } from './use-search-filters';

const KEYS = ['shopId'] as const;

/**
 * The one shop a screen works on (prices, the gate): shop staff their own; a manager theirs unless
 * they chose a branch; admins and agents the one in `?shopId=`, or none yet.
 */
export function useChosenShop() {
  const session = useSession();
  const { values, setFilters } = useSearchFilters(KEYS);
  const own = session.role === 'SHOP' || session.role === 'MANAGER' ? session.shopId : null;
  const shopId = session.role === 'SHOP' ? own : values.shopId || own;
  const choose = (id: string | null) => setFilters({ shopId: id && id !== own ? id : '' });
  return { shopId, choose, role: session.role, ownName: shopId === session.shopId ? session.shopName : null };
}
