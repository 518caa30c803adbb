import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { sha256Hex } from '../../src/lib/tokens';
import { findCompanyApiKey } from '../../src/services/session/company-api-keys';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate';
import { migrationsBefore } from '../helpers/migrations-before';

/**
 * Migration 0030 on a database from before it (PGlite): each company's `companies.api_key_hash` becomes
 * its key "Company API key" in `company_api_keys`, so keys issued before (demo-company-key, CONTRACT §6)
 * keep signing in; the column goes.
 */
const MIGRATION = '0030_administration';

let work: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'company-key-migration-'));
  handle = await openDatabase({ databaseUrl: null, pgliteDir: null });
});
afterAll(async () => {
  await handle?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

it('moves each company’s API key into company_api_keys and drops the column', async () => {
  await handle.migrate(await migrationsBefore(work, MIGRATION));
  const { db } = handle;
  // Raw SQL: the schema of the code no longer has the column being migrated.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [withKey] = await rows<{ id: number }>(sql`insert into companies (name, api_key_hash) values ('Keyed', ${sha256Hex('demo-company-key')}) returning id`);
  await rows(sql`insert into companies (name) values ('Keyless') returning id`);

  await handle.migrate(MIGRATIONS_FOLDER);

  const keys = await rows(sql`select company_id, name, key_hash, last_used_at, revoked_at from company_api_keys`);
  expect(keys).toEqual([{ company_id: withKey!.id, name: 'Company API key', key_hash: sha256Hex('demo-company-key'), last_used_at: null, revoked_at: null }]);
  expect(await findCompanyApiKey(db, 'demo-company-key')).toMatchObject({ companyId: withKey!.id });
  expect(await findCompanyApiKey(db, 'another-key')).toBeNull();
  const columns = await rows(sql`select column_name from information_schema.columns where table_name = 'companies' and column_name = 'api_key_hash'`);
  expect(columns).toEqual([]);
});
