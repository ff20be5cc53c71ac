import type { Envelope } from '@parking-hub/contracts/envelope';
import type { ResetPasswordBody } from '@parking-hub/contracts/password-reset';
import { api } from '../../../lib/api-client';

/** POST /v1/user/reset-password: the new password; every session of the user is signed out. */
export function resetPassword(body: ResetPasswordBody): Promise<Envelope<null>> {
  return api.post<null>('/v1/user/reset-password', body, { skipUnauthorizedHandler: true });
}
