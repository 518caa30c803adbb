import { and, desc, eq, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataDestroyJob } from '../../../../src/api/contracts/admin-company.contract';
import type { Database } from '../../db/client';
import { companyDataDestroyJobs, type CompanyDataDestroyJobRow } from '../../db/schema';
import { statementRows } from '../../db/statement-rows';

/**
 * `management/company/data/destroy` (CONTRACT §14, docs/admin-companies.md "Destroying a company's
 * data"): every row of every table with a `company_id` column that names the company, except the tables
 * below, deleted in the background in small batches so the other companies' requests keep their pace.
 *
 * The tables are read from the database's catalogue when the job starts (`information_schema`), not
 * listed here: a table added later is emptied without a line of this file. What is kept is listed, each
 * with its reason, and server/test/admin-companies/admin-companies.test.ts ("data destroy") fails when a table
 * with `company_id` keeps rows of the company that this list does not name.
 */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  users: "the company's people keep their accounts, so its managers can sign in to the emptied company and start again",
  user_avatars: "part of a kept user's account (the photo)",
  agent_api_keys: "kept users' sign-in keys (credentials, not call-centre data)",
  company_api_keys: "the company's own sign-in keys (credentials, not call-centre data)",
};

/** Rows per DELETE: short statements, so other requests on the same database wait little between them. */
export const DESTROY_BATCH_ROWS = 5000;
/**
 * After each batch the job rests as long as the batch took (at least this long): the destroy holds the
 * database at most about half of the time, whatever the machine. PGlite has one connection, so there
 * the rest is what lets the other companies' requests through at all.
 */
const MIN_REST_MS = 5;
/** A running job whose heartbeat is older than this died with its process: a new one may start. */
export const STALE_JOB_MS = 120_000;

/**
 * The tables holding the company's data, children before the tables they reference (foreign keys
 * among them), so no delete waits on a reference that a later table would remove.
 */
export async function companyDataTables(db: Database): Promise<string[]> {
  const tables = statementRows<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'company_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name`),
  )
    .map((row) => row.table_name)
    .filter((name) => !(name in KEPT_TABLES));
  const references = statementRows<{ child: string; parent: string }>(
    await db.execute(sql`
      select ch.relname as child, pa.relname as parent from pg_constraint k
      join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`),
  );
  const set = new Set(tables);
  // Topological order: a table goes once every table that references it has gone.
  const children = new Map<string, Set<string>>(tables.map((name) => [name, new Set()]));
  for (const { child, parent } of references) {
    if (child !== parent && set.has(child) && set.has(parent)) children.get(parent)!.add(child);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const child of children.get(name) ?? []) place(child, path);
    path.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of tables) place(name, new Set());
  return ordered;
}

export function toJobRecord(row: CompanyDataDestroyJobRow, now = Date.now()): DataDestroyJob {
  const stale = row.state === 'running' && now - row.heartbeatAt.getTime() > STALE_JOB_MS;
  return {
    id: row.id,
    company_id: row.targetCompanyId,
    state: stale ? 'failed' : row.state,
    total: row.total,
    deleted: row.deleted,
    current_table: row.state === 'running' && !stale ? row.currentTable : null,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: stale ? 'interrupted' : row.error,
  };
}

export async function latestJob(db: Database, companyId: number): Promise<CompanyDataDestroyJobRow | null> {
  const [row] = await db
    .select()
    .from(companyDataDestroyJobs)
    .where(eq(companyDataDestroyJobs.targetCompanyId, companyId))
    .orderBy(desc(companyDataDestroyJobs.id))
    .limit(1);
  return row ?? null;
}

/** A running job whose process died: failed, "interrupted" (only while it still says running). */
export async function markInterrupted(db: Database, jobId: number): Promise<void> {
  await db
    .update(companyDataDestroyJobs)
    .set({ state: 'failed', error: 'interrupted', finishedAt: new Date(), currentTable: null })
    .where(and(eq(companyDataDestroyJobs.id, jobId), eq(companyDataDestroyJobs.state, 'running')));
}

/**
 * Runs the jobs this process started. `close()` (the app's onClose) stops them after their current
 * batch; a job stopped so, or whose process died, shows as failed ("interrupted") and may be started
 * again: what was deleted stays deleted, the new job deletes the rest.
 */
export class DataDestroyRunner {
  private stopping = false;
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: { error: (obj: object, msg: string) => void },
  ) {}

  /** Whether this process runs a job for the company now. */
  isRunning(companyId: number): boolean {
    return this.running.has(companyId);
  }

  /** Records the job and starts it in the background; answers the job's row as started. */
  async start(companyId: number, startedBy: number): Promise<CompanyDataDestroyJobRow> {
    const [job] = await this.db.insert(companyDataDestroyJobs).values({ targetCompanyId: companyId, startedBy }).returning();
    if (!job) throw new Error('data destroy job not recorded');
    const work = this.run(job.id, companyId)
      .catch(async (error: unknown) => {
        this.log.error({ err: error, companyId, job: job.id }, 'company data destroy failed');
        await this.db
          .update(companyDataDestroyJobs)
          .set({ state: 'failed', error: 'failed', finishedAt: new Date(), currentTable: null })
          .where(eq(companyDataDestroyJobs.id, job.id))
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(companyId));
    this.running.set(companyId, work);
    return job;
  }

  /** Waits for the jobs of this process (tests; close()). */
  async settled(): Promise<void> {
    await Promise.all([...this.running.values()]);
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }

  private async run(jobId: number, companyId: number): Promise<void> {
    // Let the request that started the job answer first.
    await sleep(0);
    const tables = await companyDataTables(this.db);
    let total = 0;
    for (const table of tables) {
      const [row] = statementRows<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${companyId}`));
      total += row?.n ?? 0;
    }
    const job = eq(companyDataDestroyJobs.id, jobId);
    await this.db.update(companyDataDestroyJobs).set({ total, heartbeatAt: new Date() }).where(job);
    for (const table of tables) {
      const name = sql.identifier(table);
      await this.db.update(companyDataDestroyJobs).set({ currentTable: table, heartbeatAt: new Date() }).where(job);
      for (;;) {
        if (this.stopping) {
          await this.db.update(companyDataDestroyJobs).set({ state: 'failed', error: 'interrupted', finishedAt: new Date(), currentTable: null }).where(job);
          return;
        }
        const started = performance.now();
        const [row] = statementRows<{ n: number }>(
          await this.db.execute(sql`
            with gone as (
              delete from ${name} where ctid = any(array(select ctid from ${name} where company_id = ${companyId} limit ${DESTROY_BATCH_ROWS}))
              returning 1
            ) select count(*)::int as n from gone`),
        );
        const deleted = row?.n ?? 0;
        if (deleted > 0) {
          await this.db
            .update(companyDataDestroyJobs)
            .set({ deleted: sql`${companyDataDestroyJobs.deleted} + ${deleted}`, heartbeatAt: new Date() })
            .where(job);
        }
        const took = performance.now() - started;
        await sleep(Math.max(MIN_REST_MS, took));
        if (deleted < DESTROY_BATCH_ROWS) break;
      }
    }
    await this.db
      .update(companyDataDestroyJobs)
      .set({ state: 'done', finishedAt: new Date(), currentTable: null, heartbeatAt: new Date() })
      .where(and(job, eq(companyDataDestroyJobs.state, 'running')));
  }
}
