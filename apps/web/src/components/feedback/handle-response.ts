import type { Envelope } from '@parking-hub/contracts/envelope';
import { isApiError } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';
import { SHORT_TOAST_DURATION_MS, toast } from './toast-store';

/**
 * The generic response handling of spec §8: a success shows its message for 2 s; otherwise each
 * field message is an error toast, or else the message is.
 */
export function handleResponse(envelope: Pick<Envelope, 'status' | 'message' | 'messages'>): void {
  if (envelope.status === 'success') {
    if (envelope.message) toast.success(envelope.message, SHORT_TOAST_DURATION_MS);
    return;
  }
  const fieldMessages = Object.values(envelope.messages ?? {});
  if (fieldMessages.length > 0) {
    for (const message of fieldMessages) toast.error(message);
    return;
  }
  toast.error(envelope.message || i18n.t('common:errors.unknown'));
}

/** The same for a failed call (ApiError or anything thrown). */
export function handleError(error: unknown): void {
  if (isApiError(error)) {
    handleResponse({ status: 'error', message: error.message, messages: error.messages });
    return;
  }
  handleResponse({ status: 'error', message: error instanceof Error ? error.message : undefined });
}
