import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

/** The one database type route handlers and services see; both drivers satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

/** An open database together with what it takes to migrate and close it. */
export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start from a cached, seeded one). */
  dumpDataDir?(): Promise<Blob>;
}

export interface DatabaseTarget {
  /** PostgreSQL connection string; when null, PGlite is used. */
  databaseUrl: string | null;
  /** PGlite data directory; null keeps the database in memory (tests). */
  pgliteDir: string | null;
  /** PGlite only: start from this data-directory tarball instead of an empty cluster (saves initdb). */
  pgliteInitialData?: Blob;
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.databaseUrl
    ? openPostgres(target.databaseUrl)
    : openPglite(target.pgliteDir, target.pgliteInitialData);
}

async function openPglite(dataDir: string | null, initialData: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(initialData ? { loadDataDir: initialData } : {}) });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  let closing = false;
  // An idle connection the server ends (a restart, an administrator, a dropped database) is already
  // discarded by the pool and the next query opens a new one; without a listener it would crash us.
  pool.on('error', (error) => {
    if (!closing) process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(db, { migrationsFolder });
    },
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}
