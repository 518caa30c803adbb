/**
 * PostgreSQL's unique_violation (SQLSTATE 23505), as node-postgres and PGlite report it. Drizzle wraps
 * driver errors in its own error with the original as `cause`, so the chain is followed.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
