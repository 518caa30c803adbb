import path from 'node:path';
import type { AppConfig } from '../config';
import type { PasswordHasher } from '../lib/passwords';
import { openDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';
import { seedDemoData, type SeedResult } from './seed';

export interface PreparedDatabase {
  handle: DatabaseHandle;
  seed: SeedResult;
}

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirOf = (config: AppConfig) => path.join(config.dataDir, 'pglite');

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR, or
 * in memory when `inMemory`), applies the committed migrations and seeds an empty database outside
 * production. The same path serves `npm start` and the tests.
 */
export async function prepareDatabase(
  config: AppConfig,
  hasher: PasswordHasher,
  options: { inMemory?: boolean; pgliteInitialData?: Blob } = {},
): Promise<PreparedDatabase> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: options.inMemory ? null : pgliteDirOf(config),
    ...(options.pgliteInitialData ? { pgliteInitialData: options.pgliteInitialData } : {}),
  });
  try {
    await runMigrations(handle);
    const seed = await seedDemoData(handle.db, { hasher, production: config.nodeEnv === 'production' });
    return { handle, seed };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
