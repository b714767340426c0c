// A database error told apart by what it means for the request: the pool is starved, or the
// database cannot be reached. The error middleware and the readiness probe ask.

/**
 * pg-pool's errors when connectionTimeoutMillis passes: waiting behind busy connections, or a new
 * connection not opened in time. Matched by message: pg-pool gives them no code.
 */
const POOL_TIMEOUT_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

export function isPoolTimeout(error: unknown): boolean {
  return error instanceof Error && POOL_TIMEOUT_MESSAGES.has(error.message);
}

/**
 * The database cannot be reached or is going away: the network refuses or drops the connection,
 * the server is shutting down or starting up (SQLSTATE class 08, 57P01-57P03), or pg's own
 * "Connection terminated" (no code). Nothing the request did; worth asking again in a moment.
 */
const UNREACHABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

export function isDatabaseUnreachable(error: unknown): boolean {
  // Not `instanceof Error`: a socket's errors come from Node's own realm, which under a test
  // runner's sandbox is not the code's.
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    return UNREACHABLE_NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code);
  }
  return typeof message === 'string' && message.startsWith('Connection terminated');
}

/** Only the wait behind busy connections (the pool is starved, the database itself may be fine). */
export function isPoolWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}
