import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoginResponse } from '../../../src/api/contracts/session.contract';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import type { Database, DatabaseHandle } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/prepare';
import { createPasswordHasher, type PasswordHasher } from '../../src/lib/passwords';
import { createSeededPostgres, seededDatabaseKey, type ScratchDatabase } from './database-template';

/**
 * Builds the real app for `inject()` tests. Without DATABASE_URL it runs on an in-memory PGlite; with
 * it, on a fresh PostgreSQL database created for this test file (and dropped afterwards), so files can
 * run in parallel. Either way the database is what the migrations and the demo seed make of an empty one
 * at `npm start`, copied from one built once (a PGlite snapshot, a PostgreSQL template).
 */

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The open database, e.g. to build a second app on the same data. */
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

const TEST_JWT_SECRET = randomBytes(32).toString('hex');

/** Config for tests: cheap argon2 and short login delays so the suite stays fast. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ARGON2_MEMORY_COST: '64',
    ARGON2_TIME_COST: '1',
    LOGIN_DELAY_STEP_MS: '5',
    LOGIN_MAX_DELAY_MS: '40',
    // Random per test process: no secret from the source code signs a token, in tests either.
    JWT_SECRET: TEST_JWT_SECRET,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  return { ...base, ...overrides };
}

/**
 * Starting PGlite runs initdb, which takes seconds (far more on a loaded machine). The first test file
 * to need a database migrates and seeds one and leaves its data directory in the OS temp folder; the
 * others start from that copy. The key (database-template.ts) covers everything that shapes the data,
 * so a changed migration, seed or hash cost builds a new one.
 */
async function seededPgliteSnapshot(config: AppConfig, passwords: PasswordHasher): Promise<Blob> {
  const cacheFile = path.join(os.tmpdir(), `callcentre-test-pglite-${await seededDatabaseKey(config)}.tar`);
  try {
    return new Blob([await readFile(cacheFile)]);
  } catch {
    const { handle } = await prepareDatabase(config, passwords, { inMemory: true });
    const dump = await handle.dumpDataDir!();
    await handle.close();
    // Write then rename, so a file running in parallel never reads half a snapshot.
    const partial = `${cacheFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, cacheFile);
    return dump;
  }
}

/**
 * PostgreSQL: `t_<random>` next to the database of `config.databaseUrl`, copied from the template the
 * migrations and the seed built once (database-template.ts), dropped by `close()`.
 */
async function seededScratchPostgres(config: AppConfig, passwords: PasswordHasher): Promise<ScratchDatabase> {
  return createSeededPostgres(config.databaseUrl!, {
    prefix: 't_',
    key: await seededDatabaseKey(config),
    seed: async (url) => (await prepareDatabase({ ...config, databaseUrl: url }, passwords)).handle.close(),
  });
}

export async function buildTestApp(
  options: { config?: Partial<AppConfig> } & Omit<Partial<BuildAppOptions>, 'config' | 'database'> = {},
): Promise<TestApp> {
  let config = testConfig(options.config);
  const passwords = createPasswordHasher(config.argon2);
  const scratch = config.databaseUrl ? await seededScratchPostgres(config, passwords) : null;
  if (scratch) config = { ...config, databaseUrl: scratch.url };

  const snapshot = scratch ? undefined : await seededPgliteSnapshot(config, passwords);
  const { handle } = await prepareDatabase(config, passwords, {
    inMemory: true,
    ...(snapshot ? { pgliteInitialData: snapshot } : {}),
  });
  const app = await buildApp({ ...options, config, database: handle, passwords });
  return {
    app,
    db: handle.db,
    database: handle,
    config,
    async close() {
      await app.close();
      await handle.close();
      await scratch?.drop();
    },
  };
}

type Json = Record<string, unknown>;

/** POST a JSON body to `/api/v1<path>`, optionally with a bearer token and Accept-Language. */
export function post(
  app: FastifyInstance,
  path: string,
  body: Json | undefined = {},
  options: { token?: string; language?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: {
      accept: 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** Signs in with a password and answers the login response (fails the test on anything but 200). */
export async function login(app: FastifyInstance, username: string, password: string): Promise<LoginResponse> {
  const response = await post(app, '/login', { username, password });
  if (response.statusCode !== 200) {
    throw new Error(`login ${username} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<LoginResponse>();
}

/** The demo accounts' passwords (CONTRACT §6). */
export const DEMO_PASSWORD: Record<string, string> = {
  admin: 'admin1234',
  manager: 'manager1234',
  agent1: 'agent1234',
  agent2: 'agent1234',
  user: 'user1234',
  'acme-manager': 'acme1234',
  'acme-agent': 'acme1234',
};

export const loginAs = (app: FastifyInstance, username: string) => login(app, username, DEMO_PASSWORD[username] ?? '');
