import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { sha256Hex } from '../../src/lib/tokens';
import { findAgentApiKey } from '../../src/services/session/agent-api-keys';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate';
import { migrationsBefore } from '../helpers/migrations-before';

/**
 * Migration 0014 on a database from before it: each `users.agent_api_key_hash` becomes a key of its user
 * in `agent_api_keys`, so the keys issued before (agent1's demo-agent1-key, CONTRACT §6) keep signing
 * in; the column goes. On PGlite, or on a scratch PostgreSQL database with DATABASE_URL.
 */
const MIGRATION = '0014_agent_api_keys';

let work: string;
let handle: DatabaseHandle;
let scratch: { url: string; drop: () => Promise<void> } | null = null;

async function scratchPostgres(baseUrl: string) {
  const name = `t_mig_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'agent-key-migration-'));
  scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
  handle = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null });
});
afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
  if (work) await rm(work, { recursive: true, force: true });
});

it('moves each user’s agent API key into agent_api_keys and drops the column', async () => {
  await handle.migrate(await migrationsBefore(work, MIGRATION));
  const { db } = handle;
  // Raw SQL: the schema of the code no longer has the column being migrated.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [company] = await rows<{ id: number }>(sql`insert into companies (name, permissions, can_provide_agent_api) values ('Before', '{company_can_provide_agent_api}', true) returning id`);
  const insertUser = async (username: string, role: string, key: string | null, deleted = false) => {
    const [row] = await rows<{ id: number }>(
      sql`insert into users (company_id, role, name, username, password_hash, agent_api_key_hash, deleted_at)
        values (${company!.id}, ${role}, ${username}, ${username}, 'x', ${key ? sha256Hex(key) : null}, ${deleted ? sql`now()` : null}) returning id`,
    );
    return row!.id;
  };
  const agent1 = await insertUser('agent1', 'agent', 'demo-agent1-key');
  await insertUser('agent2', 'agent', null);
  await insertUser('gone', 'agent', 'deleted-agent-key', true);

  await handle.migrate(MIGRATIONS_FOLDER);

  const keys = await rows(sql`select company_id, user_id, name, key_hash, last_used_at from agent_api_keys`);
  expect(keys).toEqual([{ company_id: company!.id, user_id: agent1, name: 'Agent API key', key_hash: sha256Hex('demo-agent1-key'), last_used_at: null }]);
  expect(await findAgentApiKey(db, 'demo-agent1-key')).toMatchObject({ companyId: company!.id, userId: agent1 });
  const columns = await rows(sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'agent_api_key_hash'`);
  expect(columns).toEqual([]);
});
