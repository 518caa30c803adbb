import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseDriver } from '../../db/client';
import { IMPORT_STATUS_ERROR_LIMIT } from '../../../../src/api/contracts/import.contract';
import { COPIES_IN_FLIGHT, CopyGuardRefused, runCopyGuard, startCopy, type PendingCopy } from '../../db/copy-in';
import type { MessageId } from '../../lib/i18n';
import { endRunningJob, insertImportJob, progressGuard, updateRunningJob, type ImportProgress } from './import-job-store';
import type { ImportJob, ImportJobs } from './import-jobs';
import { IMPORT_LIMITS } from './import-limits';
import type { ImportTarget } from './import-targets';
import { orderedCommits } from './ordered-commits';
import type { ColumnMapping, ImportChunk } from './import-types';
import { uploadProblemMessage } from './upload-problems';
import { runWorkerTask } from './worker/worker-pool';
import type { WorkerReply } from './worker/worker-protocol';
import { UploadRefused } from './xlsx-file-check';

export interface ImportDeps {
  db: Database;
  driver: DatabaseDriver;
  log: FastifyBaseLogger;
  jobs: ImportJobs;
}

/**
 * Tests only: called before each chunk of a run is copied (`index` counts from 0 in this run), so a
 * test can hold an import partway and stop or "crash" the server there. `signal` aborts when the run
 * is stopped.
 */
export const importRunnerTestHooks: { beforeChunk?: (job: ImportJob, index: number, signal: AbortSignal) => Promise<void> | void } = {};

/** A run stopped by the shutdown (or taken over by another process): nothing more is written. */
class ImportStopped extends Error {
  constructor() {
    super('import stopped');
    this.name = 'ImportStopped';
  }
}

/**
 * Rows per chunk (one COPY, one transaction). PGlite runs in this very thread: a COPY holds the event
 * loop for as long as it takes, so its chunks are small and other requests get a turn between them.
 * PostgreSQL works in its own process; larger chunks mean fewer round trips and commits.
 */
export const CHUNK_ROWS: Record<DatabaseDriver, number> = { pglite: 500, postgres: 5000 };

export interface PreviewResult {
  headers: string[];
  rows: string[][];
  totalRows: number;
  mapping: ColumnMapping;
}

/** Parses only the first rows (in a worker) for the preview and the suggested mapping. */
export async function previewImport(job: ImportJob): Promise<PreviewResult> {
  let result: PreviewResult | null = null;
  let refused: UploadRefused | null = null;
  await runWorkerTask({ kind: 'preview', bytes: job.bytes!, entries: job.entries, fields: job.fields, previewRows: IMPORT_LIMITS.previewRows }, (reply) => {
    if (reply.kind === 'preview') result = { headers: reply.headers, rows: reply.rows, totalRows: reply.totalRows, mapping: reply.mapping };
    if (reply.kind === 'refused') refused = new UploadRefused(reply.problem);
  });
  if (refused) throw refused;
  if (!result) throw new UploadRefused('unreadable');
  const preview: PreviewResult = result;
  job.headers = preview.headers;
  job.totalRows = preview.totalRows;
  return preview;
}

function fail(job: ImportJob, ...messageIds: MessageId[]): void {
  if (job.status === 'failed') return;
  job.status = 'failed';
  job.failureIds = messageIds;
  job.finishedAt = Date.now();
}

/** A chunk on its way in, with the job's progress once it is committed (all chunks before it included). */
interface SentChunk {
  chunk: ImportChunk;
  index: number;
  progress: ImportProgress;
}

/**
 * Starts the import in the background once its record is in the database (a new job is inserted; a
 * resumed one was taken over by the caller) and returns; the page follows `job` through the status
 * route. The worker parses, maps, validates and writes the valid rows as COPY text; this thread only
 * copies them in, chunk after chunk, while the worker converts the next. Each chunk is one transaction
 * that also records the job's progress (db/copy-in.ts CopyGuard), committed whole or not at all, and
 * chunks commit in order (ordered-commits.ts); rows with errors never reach the database. A database
 * error stops the import: the chunks before it stay committed and the status says how many rows that
 * was. A resumed job (`job.processed` > 0) skips the data rows its earlier runs committed.
 */
