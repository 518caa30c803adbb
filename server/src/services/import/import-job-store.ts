import { and, desc, eq, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { IMPORT_RUNNING_STATUSES, IMPORT_STATUS_ERROR_LIMIT, type ImportEntity, type ImportStatusName } from '../../../../src/api/contracts/import.contract';
import type { Database, DatabaseDriver } from '../../db/client';
import type { CompanyScope } from '../../db/company-scope';
import type { CopyGuard } from '../../db/copy-in';
import { importJobs, type ImportJobRow, type StoredImportProblem } from '../../db/schema/imports';
import type { MessageId } from '../../lib/i18n';
import type { ColumnMapping, RowProblem } from './import-types';

/**
 * Started imports in the database (table `import_jobs`; docs/import-export.md "Imports survive a
 * restart"). Every write of a running job is fenced: it applies only while the job is still running
 * and still owned by the app instance writing, so a process that was taken for dead (or a second app
 * on the same PGlite, in tests) can never move a job another one has marked interrupted or resumed.
 */

const RUNNING: readonly ImportStatusName[] = IMPORT_RUNNING_STATUSES;
/** How often an owner says its running jobs are alive (besides every committed chunk). */
export const HEARTBEAT_MS = 10_000;
/** A running job whose owner has been silent this long is interrupted (PostgreSQL, several processes). */
export const SILENT_AFTER_MS = 30_000;
/** Ended jobs (done, failed, interrupted and never resumed) are deleted this long after their last change. */
export const KEEP_ENDED_DAYS = 7;

/** What the status route answers, whether the job is in this process's memory or only in the database. */
export interface ImportJobView {
  id: string;
  entity: ImportEntity;
  fileName: string;
  status: ImportStatusName;
  totalRows: number;
  processed: number;
  inserted: number;
  failed: number;
  problems: RowProblem[];
  problemsTruncated: boolean;
  /** Why the import failed, said in these messages one after the other (empty unless `failed`). */
  failureIds: MessageId[];
  startedAt: number | null;
  /** When the worker had read the file and the first rows could go in. */
  parsedAt: number | null;
  finishedAt: number | null;
  /** The sheet row number of the last committed row; 0 before the first chunk. */
  lastRow: number;
  /** The last sign of life (progress or heartbeat). */
  updatedAt: number;
}

/** Whose job: the caller's own, of this entity, in the caller's company (anything else is a 404). */
export interface ImportJobKey {
  scope: CompanyScope;
  userId: number;
  entity: ImportEntity;
}

/** The counts a committed chunk leaves (all chunks before it included), written in that chunk's own transaction. */
export interface ImportProgress {
  processed: number;
  inserted: number;
  failed: number;
  lastRow: number;
}

const time = (date: Date | null) => (date ? date.getTime() : null);
const storedProblems = (problems: readonly RowProblem[]): StoredImportProblem[] =>
  problems.slice(0, IMPORT_STATUS_ERROR_LIMIT).map((p) => ({ row: p.row, field: p.field, column: p.column, message_id: p.messageId }));

export function viewOfRow(row: ImportJobRow): ImportJobView {
  return {
    id: row.id,
    entity: row.entity,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    processed: row.processed,
    inserted: row.inserted,
    failed: row.failed,
    problems: row.problems.map((p) => ({ row: p.row, field: p.field, column: p.column, messageId: p.message_id as MessageId })),
    problemsTruncated: row.problemsTruncated,
    failureIds: row.failureIds as MessageId[],
    startedAt: time(row.startedAt),
    parsedAt: time(row.parsedAt),
    finishedAt: time(row.finishedAt),
    lastRow: row.lastRow,
    updatedAt: row.updatedAt.getTime(),
  };
}

const keyed = (key: ImportJobKey, ...conditions: SQL[]) =>
  key.scope.where(importJobs, eq(importJobs.userId, key.userId), eq(importJobs.entity, key.entity), ...conditions);

/**
 * Running jobs whose owner is gone. PGlite is one process (its data directory cannot be shared): a job
 * this app instance does not own has nobody. PostgreSQL may have several app processes: an owner is
 * gone once it has been silent for SILENT_AFTER_MS (it writes every HEARTBEAT_MS).
 */
function ownerGone(driver: DatabaseDriver, owner: string): SQL {
  const notMine = or(isNull(importJobs.owner), ne(importJobs.owner, owner)) as SQL;
  if (driver === 'pglite') return notMine;
  return and(notMine, lt(importJobs.updatedAt, sql`now() - ${sql.raw(`interval '${SILENT_AFTER_MS / 1000} seconds'`)}`)) as SQL;
}

/** Marks the running jobs (matching `conditions`) whose owner is gone as interrupted. */
export async function markInterrupted(db: Database, driver: DatabaseDriver, owner: string, condition?: SQL): Promise<number> {
  const rows = await db
    .update(importJobs)
    .set({ status: 'interrupted', owner: null })
    .where(and(inArray(importJobs.status, RUNNING), ownerGone(driver, owner), condition))
    .returning({ id: importJobs.id });
  return rows.length;
}

/** The record of an import that starts now, owned by `owner`. */
export async function insertImportJob(
  db: Database,
  owner: string,
  job: { id: string; companyId: number; userId: number; entity: ImportEntity; fileName: string; fileSize: number; fileSha256: string; mapping: ColumnMapping | null; totalRows: number },
): Promise<void> {
  await db.insert(importJobs).values({ ...job, status: 'queued', owner });
}

const fenced = (id: string, owner: string) => and(eq(importJobs.id, id), eq(importJobs.owner, owner), inArray(importJobs.status, RUNNING));

/** A change to a running job of `owner`; false when it is no longer running or no longer its own. */
export async function updateRunningJob(
  db: Database,
  id: string,
  owner: string,
  changes: Partial<Pick<ImportJobRow, 'status' | 'totalRows' | 'mapping' | 'startedAt' | 'parsedAt' | 'problemsTruncated'>> & { problems?: RowProblem[] },
): Promise<boolean> {
  const { problems, ...rest } = changes;
  const rows = await db
    .update(importJobs)
    .set({ ...rest, ...(problems ? { problems: storedProblems(problems) } : {}), updatedAt: sql`now()` })
    .where(fenced(id, owner))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

const column = (c: { name: string }) => `"${c.name}"`;
/**
 * The progress a chunk leaves, as the last statement of its own transaction (db/copy-in.ts CopyGuard),
 * fenced like every write of a running job. Written out once rather than built per chunk: it runs for
 * every chunk, and on PGlite the import's own thread pays for building it.
 */
const PROGRESS_SQL =
  `update "import_jobs" set ${column(importJobs.processed)} = $1, ${column(importJobs.inserted)} = $2, ${column(importJobs.failed)} = $3, ` +
  `${column(importJobs.lastRow)} = $4, ${column(importJobs.updatedAt)} = now() ` +
  `where ${column(importJobs.id)} = $5 and ${column(importJobs.owner)} = $6 and ${column(importJobs.status)} in (${RUNNING.map((status) => `'${status}'`).join(', ')})`;

export function progressGuard(id: string, owner: string, progress: ImportProgress): CopyGuard {
  return { sql: PROGRESS_SQL, params: [progress.processed, progress.inserted, progress.failed, progress.lastRow, id, owner] };
}

/** The end of a run of `owner`: done, failed, or interrupted by a shutdown. False if it was not its own any more. */
export async function endRunningJob(
  db: Database,
  id: string,
  owner: string,
  end: ImportProgress & { status: 'done' | 'failed' | 'interrupted'; failureIds: MessageId[]; problems: RowProblem[]; problemsTruncated: boolean },
): Promise<boolean> {
  const { problems, ...rest } = end;
  const rows = await db
    .update(importJobs)
    .set({
      ...rest,
      problems: storedProblems(problems),
      owner: null,
      updatedAt: sql`now()`,
      ...(end.status === 'interrupted' ? {} : { finishedAt: sql`now()` }),
    })
    .where(fenced(id, owner))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

/** Tells that `owner`'s running jobs are alive. */
export async function heartbeat(db: Database, owner: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(importJobs)
    .set({ updatedAt: sql`now()` })
    .where(and(inArray(importJobs.id, ids), eq(importJobs.owner, owner), inArray(importJobs.status, RUNNING)));
}

/** The caller's job by id (a running one whose owner is gone is interrupted first); null if none. */
export async function readImportJob(db: Database, driver: DatabaseDriver, owner: string, key: ImportJobKey, id: string): Promise<ImportJobRow | null> {
  await markInterrupted(db, driver, owner, keyed(key, eq(importJobs.id, id)));
  const [row] = await db.select().from(importJobs).where(keyed(key, eq(importJobs.id, id)));
  return row ?? null;
}

/** The caller's interrupted imports of the entity, latest first (optionally only those of one file). */
export async function interruptedImportJobs(db: Database, driver: DatabaseDriver, owner: string, key: ImportJobKey, fileSha256?: string): Promise<ImportJobRow[]> {
  await markInterrupted(db, driver, owner, keyed(key));
  return db
    .select()
    .from(importJobs)
    .where(keyed(key, eq(importJobs.status, 'interrupted'), ...(fileSha256 ? [eq(importJobs.fileSha256, fileSha256)] : [])))
    .orderBy(desc(importJobs.createdAt))
    .limit(10);
}

/** Takes an interrupted job over for a resume; null if it is not (any more) interrupted. */
export async function claimInterruptedJob(db: Database, owner: string, key: ImportJobKey, id: string): Promise<ImportJobRow | null> {
  const [row] = await db
    .update(importJobs)
    .set({ status: 'queued', owner, failureIds: [], finishedAt: null, updatedAt: sql`now()` })
    .where(keyed(key, eq(importJobs.id, id), eq(importJobs.status, 'interrupted')))
    .returning();
  return row ?? null;
}

/** Forgets an ended job of the caller (its rows stay); false if there is none or it is running. */
export async function discardImportJob(db: Database, key: ImportJobKey, id: string): Promise<boolean> {
  const rows = await db
    .delete(importJobs)
    .where(keyed(key, eq(importJobs.id, id), inArray(importJobs.status, ['done', 'failed', 'interrupted'])))
    .returning({ id: importJobs.id });
  return rows.length === 1;
}

/** Start-up and periodic clean-up: running jobs of gone owners are interrupted; old ended ones go. */
export async function sweepImportJobs(db: Database, driver: DatabaseDriver, owner: string): Promise<void> {
  await markInterrupted(db, driver, owner);
  await db
    .delete(importJobs)
    .where(and(inArray(importJobs.status, ['done', 'failed', 'interrupted']), lt(importJobs.updatedAt, sql`now() - ${sql.raw(`interval '${KEEP_ENDED_DAYS} days'`)}`)));
}
