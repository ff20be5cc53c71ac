import type { Envelope } from '@parking-hub/contracts/envelope';
import type { ResetChannel, SendCodeBody, SendCodeResult } from '@parking-hub/contracts/password-reset';
import { api } from '../../../lib/api-client';

/** The spec's two calls: the code by e-mail, or by WhatsApp (the chat app). */
const PATHS: Record<ResetChannel, string> = {
  EMAIL: '/v1/auth/email-send-pin',
  WHATSAPP: '/v1/sent-code',
};

/** Sends (or sends again) the verification code; a 429 says how long to wait. */
export function sendCode(channel: ResetChannel, body: SendCodeBody): Promise<Envelope<SendCodeResult>> {
  return api.post<SendCodeResult>(PATHS[channel], body, { skipUnauthorizedHandler: true });
}
