import type { Area } from '../lib/access';

/**
 * Every /app screen of spec §2, by menu group. `path` is relative to /app ('' is /app itself).
 * Icons live with the drawer (app/layout/nav-icons.tsx) so this file stays out of the login bundle.
 */
export interface ScreenRoute {
  path: string;
  /** Key in the `nav` namespace: the menu name and the screen title. */
  key: string;
}

export interface ScreenGroup {
  key: 'summary' | 'shopData' | 'agent' | 'system';
  area: Area;
  screens: ScreenRoute[];
}

export const SCREEN_GROUPS: ScreenGroup[] = [
  {
    key: 'summary',
    area: 'general',
    screens: [
      { path: '', key: 'report' },
      { path: 'gate', key: 'gate' },
      { path: 'bills', key: 'bills' },
      { path: 'report/payment_by_staff', key: 'paymentByStaff' },
      { path: 'report/bill_cancel', key: 'billCancel' },
      { path: 'report/bill/date', key: 'billDate' },
      { path: 'report/bill/month', key: 'billMonth' },
      { path: 'report/bill/members', key: 'members' },
      { path: 'report/customers', key: 'customers' },
      { path: 'rent', key: 'rent' },
    ],
  },
  {
    key: 'shopData',
    area: 'general',
    screens: [
      { path: 'shops', key: 'shops' },
      { path: 'prices', key: 'prices' },
      { path: 'users', key: 'users' },
    ],
  },
  {
    key: 'agent',
    area: 'agent',
    screens: [
      { path: 'rolls', key: 'rolls' },
      { path: 'promotions', key: 'promotions' },
      { path: 'packages', key: 'packages' },
      { path: 'compensation', key: 'compensation' },
    ],
  },
  {
    key: 'system',
    area: 'admin',
    screens: [
      { path: 'accounting', key: 'accounting' },
      { path: 'wallet', key: 'wallet' },
      { path: 'messages', key: 'messages' },
      { path: 'news', key: 'news' },
      { path: 'version', key: 'version' },
      { path: 'video', key: 'video' },
      { path: 'last_action', key: 'lastAction' },
      { path: 'access_token', key: 'accessToken' },
      { path: 'company', key: 'company' },
    ],
  },
];

/**
 * Spec §2: an item is highlighted when the first segment of the current path, split at a
 * hyphen, equals the item's path. Paths are compared below /app, so '/app/users-x' highlights
 * 'users' and '/app' highlights the report ('').
 */
export function isNavItemActive(pathname: string, itemPath: string): boolean {
  const below = pathname.replace(/^\/app\/?/, '').replace(/\/+$/, '');
  const head = below.split('-')[0] ?? '';
  return head === itemPath;
}

/** Roles that work at a shop's gate: the gate screen comes first in their menu (issue 12). */
const GATE_FIRST = ['SHOP', 'MANAGER'];

/** A group's screens in the order the role's menu shows them. */
export function screensFor(group: ScreenGroup, role: string | null | undefined): ScreenRoute[] {
  if (!role || !GATE_FIRST.includes(role.toUpperCase())) return group.screens;
  const gate = group.screens.filter((s) => s.key === 'gate');
  return [...gate, ...group.screens.filter((s) => s.key !== 'gate')];
}
