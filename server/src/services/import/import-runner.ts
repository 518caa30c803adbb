import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseDriver } from '../../db/client';
import { COPIES_IN_FLIGHT, startCopy } from '../../db/copy-in';
import type { MessageId } from '../../lib/i18n';
import { addProblems, type ImportJob } from './import-jobs';
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

/**
 * Starts the import in the background and returns at once; the page follows `job` through the status
 * route. The worker parses, maps, validates and writes the valid rows as COPY text; this thread only
 * copies them in, chunk after chunk, while the worker converts the next. Each chunk is one transaction,
 * committed whole or not at all, and chunks commit in order (ordered-commits.ts); rows with errors never
 * reach the database. A database error stops the import: the chunks before it stay committed and the
 * status says how many rows that was.
 */
export function startImport(job: ImportJob, target: ImportTarget, mapping: ColumnMapping | null, deps: ImportDeps): void {
  const bytes = job.bytes!;
  job.bytes = null;
  job.mapping = mapping;
  job.status = 'queued';
  const inserts = orderedCommits({
    inFlight: COPIES_IN_FLIGHT[deps.driver],
    async start(chunk: ImportChunk) {
      // PGlite works in this thread: a turn of the event loop between chunks lets other requests in.
      await nextTurn();
      return chunk.count > 0 ? startCopy(deps.db, deps.driver, target.copy, chunk.copyText) : null;
    },
    committed(chunk) {
      job.inserted += chunk.count;
      job.failed += chunk.failed;
      job.processed += chunk.processed;
      addProblems(job, chunk.problems);
      job.refused.push(...chunk.refused);
    },
    stopped(error) {
      deps.log.error({ err: error, importId: job.id }, 'import insert failed');
      fail(job, 'errors.import_failed');
    },
  });

  let rowsSent = 0;
  // Said once the chunks sent before it are committed, so a failed status never shows a count that
  // still grows.
  let refusal: MessageId[] | null = null;
  const onReply = (reply: WorkerReply) => {
    if (reply.kind === 'started') {
      job.status = 'importing';
      job.parsedAt = Date.now();
      job.headers = reply.headers;
      job.totalRows = reply.totalRows;
      job.mapping = reply.mapping;
    } else if (reply.kind === 'chunk') {
      rowsSent += reply.chunk.count;
      inserts.add(reply.chunk);
    } else if (reply.kind === 'refused') {
      // The sheet is read as it is imported, so a break further down is met after rows went in: say
      // so, or the user imports the file again and has those rows twice.
      const problem = uploadProblemMessage(reply.problem, job.entity);
      refusal = rowsSent > 0 ? [problem, 'errors.import_stopped_partway'] : [problem];
    } else if (reply.kind === 'mapping') {
      refusal = ['validation.import_mapping_required'];
    }
  };

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
  };
  const markParsing = () => {
    job.status = 'parsing';
    job.startedAt = Date.now();
  };
  void runWorkerTask(task, onReply, markParsing)
    .then(() => inserts.finished())
    .then(() => {
      if (refusal) fail(job, ...refusal);
      if (job.status === 'failed') return;
      job.status = 'done';
      job.finishedAt = Date.now();
      deps.log.info({ importId: job.id, entity: job.entity, inserted: job.inserted, failed: job.failed, ms: job.finishedAt - (job.startedAt ?? job.createdAt) }, 'import done');
    })
    .catch((error: unknown) => {
      deps.log.error({ err: error, importId: job.id }, 'import worker failed');
      fail(job, 'errors.import_failed');
    });
}
