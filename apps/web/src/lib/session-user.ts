import type { SessionUser } from '@parking-hub/contracts/auth';
import { api, dataOf } from './api-client';
import { WEB_BRAND } from './config';
import { sessionStore } from './session-store';

/** POST /v1/me: the signed-in user behind the stored token (spec §4 start-up check). */
export async function fetchMe(): Promise<SessionUser> {
  const envelope = await api.post<{ user: SessionUser }>(
    '/v1/me',
    { brand: WEB_BRAND },
    { skipUnauthorizedHandler: true },
  );
  return dataOf(envelope).user;
}

/**
 * After a change to the user's own shop (name, logo, conditions, prices, hours): the session
 * carries those fields for the printed ticket, so it is read again. Best effort: a failure leaves
 * the old values until the next start.
 */
export async function refreshSessionShop(shopId: string): Promise<void> {
  if (sessionStore.get().shopId !== shopId) return;
  try {
    sessionStore.refresh(await fetchMe());
  } catch {
    // The change itself succeeded; the next start reads the session again.
  }
}
