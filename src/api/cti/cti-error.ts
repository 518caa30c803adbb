import type { CtiError } from './cti-types';

/**
 * Normalises anything a CTI request threw into `{ status, message }`. Pure and axios-free at runtime, so
 * machines may use it on `xstate.error.actor` payloads (an invoked request rejects with a CtiError, but a
 * test fake or a bug may throw anything).
 */
export function toCtiError(err: unknown): CtiError {
  if (isCtiError(err)) return { status: err.status, message: err.message };
  if (isRecord(err) && err.isAxiosError === true) {
    const response = isRecord(err.response) ? err.response : null;
    const status = response && typeof response.status === 'number' ? response.status : null;
    const fromBody = response ? messageOf(response.data) : null;
    return { status, message: fromBody ?? (typeof err.message === 'string' ? err.message : 'CTI request failed') };
  }
  if (err instanceof Error) return { status: null, message: err.message || err.name };
  if (typeof err === 'string' && err) return { status: null, message: err };
  return { status: null, message: 'CTI request failed' };
}

export function isCtiError(err: unknown): err is CtiError {
  return (
    isRecord(err) &&
    (typeof err.status === 'number' || err.status === null) &&
    typeof err.message === 'string' &&
    !('isAxiosError' in err)
  );
}

/** `{ error: true, message }` (CONTRACT §3), `{ error: "text" }` or plain text from legacy servers. */
function messageOf(data: unknown): string | null {
  if (typeof data === 'string') return data.trim() || null;
  if (!isRecord(data)) return null;
  if (typeof data.message === 'string' && data.message) return data.message;
  if (typeof data.error === 'string' && data.error) return data.error;
  if (typeof data.result === 'string' && data.result && data.result !== 'success') return data.result;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
