import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTempDatabase, type TempDatabase } from '../../../tests/e2e/support/temp-database';

export interface BenchDatabaseEnv {
  /** Environment for the server child and for prepareDatabase in this process. */
  env: Record<string, string>;
  driver: 'pglite' | 'postgres';
  cleanup(): Promise<void>;
}

/**
 * A fresh database for one run: PGlite in a temp DATA_DIR, or, with a PostgreSQL URL, a new database
 * created beside it and dropped at cleanup. Nothing else on the server is touched.
 */
export async function freshBenchDatabase(postgresUrl: string | undefined): Promise<BenchDatabaseEnv> {
  const dataDir = mkdtempSync(join(tmpdir(), 'callcentre-crm-bench-'));
  let temp: TempDatabase | null = null;
  if (postgresUrl) temp = await createTempDatabase(postgresUrl);
  return {
    driver: temp ? 'postgres' : 'pglite',
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL: '4h',
      ...(temp ? { DATABASE_URL: temp.url } : {}),
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      await temp?.drop();
    },
  };
}

/** Signs the demo manager in over HTTP (CONTRACT §6) and answers the access token. */
export async function managerToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'manager1234' }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
