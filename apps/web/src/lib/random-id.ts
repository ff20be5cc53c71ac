/**
 * A random (v4) UUID: a check-in's request id, a payment's or a top-up's idempotency key.
 * `crypto.randomUUID` exists only on https and localhost; a back office or a gate on a shop's own
 * network over plain http still has `getRandomValues`.
 */
export function newRandomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
