import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { AppConfig } from '../../src/config';

/**
 * Fresh test databases without migrating and seeding each one. The server tests (one database per test
 * file) and the browser tests (one per app server) start from a database that the migrations and the
 * demo seed shaped exactly as at `npm start`; that shape is built once and copied:
 *
 * - PGlite: a tarball of the seeded data directory (build-test-app.ts).
 * - PostgreSQL: a template database `tpl_callcentre_<key>`; each test file gets
 *   `CREATE DATABASE t_… TEMPLATE tpl_callcentre_<key>` (a file copy of about 10 MB, ~0.1 s, instead of
 *   twelve migrations and the seed, ~1.5 s; docs/testing.md).
 *
 * The key covers everything that shapes the data: the migrations, every source file under
 * server/src/db (schema, seed, demo data), the seed's phone normalisation, the argon2 cost the demo
 * passwords are hashed with and whether it seeds. A changed migration, seed or cost gives a new key, so
 * a new template.
 */

const DB_SOURCE = fileURLToPath(new URL('../../src/db/', import.meta.url));
const SEED_IMPORTS = [fileURLToPath(new URL('../../src/lib/phone.ts', import.meta.url))];

/** Everything under `dir` (recursively), as paths relative to `root`, sorted. */
async function filesUnder(dir: string, root: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), root) : [path.relative(root, path.join(dir, e.name))])),
  );
  return nested.flat().sort();
}

/**
 * 16 hex digits naming the database that these migrations and this seed give under `config`: the argon2
 * cost the demo passwords are hashed with, and whether the seed runs at all (never in production).
 */
export async function seededDatabaseKey(config: Pick<AppConfig, 'argon2' | 'nodeEnv'>): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify([config.argon2, config.nodeEnv === 'production']));
  // The migrations' snapshot JSONs are drizzle-kit's bookkeeping; the SQL and the journal are what runs.
  const sources = (await filesUnder(DB_SOURCE, DB_SOURCE)).filter(
    (f) => f.endsWith('.ts') || f.endsWith('.sql') || f.endsWith('_journal.json'),
  );
  for (const file of [...sources.map((f) => path.join(DB_SOURCE, f)), ...SEED_IMPORTS]) {
    hash.update(path.relative(DB_SOURCE, file)).update('\0').update(await readFile(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'tpl_callcentre_';
const BUILD_PREFIX = 'tplbuild_callcentre_';
/** Templates kept on the server (newest first, the one in use among them): a few branches' worth. */
const TEMPLATES_KEPT = 4;
/** pg_advisory_lock key serialising template builds across processes (test workers, parallel runs). */
const BUILD_LOCK = 0x63_61_6c_6c_74_70_6c; // "calltpl"
/** A name prefix as a LIKE pattern (`_` is LIKE's any-character). */
const like = (prefix: string) => prefix.replaceAll('_', '\\_');

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const urlOf = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withAdmin<T>(baseUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

const isReadyTemplate = async (admin: pg.Client, name: string) =>
  (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate AND NOT datallowconn', [name])).rowCount === 1;

/** Drops a template (best effort: one being copied right now waits for the copy; a failure is ignored). */
async function dropTemplate(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  } catch {
    // Someone else dropped it first, or it is in use: the next build tries again.
  }
}

/**
 * Makes sure `tpl_callcentre_<key>` exists, building it with `seed(url)` (migrate and seed) when it
 * does not. One process builds while the others wait on an advisory lock; the build goes into a
 * scratch database renamed into place only when complete, so a build cut short never leaves a
 * half-seeded template. The template takes no connections, so nothing is connected while it is copied.
 * A new template also drops the oldest ones beyond TEMPLATES_KEPT, and leftover builds.
 */
async function ensureTemplate(baseUrl: string, key: string, seed: (url: string) => Promise<void>): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${key}`;
  await withAdmin(baseUrl, async (admin) => {
    if (await isReadyTemplate(admin, template)) return;
    await admin.query('SELECT pg_advisory_lock($1)', [BUILD_LOCK]);
    try {
      if (await isReadyTemplate(admin, template)) return;
      // Builds run only under the lock: any build database now is one a killed process left behind.
      const leftovers = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${like(BUILD_PREFIX)}%' OR datname = $1`,
        [template],
      );
      for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);

      const build = `${BUILD_PREFIX}${key}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${build}"`);
      await seed(urlOf(baseUrl, build));
      await admin.query(`ALTER DATABASE "${build}" WITH ALLOW_CONNECTIONS false`);
      // RENAME waits (up to 5 s) for the build's closed connections to be gone on the server's side.
      await admin.query(`ALTER DATABASE "${build}" RENAME TO "${template}"`);
      await admin.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true`);

      const older = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${like(TEMPLATE_PREFIX)}%' AND datname <> $1 ORDER BY oid DESC OFFSET $2`,
        [template, TEMPLATES_KEPT - 1],
      );
      for (const { datname } of older.rows) await dropTemplate(admin, datname);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [BUILD_LOCK]);
    }
  });
  return template;
}

/**
 * A new database `<prefix><random>` next to the one `baseUrl` names, copied from the seeded template
 * for `key` (built with `seed` the first time). Answers its URL and how to drop it.
 */
export async function createSeededPostgres(
  baseUrl: string,
  options: { prefix: string; key: string; seed: (url: string) => Promise<void> },
): Promise<ScratchDatabase> {
  const name = `${options.prefix}${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    const template = await ensureTemplate(baseUrl, options.key, options.seed);
    try {
      await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (error) {
      // 3D000: another run's clean-up dropped the template in between (it is built again);
      // 55006: the template was busy (a concurrent rename or drop). Both pass; anything else is real.
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '3D000' && code !== '55006')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  return {
    url: urlOf(baseUrl, name),
    drop: () => withAdmin(baseUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}
