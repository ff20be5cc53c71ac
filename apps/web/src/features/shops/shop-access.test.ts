import { describe, expect, it } from 'vitest';
import { canAddBranch, canCreateShop, canEditShop, lockedFields } from './shop-access';

const main = { parentId: null, status: 'ACTIVE' as const };
const branch = { parentId: 'p1', status: 'ACTIVE' as const };

describe('shop access', () => {
  it('lets admins and agents create, managers edit too, staff only read', () => {
    expect(['SUPER-ADMIN', 'ADMIN', 'AGENT'].map(canCreateShop)).toEqual([true, true, true]);
    expect(['MANAGER', 'SHOP', ''].map(canCreateShop)).toEqual([false, false, false]);
    expect(['SUPER-ADMIN', 'ADMIN', 'AGENT', 'MANAGER'].every(canEditShop)).toBe(true);
    expect(canEditShop('SHOP')).toBe(false);
  });

  it('adds branches to active main shops only', () => {
    expect(canAddBranch('MANAGER', main)).toBe(true);
    expect(canAddBranch('ADMIN', branch)).toBe(false);
    expect(canAddBranch('ADMIN', { ...main, status: 'SUSPENDED' })).toBe(false);
    expect(canAddBranch('SHOP', main)).toBe(false);
  });

  it('shows the agent to admins on main shops, the status to all but managers', () => {
    expect(lockedFields('ADMIN', main)).toEqual([]);
    expect(lockedFields('ADMIN', null)).toEqual([]);
    expect(lockedFields('ADMIN', branch)).toEqual(['packageId', 'packageFrom', 'agentId']);
    expect(lockedFields('AGENT', main)).toEqual(['agentId']);
    expect(lockedFields('AGENT', branch)).toEqual(['packageId', 'packageFrom', 'agentId']);
    expect(lockedFields('MANAGER', main)).toEqual(['packageId', 'packageFrom', 'agentId', 'status']);
  });
});
