/**
 * One error shape for the whole client (specification section 8, CONTRACT §3).
 *
 * This file deliberately does not import axios at runtime: the session machine normalises errors with
 * `toApiError`, and machines must stay free of the HTTP client. Axios errors are recognised by their
 * `isAxiosError` flag instead.
 */
export interface ApiError {
  /** HTTP status, or null when no response arrived (network failure, aborted request, bad answer). */
  status: number | null;
  /** Text for the error dialog: the server's message (already translated) or the raw data / error. */
  message: string;
  /** Per-field validation messages of a 422 answer, for forms. Empty when there are none. */
  fieldErrors: Record<string, string[]>;
  /** The raw response body, when there was one. */
  data?: unknown;
}

interface AxiosLikeError {
  isAxiosError: true;
  message: string;
  response?: { status: number; data?: unknown };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAxiosLikeError(err: unknown): err is AxiosLikeError {
  return isRecord(err) && err.isAxiosError === true;
}

export function isApiError(err: unknown): err is ApiError {
  return (
    isRecord(err) &&
    (typeof err.status === 'number' || err.status === null) &&
    typeof err.message === 'string' &&
    isRecord(err.fieldErrors)
  );
}

/** Accepts `{ field: ["a", "b"] }` and the occasional `{ field: "a" }`; drops anything else. */
function toFieldErrors(errors: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = Array.isArray(value) ? value : [value];
    const texts = list.filter((v): v is string => typeof v === 'string');
    if (texts.length) out[field] = texts;
  }
  return out;
}

/** Raw data as readable text: strings as they are, anything else as JSON. */
function stringify(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data === undefined) return '';
  try {
    return JSON.stringify(data);
  } catch {
    return String(data);
  }
}

function fromResponse(status: number, data: unknown, fallback: string): ApiError {
  if (isRecord(data)) {
    const message = typeof data.message === 'string' ? data.message : undefined;
    if (isRecord(data.errors)) {
      const fieldErrors = toFieldErrors(data.errors);
      const first = Object.values(fieldErrors)[0]?.[0];
      return { status, message: message ?? first ?? fallback, fieldErrors, data };
    }
    if (data.error) {
      // `{ error: true, message }`; some legacy answers put the text in `error` itself.
      const text = message ?? (typeof data.error === 'string' ? data.error : stringify(data));
      return { status, message: text, fieldErrors: {}, data };
    }
    if (message) return { status, message, fieldErrors: {}, data };
  }
  const raw = stringify(data);
  return { status, message: raw || fallback, fieldErrors: {}, data };
}

/**
 * Normalises anything thrown by a request (or by parsing its answer) into an ApiError:
 * the server message; an `errors` object becomes fieldErrors; an `error` flag shows its message;
 * otherwise the raw response data, or the error itself (no response: status null).
 */
export function toApiError(err: unknown): ApiError {
  if (isApiError(err)) return err;
  if (isAxiosLikeError(err)) {
    if (err.response) return fromResponse(err.response.status, err.response.data, err.message);
    return { status: null, message: err.message, fieldErrors: {} };
  }
  if (err instanceof Error) return { status: null, message: err.message || err.name, fieldErrors: {} };
  return { status: null, message: stringify(err) || 'Unknown error', fieldErrors: {} };
}
