/**
 * Whether an error means the database cannot be reached or is going away, rather than that a query was
 * wrong (issue 15 item 7): the error handler answers these with 503 and `Retry-After`, so clients and
 * load balancers retry instead of reporting a server bug. Drizzle wraps driver errors (`cause`), so the
 * chain is followed.
 */

/** Socket errors of node-postgres while connecting or talking to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * shutting down), 53300 too_many_connections; class 08 is connection_exception (08000, 08003, 08006...).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Texts of errors without a code: node-postgres and its pool, and PGlite once closed. */
const MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /timeout exceeded when trying to connect/,
  /^PGlite is clos(ed|ing)/,
];

function isOutageError(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/** The error in the chain that says the database is unavailable (its code and message), or null. */
export function databaseOutageOf(error: unknown): { code?: unknown; message?: unknown } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    if (isOutageError(current)) return current;
    // AggregateError (a connection attempt to every address of a host failed) holds the reasons here.
    const errors = (current as { errors?: unknown }).errors;
    const inner = Array.isArray(errors) ? errors.find((e): e is object => e !== null && typeof e === 'object' && isOutageError(e)) : undefined;
    if (inner) return inner;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
