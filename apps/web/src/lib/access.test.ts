import { describe, expect, it } from 'vitest';
import { canEnter } from './access';

describe('canEnter (spec §6)', () => {
  it.each([
    ['general', 'SHOP', true],
    ['general', 'MANAGER', true],
    ['general', 'AGENT', true],
    ['general', 'ADMIN', true],
    ['general', 'SUPER-ADMIN', true],
    ['general', 'CUSTOMER', false],
    ['general', '', false],
    ['agent', 'AGENT', true],
    ['agent', 'ADMIN', true],
    ['agent', 'SUPER-ADMIN', true],
    ['agent', 'MANAGER', false],
    ['agent', 'SHOP', false],
    ['admin', 'ADMIN', true],
    ['admin', 'super-admin', true],
    ['admin', 'AGENT', false],
    ['admin', 'MANAGER', false],
  ] as const)('%s area, role %j: %s', (area, role, expected) => {
    expect(canEnter(area, role)).toBe(expected);
  });

  it('refuses a missing role', () => {
    expect(canEnter('general', null)).toBe(false);
    expect(canEnter('general', undefined)).toBe(false);
  });
});
