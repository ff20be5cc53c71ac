import { ADMIN_ROLES, AGENT_AREA_ROLES, GENERAL_ROLES } from '@parking-hub/contracts/roles';

/** Route areas of spec §2 and §6, and who may enter them. */
export type Area = 'general' | 'agent' | 'admin';

const AREA_ROLES: Record<Area, readonly string[]> = {
  general: GENERAL_ROLES,
  agent: AGENT_AREA_ROLES,
  admin: ADMIN_ROLES,
};

export function canEnter(area: Area, role: string | null | undefined): boolean {
  return !!role && AREA_ROLES[area].includes(role.toUpperCase());
}
