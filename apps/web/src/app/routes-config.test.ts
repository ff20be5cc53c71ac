import { describe, expect, it } from 'vitest';
import { isNavItemActive, SCREEN_GROUPS, screensFor } from './routes-config';

describe('isNavItemActive (spec §2 highlight rule)', () => {
  it.each([
    ['/app', '', true],
    ['/app/', '', true],
    ['/app/users', 'users', true],
    ['/app/users', '', false],
    ['/app/users-edit', 'users', true],
    ['/app/access_token', 'access_token', true],
    ['/app/report/bill/date', 'report/bill/date', true],
    ['/app/report/bill/date', 'report/bill/month', false],
    ['/app/shops', 'users', false],
  ])('%s highlights %j: %s', (pathname, item, expected) => {
    expect(isNavItemActive(pathname, item)).toBe(expected);
  });
});

describe('screen routes', () => {
  const all = SCREEN_GROUPS.flatMap((g) => g.screens);

  it('register every /app route of the specification once, and the screens issue 10 adds', () => {
    const paths = all.map((s) => `/app${s.path ? `/${s.path}` : ''}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(
      [
        '/app',
        '/app/gate',
        '/app/bills',
        '/app/report/payment_by_staff',
        '/app/report/bill_cancel',
        '/app/report/bill/date',
        '/app/report/bill/month',
        '/app/report/bill/members',
        '/app/report/customers',
        '/app/rent',
        '/app/shops',
        '/app/prices',
        '/app/users',
        '/app/rolls',
        '/app/promotions',
        '/app/packages',
        '/app/compensation',
        '/app/accounting',
        '/app/wallet',
        '/app/news',
        '/app/version',
        '/app/video',
        '/app/last_action',
        '/app/access_token',
        '/app/messages',
        '/app/company',
      ].sort(),
    );
  });

  it('put each group in the area of spec §2', () => {
    const area = Object.fromEntries(SCREEN_GROUPS.map((g) => [g.key, g.area]));
    expect(area).toEqual({ summary: 'general', shopData: 'general', agent: 'agent', system: 'admin' });
  });
});

describe('screensFor', () => {
  const summary = SCREEN_GROUPS.find((g) => g.key === 'summary');
  if (!summary) throw new Error('no summary group');
  const keys = (role: string | null) => screensFor(summary, role).map((s) => s.key);

  it('puts the gate first for shop staff and managers', () => {
    expect(keys('SHOP').slice(0, 2)).toEqual(['gate', 'report']);
    expect(keys('manager').slice(0, 2)).toEqual(['gate', 'report']);
    expect(keys('SHOP')).toHaveLength(summary.screens.length);
  });

  it('keeps the report first for admins and agents', () => {
    for (const role of ['ADMIN', 'SUPER-ADMIN', 'AGENT', null])
      expect(keys(role).slice(0, 2)).toEqual(['report', 'gate']);
  });
});
