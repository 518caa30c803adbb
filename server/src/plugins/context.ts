import type { FastifyRequest } from 'fastify';
import type { Language } from '../../../src/api/contracts/session.contract';
import type { AppConfig } from '../config';
import type { Database, DatabaseDriver } from '../db/client';
import { globalPlugin } from '../lib/global-plugin';
import { languageFromHeader } from '../lib/i18n';
import type { PasswordHasher } from '../lib/passwords';
import type { AccessTokenSigner } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbDriver: DatabaseDriver;
    passwords: PasswordHasher;
    accessTokens: AccessTokenSigner;
  }
  interface FastifyRequest {
    /** Answer language from Accept-Language (`ko*`/`kr` → kr, else en). */
    language: Language;
  }
}

export interface ContextOptions extends Record<string, unknown> {
  config: AppConfig;
  db: Database;
  dbDriver: DatabaseDriver;
  passwords: PasswordHasher;
  accessTokens: AccessTokenSigner;
}

/** Shared services every route reaches through `app.*`, and the per-request answer language. */
export const contextPlugin = globalPlugin<ContextOptions>('context', async (app, options) => {
  app.decorate('config', options.config);
  app.decorate('db', options.db);
  app.decorate('dbDriver', options.dbDriver);
  app.decorate('passwords', options.passwords);
  // Computes the dummy hash now, so the first unknown-username sign-in is not slower than the rest.
  await options.passwords.verifyDummy('warm-up');
  app.decorate('accessTokens', options.accessTokens);
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = languageFromHeader(request.headers['accept-language']);
  });
});

/** The origin the caller reached the app at, or PUBLIC_ORIGIN when configured (behind a proxy). */
export function requestOrigin(request: FastifyRequest): string {
  return request.server.config.publicOrigin ?? `${request.protocol}://${request.host}`;
}
