import type { Envelope } from '@parking-hub/contracts/envelope';
import type { VerifyCodeBody, VerifyCodeResult } from '@parking-hub/contracts/password-reset';
import { api } from '../../../lib/api-client';

/** POST /v1/verify-code: a right code answers the token that may set the new password. */
export function verifyCode(body: VerifyCodeBody): Promise<Envelope<VerifyCodeResult>> {
  return api.post<VerifyCodeResult>('/v1/verify-code', body, { skipUnauthorizedHandler: true });
}
