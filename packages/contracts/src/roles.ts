/**
 * Roles and who may manage whom. No zod here on purpose: the web's login route needs these
 * constants and must not pull the schema library in (`roleSchema` lives in fields.ts).
 */

/** Roles from the highest to the lowest; the order is the "may manage" order of DESIGN.md §1. */
export const ROLES = ['SUPER-ADMIN', 'ADMIN', 'AGENT', 'MANAGER', 'SHOP'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ROLES: readonly Role[] = ['SUPER-ADMIN', 'ADMIN'];
export const AGENT_AREA_ROLES: readonly Role[] = ['SUPER-ADMIN', 'ADMIN', 'AGENT'];
export const GENERAL_ROLES: readonly Role[] = ROLES;
/** Roles that belong to a shop and must carry a shopId. */
export const SHOP_ROLES: readonly Role[] = ['MANAGER', 'SHOP'];
/** Who may change shops, branches and price rules (within their scope); SHOP staff only read them. */
export const SHOP_EDITOR_ROLES: readonly Role[] = ['SUPER-ADMIN', 'ADMIN', 'AGENT', 'MANAGER'];

const rank: Record<Role, number> = { 'SUPER-ADMIN': 5, ADMIN: 4, AGENT: 3, MANAGER: 2, SHOP: 1 };

export function roleRank(role: Role): number {
  return rank[role];
}

/** A user may manage users of a strictly lower role; SUPER-ADMIN may manage everyone. */
export function canManageRole(actor: Role, target: Role): boolean {
  if (actor === 'SUPER-ADMIN') return true;
  return rank[actor] > rank[target];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
