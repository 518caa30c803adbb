import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../server/src/config';
import { prepareDatabase } from '../../../server/src/db/prepare';
import { createPasswordHasher } from '../../../server/src/lib/passwords';
import { createSeededPostgres, seededDatabaseKey } from '../../../server/test/helpers/database-template';

export interface TempDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, uniquely named PostgreSQL database next to the one DATABASE_URL names, so runs never share data. */
export async function createTempDatabase(baseUrl: string): Promise<TempDatabase> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Like createTempDatabase, but already migrated and seeded as the app server started with `env` would
 * leave an empty one (its argon2 cost, seeded outside production): a copy of a template built once
 * (server/test/helpers/database-template.ts), so each browser test file skips the migrations and the seed.
 * The server still runs both at start, and finds nothing to do.
 */
export async function createSeededTempDatabase(baseUrl: string, env: NodeJS.ProcessEnv): Promise<TempDatabase> {
  const config = loadConfig({ ...env, DATABASE_URL: baseUrl });
  const passwords = createPasswordHasher(config.argon2);
  return createSeededPostgres(baseUrl, {
    prefix: 'e2e_',
    key: await seededDatabaseKey(config),
    seed: async (url) => (await prepareDatabase({ ...config, databaseUrl: url }, passwords)).handle.close(),
  });
}
