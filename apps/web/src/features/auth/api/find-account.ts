import type { Envelope } from '@parking-hub/contracts/envelope';
import type { FindAccountBody, FindAccountResult } from '@parking-hub/contracts/password-reset';
import { api } from '../../../lib/api-client';

/**
 * POST /v1/find-my-account: where a code can go, masked. The answer looks the same whether or not
 * the account exists; empty destinations mean nothing is on file (the page says whom to ask).
 */
export function findAccount(body: FindAccountBody): Promise<Envelope<FindAccountResult>> {
  return api.post<FindAccountResult>('/v1/find-my-account', body, { skipUnauthorizedHandler: true });
}
