import { ADMIN_ROLES, AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import { useShopOptions } from '../../components/shop-picker/shop-options';

/**
 * Whether the caller sees more than one shop: admins and agents do; shop staff never (their own
 * shop only); a manager when their shop has branches (the picker's own list says so).
 */
export function useSeveralShops(role: string): boolean {
  const manager = role === 'MANAGER';
  const options = useShopOptions('', manager);
  if (AGENT_AREA_ROLES.includes(role as never) || ADMIN_ROLES.includes(role as never)) return true;
  return manager && (options.data?.length ?? 0) > 1;
}
