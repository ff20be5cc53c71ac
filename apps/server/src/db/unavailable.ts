/**
 * SQLSTATEs of a server that is gone, going or not back yet: admin_shutdown (a fast stop, and what
 * backends send when their postmaster died), crash_shutdown, cannot_connect_now (starting up, in
 * recovery, shutting down), too_many_connections; class 08 (connection exception) is tested apart.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection attempt or a connection cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres's own errors for a connection that ended (pg/lib/client.js, pg-pool). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
];

export interface UnavailableCause {
  code: string | undefined;
  message: string;
}

/**
 * The reason when `error` means the database cannot be reached now (down, restarting, recovering)
 * rather than that the request or the code is wrong; null otherwise. Looks through Drizzle's
 * DrizzleQueryError (`cause`) and Node's AggregateError (`errors`) to the driver's error.
 */
export function databaseUnavailable(error: unknown, depth = 0): UnavailableCause | null {
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  const text = typeof message === 'string' ? message : '';
  const sqlState = typeof code === 'string' ? code : undefined;
  if (
    sqlState &&
    (SERVER_STATES.has(sqlState) || SOCKET_CODES.has(sqlState) || /^08[0-9A-Z]{3}$/.test(sqlState))
  ) {
    return { code: sqlState, message: text };
  }
  if (!sqlState && DRIVER_MESSAGES.some((m) => m.test(text))) return { code: undefined, message: text };
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = databaseUnavailable(inner, depth + 1);
    if (found) return found;
  }
  return null;
}
