import { z } from 'zod';

/**
 * An idempotency key: the client makes one per top-up or payment it means (a UUID is fine) and
 * sends the same again on a retry; the same key twice makes one row and answers the first.
 * (A file of its own so rent.ts and finance.ts both use it without importing each other.)
 */
export const idempotencyKeySchema = z
  .string({ error: 'validation.idempotencyKey' })
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, { error: 'validation.idempotencyKey' });
