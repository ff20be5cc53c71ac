import type { LoginBody, LoginResult } from '@parking-hub/contracts/auth';
import type { Envelope } from '@parking-hub/contracts/envelope';
import { api } from '../../../lib/api-client';

/** POST /v1/login: a token and the session user (spec §7). */
export function login(body: LoginBody): Promise<Envelope<LoginResult>> {
  return api.post<LoginResult>('/v1/login', body, { skipUnauthorizedHandler: true });
}
