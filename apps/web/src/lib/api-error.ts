/** Why a call failed: the server answered with an error, or no usable answer came back. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'parse';

/** Every failed API call throws this: HTTP status (0 without an answer), message, field messages. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly messages: Record<string, string> | undefined;

  constructor(init: {
    status: number;
    kind: ApiErrorKind;
    message: string;
    messages?: Record<string, string>;
  }) {
    super(init.message);
    this.status = init.status;
    this.kind = init.kind;
    this.messages = init.messages;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Worth one more try: no answer at all, or the server broke (5xx). 4xx answers will not change. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.status >= 500;
}