export async function startImport(job: ImportJob, target: ImportTarget, mapping: ColumnMapping | null, deps: ImportDeps): Promise<void> {
  const { db, jobs, log } = deps;
  const owner = jobs.owner;
  const bytes = job.bytes!;
  job.mapping = mapping;
  // Taken at once, so a second commit of the same preview cannot start it again meanwhile.
  job.status = 'queued';
  if (!job.stored) {
    await insertImportJob(db, owner, {
      id: job.id,
      companyId: job.companyId,
      userId: job.userId,
      entity: job.entity,
      fileName: job.fileName,
      fileSize: job.fileSize,
      fileSha256: job.fileSha256,
      mapping,
      totalRows: job.totalRows,
    }).catch((error: unknown) => {
      job.status = 'uploaded';
      throw error;
    });
    job.stored = true;
  }
  job.bytes = null;
  job.updatedAt = Date.now();
  const skipRows = job.processed;
  const abort = new AbortController();
  // Status changes go to the database one after the other, never overtaking each other.
  let writes: Promise<unknown> = Promise.resolve();
  const write = (changes: Parameters<typeof updateRunningJob>[3]) => {
    writes = writes.then(() => updateRunningJob(db, job.id, owner, changes)).catch((error: unknown) => log.warn({ err: error, importId: job.id }, 'import status write failed'));
  };
  // Another process marked the job interrupted or took it over: this one lets go without a word more.
  const lost = () => {
    if (abort.signal.aborted) return;
    log.warn({ importId: job.id }, 'import taken over by another process; stopping here');
    abort.abort();
    jobs.forget(job.id);
  };

  const inserts = orderedCommits({
    inFlight: COPIES_IN_FLIGHT[deps.driver],
    async start({ chunk, index, progress }: SentChunk): Promise<PendingCopy> {
      // PGlite works in this thread: a turn of the event loop between chunks lets other requests in.
      await nextTurn();
      await importRunnerTestHooks.beforeChunk?.(job, index, abort.signal);
      if (abort.signal.aborted) throw new ImportStopped();
      const guard = progressGuard(job.id, owner, progress);
      if (chunk.count > 0) return startCopy(db, deps.driver, target.copy, chunk.copyText, guard);
      // Nothing to insert: the progress alone, written when this chunk's turn to commit comes.
      return { commit: () => runCopyGuard(db, deps.driver, guard), rollback: async () => {} };
    },
    committed({ chunk }) {
      job.inserted += chunk.count;
      job.failed += chunk.failed;
      job.processed += chunk.processed;
      job.lastRow = chunk.lastRow;
      job.updatedAt = Date.now();
      const shown = job.problems.length;
      jobs.addProblems(job, chunk.problems);
      job.refused.push(...chunk.refused);
      // The first problems, for a status read from the database; not needed exactly (a resume checks
      // the skipped rows again), so written beside the chunk rather than in its transaction.
      if (chunk.problems.length > 0 && shown <= IMPORT_STATUS_ERROR_LIMIT) {
        write({ problems: job.problems.slice(0, IMPORT_STATUS_ERROR_LIMIT), problemsTruncated: job.problemsTruncated || job.problems.length > IMPORT_STATUS_ERROR_LIMIT });
      }
    },
    stopped(error) {
      if (error instanceof ImportStopped) return;
      if (error instanceof CopyGuardRefused) return lost();
      log.error({ err: error, importId: job.id }, 'import insert failed');
      fail(job, 'errors.import_failed');
    },
  });

  // What the chunks sent so far add up to, so each one's transaction records the progress it leaves.
  const sent = { processed: job.processed, inserted: job.inserted, failed: job.failed };
  let chunks = 0;
  let rowsSent = 0;
  // Said once the chunks sent before it are committed, so a failed status never shows a count that
  // still grows.
  let refusal: MessageId[] | null = null;
  const onReply = (reply: WorkerReply) => {
    if (abort.signal.aborted) return;
    if (reply.kind === 'started') {
      job.status = 'importing';
      job.parsedAt = Date.now();
      job.headers = reply.headers;
      job.totalRows = reply.totalRows;
      job.mapping = reply.mapping;
      write({ status: 'importing', parsedAt: new Date(job.parsedAt), totalRows: job.totalRows, mapping: job.mapping });
    } else if (reply.kind === 'chunk') {
      const { chunk } = reply;
      rowsSent += chunk.count;
      sent.processed += chunk.processed;
      sent.inserted += chunk.count;
      sent.failed += chunk.failed;
      const progress: ImportProgress = { processed: sent.processed, inserted: sent.inserted, failed: sent.failed, lastRow: chunk.lastRow };
      inserts.add({ chunk, index: chunks++, progress });
    } else if (reply.kind === 'refused') {
      // The sheet is read as it is imported, so a break further down is met after rows went in: say
      // so, or the user imports the file again and has those rows twice.
      const problem = uploadProblemMessage(reply.problem, job.entity);
      refusal = rowsSent > 0 || skipRows > 0 ? [problem, 'errors.import_stopped_partway'] : [problem];
    } else if (reply.kind === 'mapping') {
      refusal = ['validation.import_mapping_required'];
    }
  };

  // The end as it is recorded: the counts are those of the committed chunks.
  const end = (status: 'done' | 'failed' | 'interrupted') =>
    endRunningJob(db, job.id, owner, {
      status,
      failureIds: status === 'failed' ? job.failureIds : [],
      processed: job.processed,
      inserted: job.inserted,
      failed: job.failed,
      lastRow: job.lastRow,
      problems: job.problems,
      problemsTruncated: job.problemsTruncated || job.problems.length > IMPORT_STATUS_ERROR_LIMIT,
    });

  // Set once the run has decided how it ends; a shutdown then waits for that instead of interrupting.
  let ending: Promise<void> | null = null;
  jobs.running(job.id, {
    async stop() {
      if (ending) return ending;
      if (abort.signal.aborted) return;
      abort.abort();
      await inserts.finished();
      await writes;
      await end('interrupted');
      job.status = 'interrupted';
      jobs.forget(job.id);
      log.info({ importId: job.id, processed: job.processed, inserted: job.inserted }, 'import interrupted by the shutdown');
    },
  });

  const task = {
    kind: 'import' as const,
    bytes,
    entries: job.entries,
    fields: job.fields,
    entity: job.entity,
    context: job.context,
    mapping,
    companyId: job.companyId,
    chunkRows: CHUNK_ROWS[deps.driver],
    maxReportedRows: IMPORT_LIMITS.maxReportedErrorRows,
    skipRows,
  };
  const markParsing = () => {
    if (abort.signal.aborted) return;
    job.status = 'parsing';
    job.startedAt = Date.now();
    write({ status: 'parsing', startedAt: new Date(job.startedAt) });
  };
  const run = async () => {
    let workerError: unknown = null;
    await runWorkerTask(task, onReply, markParsing).catch((error: unknown) => {
      workerError = error;
    });
    await inserts.finished();
    // Stopped by the shutdown (which records it) or taken over: nothing more to say.
    if (abort.signal.aborted) return;
    if (workerError) {
      log.error({ err: workerError, importId: job.id }, 'import worker failed');
      fail(job, 'errors.import_failed');
    } else if (refusal) {
      fail(job, ...refusal);
    }
    if (job.status !== 'failed') {
      job.status = 'done';
      job.finishedAt = Date.now();
      log.info({ importId: job.id, entity: job.entity, inserted: job.inserted, failed: job.failed, ms: job.finishedAt - (job.startedAt ?? job.createdAt) }, 'import done');
    }
    const status = job.status;
    ending = (async () => {
      await writes;
      if (!(await end(status))) lost();
    })();
    await ending;
  };
  void run()
    .catch((error: unknown) => log.error({ err: error, importId: job.id }, 'import end not recorded'))
    .finally(() => jobs.ended(job.id));
}
