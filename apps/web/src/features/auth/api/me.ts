import type { SessionUser } from '@parking-hub/contracts/auth';
import { api, dataOf } from '../../../lib/api-client';
import { WEB_BRAND } from '../../../lib/config';

/** POST /v1/me: the signed-in user behind the stored token (spec §4 start-up check). */
export async function fetchMe(): Promise<SessionUser> {
  const envelope = await api.post<{ user: SessionUser }>(
    '/v1/me',
    { brand: WEB_BRAND },
    { skipUnauthorizedHandler: true },
  );
  return dataOf(envelope).user;
}
