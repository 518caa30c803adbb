import type { FastifyRequest } from 'fastify';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Request and response defaults for every route:
 * - an empty JSON body reads as `{}` (clients POST actions like check-user without a body), and a
 *   missing body becomes `{}` before validation, so required fields get per-field 422 messages rather
 *   than one error about the whole body;
 * - API answers are never cached (they carry tokens and personal data);
 * - a few browser hardening headers.
 */
export const httpDefaultsPlugin = globalPlugin('http-defaults', async (app) => {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return defaultJsonParser(request, text, done);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    if ((request.method === 'POST' || request.method === 'PUT' || request.method === 'PATCH') && request.body == null) {
      request.body = {};
    }
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (request.url.startsWith('/api/v1/')) reply.header('Cache-Control', 'no-store');
  });
});
