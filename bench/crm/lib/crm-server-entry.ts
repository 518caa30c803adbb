/**
 * The real app server for the CRM benchmarks, started as a child process: what server/src/main.ts does
 * (config from the environment, prepareDatabase, buildApp, listen) plus routes that exist only here:
 *
 * - `GET /api/v1/bench-bare`: a constant JSON object, no token, no database. It goes through the same
 *   plugins and hooks as every API route, so "lookup vs bare" measures exactly what a lookup adds.
 * - A diagnostic, to say where a lookup's time goes (the goal is judged on the real route only):
 *   `GET /api/v1/bench-auth` (the token check and nothing else).
 */
import { buildApp } from '../../../server/src/app';
import { loadConfig } from '../../../server/src/config';
import { prepareDatabase } from '../../../server/src/db/prepare';
import { createPasswordHasher } from '../../../server/src/lib/passwords';

async function main(): Promise<void> {
  const config = loadConfig();
  const passwords = createPasswordHasher(config.argon2);
  const { handle } = await prepareDatabase(config, passwords);
  const app = await buildApp({
    config,
    database: handle,
    passwords,
    registerExtraRoutes: async (server) => {
      server.get('/api/v1/bench-bare', async () => ({ status: 'ok', bare: true }));
      server.get('/api/v1/bench-auth', { onRequest: [server.authenticate] }, async (request) => ({ user: request.auth.userId }));
    },
  });
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write('READY\n');
  const stop = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
