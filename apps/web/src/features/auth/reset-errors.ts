import { isApiError } from '../../lib/api-error';

/**
 * The recovery request or the reset token is unknown or expired: only starting again helps. The
 * server names the field it refuses (`requestId`, `resetToken`), so the page need not read texts.
 */
export function needsRestart(error: unknown): boolean {
  return isApiError(error) && Boolean(error.messages?.requestId || error.messages?.resetToken);
}

/**
 * The text to show for a failed call: the message of the field (`field`, or the first one) when
 * the server names one, as it says what is wrong better than a general "check the input"; else the
 * server's message (a wait, a limit).
 */
export function errorText(error: unknown, field?: string): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : '';
  const fields = error.messages ?? {};
  return (field ? fields[field] : Object.values(fields)[0]) || error.message;
}
