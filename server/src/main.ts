import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { prepareDatabase } from './db/prepare';
import { resolveJwtSecret } from './jwt-secret';
import { createPasswordHasher } from './lib/passwords';
import { assertProductionConfig, assertProductionDatabase, StartupRefusal } from './startup-guard';

/**
 * `tsx server/src/main.ts`: read the environment, refuse unsafe production setups, prepare the
 * database, serve on PORT, and on SIGINT/SIGTERM close the server first (in-flight requests finish)
 * and the database last. `app.close()` also disconnects the sockets, stops socket.io and its Redis
 * adapter, hands the PBX lease on and closes the drivers and Redis (realtime/telephony-realtime.plugin.ts).
 */
async function main(): Promise<void> {
  const loaded = loadConfig();
  assertProductionConfig(loaded);
  const { config, created: secretCreated } = await resolveJwtSecret(loaded);
  const passwords = createPasswordHasher(config.argon2);

  let database: DatabaseHandle | null = null;
  let app: FastifyInstance | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    try {
      await app?.close();
      await database?.close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed:', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const prepared = await prepareDatabase(config, passwords);
  database = prepared.handle;
  await assertProductionDatabase(config, database.db, passwords);

  app = await buildApp({ config, database, passwords });
  if (config.jwtSecretIsDefault) {
    app.log.warn({ file: `${config.dataDir}/jwt-secret`, created: secretCreated }, 'JWT_SECRET is not set: tokens are signed with the random secret kept in DATA_DIR (refused in production)');
  }
  app.log.info({ database: database.driver, seed: prepared.seed }, 'database ready');
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // Refusals are expected operator errors: one clear line, no stack.
  if (error instanceof StartupRefusal || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
