import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Language } from '../../../src/api/contracts/session.contract';
import { databaseOutageOf } from '../lib/database-outage';
import { FieldValidationError, HttpError } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import { translate, type MessageId } from '../lib/i18n';

/**
 * The error envelope of CONTRACT §3, in one place:
 * - 422 `{ message, errors: { field: [text] } }` for schema (zod) and handler field errors;
 * - other 4xx `{ error: true, message }`, logged at info at most (a client can send any number);
 * - a database that cannot be reached: 503 `{ error: true, message }` with `Retry-After`, logged as a
 *   warning without the stack (it is an outage, not a bug; lib/database-outage.ts);
 * - other 5xx `{ error: true, message }` with a generic text; the stack goes to the log only.
 */

export type FieldErrors = Record<string, string[]>;

/** Seconds a client waits before retrying during a database outage (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Shared zod schemas carry message ids (`validation.*`); these look like ids rather than prose. */
const looksLikeMessageId = (message: string) => /^[a-z_]+(\.[a-z0-9_]+)+$/.test(message);

function valueAt(root: unknown, path: string[]): unknown {
  let value: unknown = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Message for one zod issue: its id translated, or (for zod's own English) a translated generic text. */
function issueMessage(message: string, keyword: string, value: unknown, language: Language): string {
  if (looksLikeMessageId(message)) return translate(message, language);
  const id: MessageId = keyword === 'invalid_type' && (value === undefined || value === null) ? 'validation.required' : 'validation.invalid_value';
  return translate(id, language);
}

function zodFieldErrors(
  issues: { instancePath: string; message?: string; keyword: string }[],
  input: unknown,
  language: Language,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const field = path.join('.') || '_';
    const text = issueMessage(issue.message ?? '', issue.keyword, valueAt(input, path), language);
    const list = (errors[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}

function sendValidation(reply: FastifyReply, language: Language, errors: FieldErrors): void {
  reply.code(422).send({ message: translate('errors.validation_failed', language), errors });
}

/** Generic message ids for framework 4xx errors (bad JSON, wrong content type, body too large...). */
function frameworkMessageId(statusCode: number): MessageId {
  if (statusCode === 404) return 'errors.not_found';
  if (statusCode === 429) return 'errors.rate_limited';
  if (statusCode === 401) return 'errors.unauthenticated';
  if (statusCode === 403) return 'errors.forbidden';
  return 'errors.bad_request';
}

// Sends and returns nothing: returning the (thenable) reply from a sync handler makes fastify await it.
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = request.language;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext;
    const input = context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
    sendValidation(reply, language, zodFieldErrors(error.validation, input, language));
    return;
  }
  if (error instanceof FieldValidationError) {
    const errors: FieldErrors = {};
    for (const [field, ids] of Object.entries(error.fieldErrors)) errors[field] = ids.map((id) => translate(id, language, error.values[field]));
    sendValidation(reply, language, errors);
    return;
  }
  if (error instanceof HttpError) {
    reply.code(error.statusCode).send({ error: true, message: translate(error.messageId, language) });
    return;
  }
  const outage = databaseOutageOf(error);
  if (outage) {
    // The driver's own words (not drizzle's "Failed query: …", which carries the parameters).
    request.log.warn({ code: outage.code }, `database unavailable: ${String(outage.message).slice(0, 200)}`);
    reply
      .code(503)
      .header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ error: true, message: translate('errors.database_unavailable', language) });
    return;
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    request.log.info({ code: error.code, statusCode }, error.message);
    reply.code(statusCode).send({ error: true, message: translate(frameworkMessageId(statusCode), language) });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  reply.code(500).send({ error: true, message: translate('errors.server_error', language) });
}

export const errorHandlerPlugin = globalPlugin('error-handler', async (app) => {
  app.setErrorHandler(handleError);
});
