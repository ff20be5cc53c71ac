import { describe, expect, it } from 'vitest';
import { scanLocator } from './scan-locator';

const SHOP = '7f1c2b8e-0000-4000-8000-000000000001';

describe('scanLocator', () => {
  it('reads a reference as typed, scanned or inside a receipt URL', () => {
    expect(scanLocator(' 2-abcd efgh jkmn ', null)).toEqual({ reference: '2-ABCDEFGHJKMN' });
    expect(scanLocator('https://parking.la/bill/2-ABCDEFGHJKMN?x=1', SHOP)).toEqual({
      reference: '2-ABCDEFGHJKMN',
    });
  });

  it('reads digits as a bill number of the known shop', () => {
    expect(scanLocator('42', SHOP)).toEqual({ number: 42, shopId: SHOP });
    expect(scanLocator('42', null)).toBeNull();
  });

  it('refuses what cannot be a bill', () => {
    expect(scanLocator('hello', SHOP)).toBeNull();
    expect(scanLocator('', SHOP)).toBeNull();
    expect(scanLocator('2-ABC', SHOP)).toBeNull();
  });
});
