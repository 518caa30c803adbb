import type { ZodError } from 'zod';
import { toApiError } from '../../api/errors';

/** Messages per field: message ids from client validation (`validation.*`) or server-translated text. */
export type FieldErrors = Record<string, string[]>;

/**
 * Client validation (zod, shared with the server) as per-field messages; the first path segment names the
 * field. A message about one element of a list keeps its whole path (`options.2.digit`), as the server's
 * 422 names it, so it shows beside that element.
 */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const inElement = issue.path.length > 1 && typeof issue.path[1] === 'number';
    const field = inElement ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/**
 * A server answer with an `errors` object (422) as per-field messages, or null when the error is not a
 * validation error: then it belongs in the error dialog (specification section 8).
 */
export function fieldErrorsFromServer(err: unknown): FieldErrors | null {
  const { fieldErrors } = toApiError(err);
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}

/** Field errors whose field the form does not show, so they are not silently lost. */
export function unplacedFieldErrors(errors: FieldErrors, shownFields: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !shownFields.includes(field)));
}
