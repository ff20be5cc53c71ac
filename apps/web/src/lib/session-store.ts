import type { SessionUser } from '@parking-hub/contracts/auth';
import { useSyncExternalStore } from 'react';
import { TOKEN_STORAGE_KEY } from './config';
import { storage } from './storage';

/** The session of spec §3. Every field goes back to empty, 0 or null on sign-out. */
export interface Session {
  isLogin: boolean;
  token: string | null;
  id: string;
  userId: string;
  sessionId: string;
  username: string;
  fullName: string;
  /** Upper-cased; one of the roles of contracts/roles.ts for a signed-in user. */
  role: string;
  shopId: string | null;
  shopName: string | null;
  address: string | null;
  conditions: string | null;
  priceMotorbike: number;
  priceCar: number;
  logoPath: string | null;
  openShop: string | null;
  closeShop: string | null;
  /** Why the last session ended: a user's own sign-out is not a place to come back to. */
  endedBy: 'logout' | 'expired' | null;
}

const EMPTY: Session = {
  isLogin: false,
  token: null,
  id: '',
  userId: '',
  sessionId: '',
  username: '',
  fullName: '',
  role: '',
  shopId: null,
  shopName: null,
  address: null,
  conditions: null,
  priceMotorbike: 0,
  priceCar: 0,
  logoPath: null,
  openShop: null,
  closeShop: null,
  endedBy: null,
};

let state: Session = EMPTY;
const listeners = new Set<() => void>();

function setState(next: Session) {
  state = next;
  for (const listener of listeners) listener();
}

function fromUser(token: string | null, user: SessionUser): Session {
  return {
    isLogin: true,
    token,
    id: user.id,
    userId: user.userId,
    sessionId: user.sessionId,
    username: user.username,
    fullName: user.fullName,
    role: user.role.toUpperCase(),
    shopId: user.shopId,
    shopName: user.shopName,
    address: user.address,
    conditions: user.conditions,
    priceMotorbike: user.priceMotorbike ?? 0,
    priceCar: user.priceCar ?? 0,
    logoPath: user.logoPath,
    openShop: user.openShop,
    closeShop: user.closeShop,
    endedBy: null,
  };
}

export const sessionStore = {
  get: (): Session => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The token API calls carry: the one in localStorage (spec §7). */
  getToken: (): string | null => storage.get(TOKEN_STORAGE_KEY),
  /** A sign-in: stores the token under PARKING_HUB and the user. */
  signIn(token: string, user: SessionUser): void {
    storage.set(TOKEN_STORAGE_KEY, token);
    setState(fromUser(token, user));
  },
  /** A /v1/me refresh: updates the user, never rewrites the stored token. */
  refresh(user: SessionUser): void {
    setState(fromUser(storage.get(TOKEN_STORAGE_KEY), user));
  },
  /** Sign-out or an ended session: every field reset, the stored token removed. */
  clear(endedBy: Session['endedBy'] = 'logout'): void {
    storage.remove(TOKEN_STORAGE_KEY);
    setState({ ...EMPTY, endedBy });
  },
};

export function useSession(): Session;
export function useSession<T>(select: (session: Session) => T): T;
export function useSession<T>(select?: (session: Session) => T): T | Session {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  return select ? select(session) : session;
}
