import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords';
import { createAccessTokenSigner } from './lib/tokens';
import { authPlugin } from './plugins/auth';
import { companyScopePlugin } from './plugins/company-scope';
import { contentSecurityPolicyPlugin } from './plugins/content-security-policy';
import { contextPlugin } from './plugins/context';
import { errorHandlerPlugin } from './plugins/error-handler';
import { registerExternalPlugins } from './plugins/external';
import { httpDefaultsPlugin } from './plugins/http-defaults';
import { inputGuardPlugin } from './plugins/input-guard';
import { registerWebApp } from './plugins/web-app';
import { telephonyRealtimePlugin } from './realtime/telephony-realtime.plugin';
import { callLogPlugin } from './services/call-log/call-log.plugin';
import { queuesPlugin } from './services/queues/queues.plugin';
import { announcementsPlugin } from './services/announcements/announcements.plugin';
import { autoCallbackPlugin } from './services/callbacks/auto-callback.plugin';
import { autoCallRunnerPlugin } from './services/auto-call/auto-call-runner.plugin';
import { startSessionCache } from './services/session/session-cache';
import { startBlacklistScreen } from './services/telephony/blacklist-screen';
import { forwardingPlugin } from './services/telephony/forwarding.plugin';
import { jobsPlugin } from './services/jobs/jobs.plugin';
import { ctiRoutes } from './routes/cti/cti.routes';
import { apiV1Routes } from './routes/api-v1';

export interface BuildAppOptions {
  config: AppConfig;
  /** An opened and migrated database (see db/prepare.ts). The caller closes it after the app. */
  database: DatabaseHandle;
  /** Defaults to argon2id with `config.argon2`; pass one to share it with the seed. */
  passwords?: PasswordHasher;
  /** The built web app; defaults to `<repo>/dist`. */
  webDistDir?: string;
  /** Defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** Extra routes registered with the API routes (tests use it for e.g. a route that throws). */
  registerExtraRoutes?: (app: FastifyInstance) => Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('package.json', `file://${REPO_ROOT}`), 'utf8')) as { version: string }
).version;

/**
 * Builds the whole HTTP app, ready for `listen()` or `inject()`. Plugins go in a fixed order, as in
 * fastify/demo: external (parsers, OpenAPI) → app (context, defaults, errors, auth, company scope) →
 * routes → web app with the not-found fallback (last, so it never shadows a route).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // An empty secret would sign tokens anyone can forge; main.ts resolves one before building the app.
  if (config.jwtSecret.length < 16) throw new Error('buildApp needs config.jwtSecret (JWT_SECRET, or the one resolveJwtSecret keeps)');
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins.
  await registerExternalPlugins(app, APP_VERSION);

  // 2. App plugins.
  await app.register(contextPlugin, {
    config,
    db: database.db,
    dbDriver: database.driver,
    passwords: options.passwords ?? createPasswordHasher(config.argon2),
    accessTokens: createAccessTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds),
  });
  await app.register(httpDefaultsPlugin);
  // NUL characters and multipart without a boundary: a 4xx before any route runs (issue 15).
  await app.register(inputGuardPlugin);
  // Content-Security-Policy of the app, Swagger UI and the API (plugins/content-security-policy.ts).
  await app.register(contentSecurityPolicyPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin);
  // The session check behind authPlugin, cached for the app's lifetime (services/session/session-cache.ts).
  const stopSessionCache = await startSessionCache(database);
  app.addHook('onClose', stopSessionCache);
  // Each company's blacklist in memory for the PBX's checks (services/telephony/blacklist-screen.ts).
  const stopBlacklistScreen = await startBlacklistScreen(database);
  app.addHook('onClose', stopBlacklistScreen);
  await app.register(companyScopePlugin);

  // 3. Routes.
  await app.register(apiV1Routes, { prefix: '/api/v1', version: APP_VERSION });
  if (options.registerExtraRoutes) await options.registerExtraRoutes(app);

  // 4. Telephony and realtime (CTI/realtime module, docs/cti-api.md), before the web app: the PBX
  //    drivers behind `app.telephony` and socket.io on its default path (CONTRACT §8), then the built-in
  //    CTI server under `/cti` (CONTRACT §7).
  await app.register(telephonyRealtimePlugin);
  // Call log (docs/calls.md): records every call from the telephony events; before the CTI routes, so
  // its hook sees the one-touch recording answers.
  await app.register(callLogPlugin);
  // Queue log and live boards (docs/queues.md): from the telephony events, pushed over app.io.
  await app.register(queuesPlugin);
  // Announcements and the slogan (docs/announcements.md): pushed over app.io to the companies' rooms.
  await app.register(announcementsPlugin);
  // Automatic callbacks of callback groups (docs/calls.md): places calls through app.telephony and reads
  // their outcome from the call log.
  await app.register(autoCallbackPlugin);
  // Auto-call runs (docs/auto-call.md "Runner"): each process dials the campaigns whose lease it holds.
  await app.register(autoCallRunnerPlugin);
  // Call forwarding (docs/telephony.md "Call forwarding"): live forwardings to the PBX, the periods' schedule.
  await app.register(forwardingPlugin);
  // Scheduled jobs (docs/jobs.md): the daily report email at 08:00 Asia/Seoul, once across processes.
  await app.register(jobsPlugin);
  await app.register(ctiRoutes, { prefix: '/cti' });

  // 5. The web app and the not-found fallback.
  await registerWebApp(app, options.webDistDir ?? `${REPO_ROOT}dist`);

  await app.ready();
  return app;
}
