import { ADMIN_ROLES, AGENT_AREA_ROLES, SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import type { Shop } from '@parking-hub/contracts/shops';
import type { ShopFormOutput } from './shop-form';

/**
 * What the signed-in role may do with shops, with the server's own role lists (contracts/roles): admins
 * and agents create shops; they and managers edit and add branches; shop staff only read.
 */
export const isAdmin = (role: string) => ADMIN_ROLES.includes(role as never);
export const canCreateShop = (role: string) => AGENT_AREA_ROLES.includes(role as never);
export const canEditShop = (role: string) => SHOP_EDITOR_ROLES.includes(role as never);

/** Branches hang off an active main shop only (one level deep). */
export function canAddBranch(role: string, shop: Pick<Shop, 'parentId' | 'status'>): boolean {
  return canEditShop(role) && !shop.parentId && shop.status === 'ACTIVE';
}

/**
 * Form fields this role does not set on this shop, so they are neither shown nor sent: the agent
 * is an admin's choice, and of a main shop only (branches follow theirs); the package (and its
 * month) is chosen by admins and agents, for a main shop only; managers keep the status.
 */
export function lockedFields(role: string, shop: Pick<Shop, 'parentId'> | null): (keyof ShopFormOutput)[] {
  const locked: (keyof ShopFormOutput)[] = [];
  if (!canCreateShop(role) || shop?.parentId) locked.push('packageId', 'packageFrom');
  if (!isAdmin(role) || shop?.parentId) locked.push('agentId');
  if (role === 'MANAGER') locked.push('status');
  return locked;
}
