import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, DatabaseDriver } from './client';

/**
 * Rows in COPY text format going into a table in one transaction: committed whole or not at all.
 * `before` and `after` run in the same transaction, for rows that need the database to complete them
 * (copied into a temporary table first, then moved with an INSERT … SELECT).
 */
export interface CopyPlan {
  before?: readonly string[];
  /** `table (column, …)`: what each line's fields fill, in order. */
  into: string;
  after?: readonly string[];
}

/**
 * An UPDATE run in the copy's own transaction, last before COMMIT, that must change exactly one row
 * (imports: the job's progress, only while this process still owns the job). So the rows and the
 * record of them are committed together or not at all; if it changes no row, the copy is rolled back
 * and `CopyGuardRefused` is thrown. `sql` is a plain UPDATE without RETURNING; `params` ($1, $2…) are
 * numbers and short texts (on PGlite they are written into the statement as literals, below).
 */
export interface CopyGuard {
  sql: string;
  params: (number | string)[];
}

export class CopyGuardRefused extends Error {
  constructor() {
    super('the copy guard changed no row');
    this.name = 'CopyGuardRefused';
  }
}

/** A copy whose transaction is still open: the caller decides whether it stays. */
export interface PendingCopy {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * How many copies may be pending at once. PostgreSQL: two, each on a connection of its own, so the
 * server works on the next chunk (on the other core) while the previous one finishes; the caller
 * commits them in order. PGlite has one connection in this very thread: one at a time.
 */
export const COPIES_IN_FLIGHT: Record<DatabaseDriver, number> = { postgres: 2, pglite: 1 };

/**
 * drizzle has no COPY; it keeps the driver's own client as `$client` (PostgreSQL: the pool; PGlite: the
 * instance), which is what COPY is asked of.
 */
const driverClient = (db: Database) => (db as unknown as { $client: unknown }).$client;

/**
 * Copies `text` (COPY text format, UTF-8) as the plan says and answers the open transaction. On PGlite
 * the transaction cannot stay open (other requests share its one connection and would land in it), so
 * it is committed before this answers; with one copy in flight the chunk before it has always been
 * settled by then, so there is nothing left to wait for.
 */
export async function startCopy(db: Database, driver: DatabaseDriver, plan: CopyPlan, text: Uint8Array<ArrayBuffer>, guard?: CopyGuard): Promise<PendingCopy> {
  if (driver === 'postgres') return startCopyPostgres(driverClient(db) as pg.Pool, plan, text, guard);
  await copyPglite(driverClient(db) as PGlite, plan, text, guard);
  return { commit: async () => {}, rollback: () => Promise.reject(new Error('a PGlite copy is committed at once')) };
}

async function startCopyPostgres(pool: pg.Pool, plan: CopyPlan, text: Uint8Array<ArrayBuffer>, guard: CopyGuard | undefined): Promise<PendingCopy> {
  const client = await pool.connect();
  // Ends the transaction and hands the connection back; one that failed is not reused (the pool
  // replaces it), whatever state the error left it in.
  const end = async (statement: 'commit' | 'rollback') => {
    try {
      await client.query(statement);
      client.release();
    } catch (error) {
      client.release(true);
      throw error;
    }
  };
  try {
    await client.query('begin');
    for (const statement of plan.before ?? []) await client.query(statement);
    const bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    await pipeline(Readable.from([bytes]), client.query(copyFrom(`copy ${plan.into} from stdin`)));
    for (const statement of plan.after ?? []) await client.query(statement);
  } catch (error) {
    await end('rollback').catch(() => {});
    throw error;
  }
  // The guard runs at the commit, not here: commits come in order, so two chunks of one job never wait
  // for each other's lock on its row.
  const commit = async () => {
    if (guard) {
      let changed: number | null;
      try {
        changed = (await client.query(guard.sql, guard.params)).rowCount;
      } catch (error) {
        await end('rollback').catch(() => {});
        throw error;
      }
      if (changed !== 1) {
        await end('rollback');
        throw new CopyGuardRefused();
      }
    }
    await end('commit');
  };
  return { commit, rollback: () => end('rollback') };
}

/** A guard's parameter as an SQL literal: a finite number, or a text quoted (standard_conforming_strings). */
function literal(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a copy guard takes finite numbers');
    return String(value);
  }
  if (value.includes('\0')) throw new Error('a copy guard takes no NUL characters');
  return `'${value.replaceAll("'", "''")}'`;
}

/** The guard as a statement that fails (division by zero, SQLSTATE 22012) unless it changed exactly one row. */
function guardStatement(guard: CopyGuard): string {
  const update = guard.sql.replace(/\$(\d+)/g, (_, n: string) => literal(guard.params[Number(n) - 1]!));
  return `with guarded as (${update} returning 1) select 1 / (case when count(*) = 1 then 1 else 0 end) from guarded`;
}

const isDivisionByZero = (error: unknown) => (error as { code?: string }).code === '22012';

async function copyPglite(pglite: PGlite, plan: CopyPlan, text: Uint8Array<ArrayBuffer>, guard: CopyGuard | undefined): Promise<void> {
  // PGlite reads a COPY's data from the `blob` option through its /dev/blob device.
  const copy = `copy ${plan.into} from '/dev/blob'`;
  const blob = new Blob([text]);
  if (guard) {
    // One round trip: the statements of one simple query run in one implicit transaction, so an error
    // anywhere (the guard's included) rolls back the copy. A PGlite call costs more than the guard.
    const statements = [...(plan.before ?? []), copy, ...(plan.after ?? []), guardStatement(guard)];
    await pglite.exec(statements.join(';\n'), { blob }).catch((error: unknown) => {
      throw isDivisionByZero(error) ? new CopyGuardRefused() : error;
    });
    return;
  }
  if (!plan.before?.length && !plan.after?.length) {
    await pglite.query(copy, [], { blob });
    return;
  }
  await pglite.transaction(async (tx) => {
    for (const statement of plan.before ?? []) await tx.exec(statement);
    await tx.query(copy, [], { blob });
    for (const statement of plan.after ?? []) await tx.exec(statement);
  });
}

/** The guard alone, when a chunk has nothing to copy: CopyGuardRefused unless it changes exactly one row. */
export async function runCopyGuard(db: Database, driver: DatabaseDriver, guard: CopyGuard): Promise<void> {
  const changed =
    driver === 'postgres'
      ? (await (driverClient(db) as pg.Pool).query(guard.sql, guard.params)).rowCount
      : (await (driverClient(db) as PGlite).query(guard.sql, guard.params)).affectedRows;
  if (changed !== 1) throw new CopyGuardRefused();
}
