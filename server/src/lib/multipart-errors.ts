import { HttpError } from './errors';

/**
 * What a multipart reader throws when reading the parts fails (issue 15). The parser's own limits carry
 * a 4xx status and our checks are HttpErrors: both pass unchanged. Anything else comes from a body the
 * parser could not read (no closing boundary, a malformed part header, a truncated file), is the
 * client's doing, and answers 400 with a message rather than a 500 and an error in the log.
 */
export function multipartReadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  return new HttpError(400, 'errors.upload_unreadable');
}

/** The multipart parser's error code (`FST_REQ_FILE_TOO_LARGE`, `FST_FILES_LIMIT`, …), if the error has one. */
export function multipartErrorCode(error: unknown): unknown {
  return error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
}
