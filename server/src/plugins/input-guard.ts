import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import { rejectNulCharacters } from '../lib/nul-characters';

/**
 * Input no route can store, refused once for every route before it runs (issue 15), so a probe gets a
 * 4xx naming the problem instead of a 500 (and an error in the log it could flood):
 *
 * - a NUL character anywhere in the path parameters, query or body → 422 under that field
 *   (PostgreSQL rejects NUL in text and jsonb; lib/nul-characters.ts). Multipart text fields become the
 *   body only in the route's own preValidation (routes/users/multipart-body.ts), so they are checked
 *   again just before the handler;
 * - a multipart body without a boundary → 400 with a message (the multipart parser would throw a plain
 *   error, a 500). Other malformed multipart is answered by the two readers (read-upload.ts,
 *   multipart-body.ts).
 *
 * Ids beyond PostgreSQL's integer, impossible dates and over-long text are the contracts' part
 * (src/api/contracts/input-bounds.ts). Both hooks run after authentication (onRequest), so an
 * unauthenticated call still gets 401 first.
 */

/** RFC 2046: 1 to 70 characters. */
const MAX_BOUNDARY = 70;

function hasBoundary(contentType: string): boolean {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, ...rest] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'boundary') continue;
    const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    return value.length > 0 && value.length <= MAX_BOUNDARY;
  }
  return false;
}

export const inputGuardPlugin = globalPlugin('input-guard', async (app) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const contentType = request.headers['content-type'];
    if (typeof contentType === 'string' && /^\s*multipart\//i.test(contentType) && !hasBoundary(contentType)) {
      throw new HttpError(400, 'errors.multipart_boundary_missing');
    }
    rejectNulCharacters(request.params);
    rejectNulCharacters(request.query);
    rejectNulCharacters(request.body);
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.isMultipart()) rejectNulCharacters(request.body);
  });
});
