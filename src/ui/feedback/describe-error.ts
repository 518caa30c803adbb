import { toApiError } from '../../api/errors';

/**
 * What the error dialog shows for anything thrown (specification section 8):
 * the server's message; an `errors` object is per-field validation (forms show those next to their fields,
 * see forms/field-errors.ts); an `error` flag shows its message; otherwise the raw data or the error itself.
 * toApiError (src/api/errors.ts) already applies those rules; this keeps the field list for the
 * rare case where no form is there to show it.
 */
export interface ErrorView {
  message: string;
  fieldErrors: Record<string, string[]>;
  status: number | null;
}

export function describeError(err: unknown): ErrorView {
  const { message, fieldErrors, status } = toApiError(err);
  return { message, fieldErrors, status };
}
