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
  /**
   * LISTEN on `channel`: `notify` for each notification; `live(false)` while the listening connection
   * is down (PostgreSQL: it reconnects every second), `live(true)` once listening (again). Returns stop.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  /**
   * Sees every statement's text as this process sends it, before it runs: a cache can drop what a write
   * of its own process may change without waiting for the write's notification. Returns unsubscribe.
   */
  observeStatements(observer: (text: string) => void): () => void;
}

export interface ChannelHandlers {
  notify(payload: string): void;
  live(live: boolean): void;
}

/** drizzle's logger, used as the one place every statement passes through. */
function statementObservers() {
  const observers = new Set<(text: string) => void>();
  return {
    logger: { logQuery: (text: string) => observers.forEach((observer) => observer(text)) },
    observe(observer: (text: string) => void) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
  };
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
  const statements = statementObservers();
  const db = drizzlePglite({ client, schema, logger: statements.logger });
  return {
    db,
    driver: 'pglite',
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.live(true);
      return () => unlisten();
    },
    observeStatements: statements.observe,
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder });
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // Only the hot statements are named (prepared once per connection): the session check and the screen
  // pop's lookup. PostgreSQL's default replans a named statement on every execution when its generic
  // plan looks dearer than a custom one, which the lookup's `= any($2)` always does (it guesses ten
  // numbers): planning cost more than running it (docs/benchmarks.md). Their generic plans are the
  // index scans they are written for. Unnamed statements, every other query, are planned as before.
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c plan_cache_mode=force_generic_plan' });
  let closing = false;
  // An idle connection the server ends (a restart, an administrator, a dropped database) is already
  // discarded by the pool and the next query opens a new one; without a listener it would crash us.
  pool.on('error', (error) => {
    if (!closing) process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const statements = statementObservers();
  const db = drizzleNodePg({ client: pool, schema, logger: statements.logger });
  return {
    db,
    driver: 'postgres',
    listen: (channel, handlers) => listenPostgres(connectionString, channel, handlers),
    observeStatements: statements.observe,
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

/**
 * A connection of its own outside the pool (a pooled one would be handed to queries and lose its
 * LISTEN). A lost connection reports `live(false)` and is replaced a second later, for as long as the
 * listener is not stopped.
 */
async function listenPostgres(connectionString: string, channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    handlers.live(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    retry = null;
    const client = new pg.Client({ connectionString });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (current === client && !stopped) handlers.live(true);
    } catch {
      lose(client);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}
