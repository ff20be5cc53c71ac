import type { MessageStatus, MessagingStatus } from '@parking-hub/contracts/messaging';
import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canRetry,
  FOLLOW_INTERVAL_MS,
  followInterval,
  formatRecipient,
  isSettling,
  recipientQuery,
  whatsappState,
} from './message-rules';

const now = Date.parse('2026-11-22T07:05:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('isSettling', () => {
  it('follows a queued message, and a sent one until its delivery report is due', () => {
    expect(isSettling({ status: 'QUEUED', sentAt: null }, now)).toBe(true);
    expect(isSettling({ status: 'SENT', sentAt: ago(10) }, now)).toBe(true);
    expect(isSettling({ status: 'SENT', sentAt: ago(600) }, now)).toBe(false);
    for (const status of ['DELIVERED', 'READ', 'FAILED', 'NOT_CONFIGURED', 'CANCELLED'] as const)
      expect(isSettling({ status, sentAt: ago(1) }, now)).toBe(false);
  });

  it('gives a refetch interval only while a message may change', () => {
    expect(followInterval(undefined)).toBe(false);
    expect(followInterval([{ status: 'DELIVERED', sentAt: null }])).toBe(false);
    expect(
      followInterval([
        { status: 'READ', sentAt: null },
        { status: 'QUEUED', sentAt: null },
      ]),
    ).toBe(FOLLOW_INTERVAL_MS);
  });
});

describe('retry and cancel', () => {
  const m = (status: string, sending = false) => ({ status: status as MessageStatus, sending });
  it('are offered exactly where the server allows them', () => {
    expect(['QUEUED', 'FAILED', 'NOT_CONFIGURED', 'CANCELLED'].every((s) => canRetry(m(s)))).toBe(true);
    expect(['SENT', 'DELIVERED', 'READ'].some((s) => canRetry(m(s)))).toBe(false);
    expect(canCancel(m('QUEUED')) && canCancel(m('NOT_CONFIGURED'))).toBe(true);
    expect(['SENT', 'DELIVERED', 'READ', 'FAILED', 'CANCELLED'].some((s) => canCancel(m(s)))).toBe(false);
  });

  it('are not offered while the message is being handed to its provider', () => {
    expect(canRetry(m('QUEUED', true)) || canCancel(m('QUEUED', true))).toBe(false);
  });
});

describe('whatsappState', () => {
  const base: MessagingStatus['whatsapp'] = {
    configured: true,
    missing: [],
    apiUrl: 'https://graph.facebook.com/v23.0',
    phoneNumberId: '1',
    webhookReady: true,
    ratePerSecond: 20,
    lastCheck: null,
  };
  const check = (state: 'CONNECTED' | 'ERROR' | 'NOT_CONFIGURED') => ({
    state,
    missing: [],
    checkedAt: ago(5),
    phoneNumber: null,
    verifiedName: null,
    qualityRating: null,
    error: null,
  });

  it('is not set up without settings, whatever an old check said', () => {
    expect(whatsappState({ ...base, configured: false, lastCheck: check('CONNECTED') })).toBe(
      'NOT_CONFIGURED',
    );
  });

  it('is the last check otherwise, or unchecked', () => {
    expect(whatsappState(base)).toBe('UNCHECKED');
    expect(whatsappState({ ...base, lastCheck: check('CONNECTED') })).toBe('CONNECTED');
    expect(whatsappState({ ...base, lastCheck: check('ERROR') })).toBe('ERROR');
    expect(whatsappState({ ...base, lastCheck: check('NOT_CONFIGURED') })).toBe('UNCHECKED');
  });
});

describe('recipients', () => {
  it('searches a Lao number typed any way by the digits the server stores', () => {
    expect(recipientQuery('020 5555 1234')).toBe('2055551234');
    expect(recipientQuery('+856 20 5555-1234')).toBe('8562055551234');
    expect(recipientQuery('5555')).toBe('5555');
    expect(recipientQuery(' someone@example.la ')).toBe('someone@example.la');
    expect(recipientQuery('')).toBe('');
  });

  it('shows a Lao number in groups', () => {
    expect(formatRecipient('+8562055551234')).toBe('+856 20 5555 1234');
    expect(formatRecipient('+66812345678')).toBe('+66812345678');
    expect(formatRecipient('a@b.la')).toBe('a@b.la');
  });
});
