import type { SessionUser } from '@parking-hub/contracts/auth';
import { beforeEach, describe, expect, it } from 'vitest';

// A localStorage for the node test environment.
const data = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    },
  },
});
const { sessionStore } = await import('./session-store');

const user: SessionUser = {
  id: 'u1',
  userId: 'u1',
  sessionId: 's1',
  username: 'somchai',
  fullName: 'Somchai',
  email: null,
  whatsapp: null,
  role: 'SHOP',
  shopId: 'shop1',
  shopName: 'ຮ້ານ A',
  address: 'Vientiane',
  conditions: 'Keep the ticket',
  priceMotorbike: 3000,
  priceCar: 10000,
  logoPath: '/logo.png',
  openShop: '07:00',
  closeShop: '22:00',
};

describe('session store (spec §3, §4)', () => {
  beforeEach(() => data.clear());

  it('a sign-in stores the token under PARKING_HUB and fills every session field', () => {
    sessionStore.signIn('tok-1', user);
    expect(data.get('PARKING_HUB')).toBe('tok-1');
    expect(sessionStore.get()).toMatchObject({
      isLogin: true,
      token: 'tok-1',
      role: 'SHOP',
      priceCar: 10000,
    });
  });

  it('a refresh keeps the stored token as it is and upper-cases the role', () => {
    data.set('PARKING_HUB', 'stored');
    sessionStore.refresh({ ...user, role: 'shop' as never });
    expect(data.get('PARKING_HUB')).toBe('stored');
    expect(sessionStore.get()).toMatchObject({ isLogin: true, token: 'stored', role: 'SHOP' });
  });

  it('log out resets every field to empty, 0 or null and removes the key', () => {
    sessionStore.signIn('tok-2', user);
    sessionStore.clear('logout');
    expect(data.has('PARKING_HUB')).toBe(false);
    const s = sessionStore.get();
    expect(s).toMatchObject({
      isLogin: false,
      token: null,
      fullName: '',
      role: '',
      userId: '',
      shopId: null,
      shopName: null,
      address: null,
      conditions: null,
      priceMotorbike: 0,
      priceCar: 0,
      logoPath: null,
      openShop: null,
      closeShop: null,
      endedBy: 'logout',
    });
  });
});
