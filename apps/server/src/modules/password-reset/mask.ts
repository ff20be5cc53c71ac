import { createHmac } from 'node:crypto';
import type { ResetDestination } from '@parking-hub/contracts/password-reset';

/**
 * `somchai@gmail.com` → `s•••@g•••.com`: enough to recognise one's own, not to learn it (nor, from
 * the domain, whose it is).
 */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}•••@${domain.slice(0, 1)}•••${tld}`;
}

/** `+8562055554521` → `•••• 4521`. */
export function maskWhatsapp(e164: string): string {
  return `•••• ${e164.slice(-4)}`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TLDS = ['.com', '.com', '.com', '.la', '.net', '.org'];

/**
 * Where the code of an account that does not exist would go: made up, but the same every time
 * for the same identifier (a keyed hash), and shaped as real accounts are: none, an e-mail, a
 * WhatsApp number or both, about a quarter each; an e-mail or number typed is always among them.
 */
export function decoyDestinations(
  identifier: string,
  key: string,
  typed: { email: string | null; whatsapp: string | null },
): ResetDestination[] {
  const h = createHmac('sha256', key).update(identifier).digest();
  const byte = (i: number) => h[i] ?? 0;
  const shape = byte(0) % 4;
  const out: ResetDestination[] = [];
  if (typed.email || shape % 2 === 1) {
    out.push({
      channel: 'EMAIL',
      masked: typed.email
        ? maskEmail(typed.email)
        : `${LETTERS[byte(2) % LETTERS.length]}•••@${LETTERS[byte(3) % LETTERS.length]}•••${TLDS[byte(6) % TLDS.length]}`,
    });
  }
  if (typed.whatsapp || shape >= 2) {
    const digits = String(((byte(4) << 8) | byte(5)) % 10_000).padStart(4, '0');
    out.push({
      channel: 'WHATSAPP',
      masked: typed.whatsapp ? maskWhatsapp(typed.whatsapp) : `•••• ${digits}`,
    });
  }
  return out;
}
