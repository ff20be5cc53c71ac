/**
 * What one attempt to hand a message to its provider came to. `wait` is a limit of the provider's
 * (too fast, or too often to one number): try later without counting an attempt. `transient` may
 * work on a retry; `permanent` never will; `unknown` (the connection broke or timed out after the
 * request went) may have reached the provider: check for its report before sending again.
 */
export type SendOutcome =
  | { kind: 'sent'; providerId: string | null }
  | { kind: 'wait'; seconds: number; error: string; httpStatus?: number; code?: string }
  | { kind: 'transient'; error: string; httpStatus?: number; code?: string }
  | { kind: 'unknown'; error: string; httpStatus?: number; code?: string }
  | { kind: 'permanent'; error: string; httpStatus?: number; code?: string };

export const REQUEST_TIMEOUT_MS = 15_000;

/** Error text fit for a column and a screen: one line, bounded. */
export function errorText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}
