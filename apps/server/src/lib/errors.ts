import type { MessageKey } from '@parking-hub/contracts/messages';

/**
 * An expected failure with its HTTP status and a message key; the central error handler
 * translates it into the envelope. `messages` maps a field to a message key.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly fieldMessages?: Record<string, MessageKey>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (fields: Record<string, MessageKey>) =>
  new AppError(400, 'errors.invalidInput', {}, fields);
export const unauthorized = (key: MessageKey = 'errors.unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'errors.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'errors.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(409, key, {}, fields);
export const tooManyRequests = (key: MessageKey, minutes: number) => new AppError(429, key, { minutes });
