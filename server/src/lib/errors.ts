import type { MessageId, MessageValues } from './i18n';

/**
 * Errors a handler throws to answer a 4xx. They carry message ids, not text: the error handler
 * translates them for the caller's language (CONTRACT §3 envelope).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageId: MessageId,
  ) {
    super(messageId);
    this.name = 'HttpError';
  }
}

/**
 * A 422 whose field messages are message ids, e.g. `{ current_password: ['validation.current_password_wrong'] }`.
 * `values` fills a field's `{placeholders}` (how many records, an example value) when it is translated.
 */
export class FieldValidationError extends HttpError {
  constructor(
    readonly fieldErrors: Record<string, MessageId[]>,
    readonly values: Record<string, MessageValues> = {},
  ) {
    super(422, 'errors.validation_failed');
    this.name = 'FieldValidationError';
  }
}

export const unauthenticated = (id: MessageId = 'errors.unauthenticated') => new HttpError(401, id);
export const invalidCredentials = () => new HttpError(401, 'errors.invalid_credentials');
export const forbidden = () => new HttpError(403, 'errors.forbidden');
/** Also the answer for another company's records: never reveal that they exist. */
export const notFound = () => new HttpError(404, 'errors.not_found');
export const tooManyAttempts = () => new HttpError(429, 'errors.too_many_attempts');
export const fieldError = (field: string, id: MessageId) => new FieldValidationError({ [field]: [id] });
