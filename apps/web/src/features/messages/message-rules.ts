import type { MessageStatus, MessagingStatus, OutboxMessage } from '@parking-hub/contracts/messaging';

/** How often a screen asks again while one of its messages may still change by itself. */
export const FOLLOW_INTERVAL_MS = 3_000;

/**
 * A SENT message usually reports DELIVERED within seconds (the provider's webhook). Keep asking
 * for that long after it was sent, so the screen shows the delivery; a phone that is off may
 * take days, and nobody should poll for that.
 */
const DELIVERY_WAIT_MS = 2 * 60_000;

/** The message may still change without anyone acting: it waits to be sent, or its delivery report. */
export function isSettling(m: Pick<OutboxMessage, 'status' | 'sentAt'>, now = Date.now()): boolean {
  if (m.status === 'QUEUED') return true;
  return m.status === 'SENT' && m.sentAt !== null && now - Date.parse(m.sentAt) < DELIVERY_WAIT_MS;
}

/** The refetch interval of a query holding these messages. */
export function followInterval(messages: readonly Pick<OutboxMessage, 'status' | 'sentAt'>[] | undefined) {
  return messages?.some((m) => isSettling(m)) ? FOLLOW_INTERVAL_MS : false;
}

/** What the server's retry accepts: a queued one goes now, the others start over. */
const RETRYABLE: readonly MessageStatus[] = ['QUEUED', 'FAILED', 'NOT_CONFIGURED', 'CANCELLED'];
const CANCELLABLE: readonly MessageStatus[] = ['QUEUED', 'NOT_CONFIGURED'];

/** Nothing to do with a message the server is handing to its provider right now. */
export const canRetry = (m: Pick<OutboxMessage, 'status' | 'sending'>) =>
  !m.sending && RETRYABLE.includes(m.status);
export const canCancel = (m: Pick<OutboxMessage, 'status' | 'sending'>) =>
  !m.sending && CANCELLABLE.includes(m.status);

/** What the WhatsApp part of the connection card says. */
export type WhatsappState = 'CONNECTED' | 'ERROR' | 'NOT_CONFIGURED' | 'UNCHECKED';

/**
 * The settings decide NOT_CONFIGURED; otherwise the last check says how the API answered. A
 * check made before the settings existed says nothing about them.
 */
export function whatsappState(whatsapp: MessagingStatus['whatsapp']): WhatsappState {
  if (!whatsapp.configured) return 'NOT_CONFIGURED';
  const state = whatsapp.lastCheck?.state;
  return state === 'CONNECTED' || state === 'ERROR' ? state : 'UNCHECKED';
}

/**
 * The recipient search as the server matches it (a part of '+8562055551234' or of an address):
 * a phone number typed the Lao way ('020 5555 1234') becomes its digits without the leading 0.
 */
export function recipientQuery(q: string): string {
  const text = q.trim();
  if (!/^[+\d][\d\s().-]*$/.test(text)) return text;
  const digits = text.replace(/\D/g, '');
  return digits.startsWith('0') ? digits.slice(1) : digits;
}

/** '+8562055551234' → '+856 20 5555 1234'; other numbers and addresses as they are. */
export function formatRecipient(recipient: string): string {
  const lao = /^\+856(20|30)(\d{4})(\d{3,4})$/.exec(recipient);
  return lao ? `+856 ${lao[1]} ${lao[2]} ${lao[3]}` : recipient;
}
