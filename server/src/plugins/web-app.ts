import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../lib/i18n';

/** Paths the web app never owns: unknown ones answer a JSON 404, not index.html. */
const SERVER_PREFIXES = ['/api', '/cti', '/socket.io'];

const NOT_BUILT_MESSAGE = 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.';

function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A browser navigation: GET/HEAD that explicitly asks for HTML (scripts and images send other Accepts). */
function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app from `distDir` with a history-mode fallback: any page navigation outside the
 * server's prefixes that is not a file gets index.html, and the client router takes over. Also the one
 * not-found handler of the app: unknown API routes answer JSON `{ error: true, message }`.
 * Registered last, after every route.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: distDir, index: ['index.html'] });
  } else {
    app.log.warn({ distDir }, 'web app not built: pages answer a hint to run `npm run build`');
  }

  // Sync and returning nothing: a returned reply is a thenable fastify would await a second time.
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply): void => {
    if (!isServerPath(request.url) && isPageNavigation(request)) {
      if (built) reply.type('text/html; charset=utf-8').sendFile('index.html');
      else reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
      return;
    }
    reply.code(404).send({ error: true, message: translate('errors.not_found', request.language) });
  });
}
