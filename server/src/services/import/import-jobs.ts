import { randomUUID } from 'node:crypto';
import type { ImportEntity, ImportStatusName } from '../../../../src/api/contracts/import.contract';
import type { MessageId } from '../../lib/i18n';
import { notFound } from '../../lib/errors';
import { IMPORT_LIMITS } from './import-limits';
import type { ColumnMapping, ImportFieldSpec, RefusedRow, RowProblem } from './import-types';
import type { ZipEntry } from './zip-directory';

/**
 * Import jobs live in the memory of the process that received the upload: the file itself is there
 * (up to 20 MB, not worth a database round trip), and a job is worth keeping only for as long as
 * someone watches its progress. Behind a load balancer, `<entity>/import*` must reach the same process
 * (sticky sessions, as socket.io's polling transport already needs). docs/import-export.md.
 */
export interface ImportJob {
  id: string;
  entity: ImportEntity;
  companyId: number;
  userId: number;
  fileName: string;
  /** The upload, kept until the import starts. */
  bytes: Uint8Array | null;
  entries: ZipEntry[];
  fields: ImportFieldSpec[];
  context: unknown;
  headers: string[];
  mapping: ColumnMapping | null;
  status: ImportStatusName;
  totalRows: number;
  processed: number;
  inserted: number;
  failed: number;
  problems: RowProblem[];
  problemsTruncated: boolean;
  refused: RefusedRow[];
  /** Why the import failed, said in these messages one after the other (empty unless `failed`). */
  failureIds: MessageId[];
  createdAt: number;
  startedAt: number | null;
  /** When the worker had read the file and the first rows could go in. */
  parsedAt: number | null;
  finishedAt: number | null;
}

/** Finished or abandoned jobs are forgotten after this long. */
const JOB_TTL_MS = 30 * 60_000;
/** Uploads waiting for their mapping, per company; the oldest goes first. */
const MAX_WAITING_PER_COMPANY = 5;
/** Problems kept per job (the count of refused rows stays exact). */
const MAX_PROBLEMS = IMPORT_LIMITS.maxReportedErrorRows * 3;

const jobs = new Map<string, ImportJob>();

function sweep(now: number): void {
  for (const [id, job] of jobs) {
    const last = job.finishedAt ?? job.createdAt;
    const idle = job.status === 'uploaded' || job.finishedAt !== null;
    if (idle && now - last > JOB_TTL_MS) jobs.delete(id);
  }
}

function evictWaiting(companyId: number): void {
  const waiting = [...jobs.values()].filter((job) => job.companyId === companyId && job.status === 'uploaded');
  waiting.sort((a, b) => a.createdAt - b.createdAt);
  while (waiting.length >= MAX_WAITING_PER_COMPANY) jobs.delete(waiting.shift()!.id);
}

export function createImportJob(init: Pick<ImportJob, 'entity' | 'companyId' | 'userId' | 'fileName' | 'bytes' | 'entries' | 'fields' | 'context'>): ImportJob {
  const now = Date.now();
  sweep(now);
  evictWaiting(init.companyId);
  const job: ImportJob = {
    ...init,
    id: randomUUID(),
    headers: [],
    mapping: null,
    status: 'uploaded',
    totalRows: 0,
    processed: 0,
    inserted: 0,
    failed: 0,
    problems: [],
    problemsTruncated: false,
    refused: [],
    failureIds: [],
    createdAt: now,
    startedAt: null,
    parsedAt: null,
    finishedAt: null,
  };
  jobs.set(job.id, job);
  return job;
}

/** The job, only within its company and entity; anything else is a 404 like a missing one. */
export function findImportJob(id: string, companyId: number, entity: ImportEntity): ImportJob {
  const job = jobs.get(id);
  if (!job || job.companyId !== companyId || job.entity !== entity) throw notFound();
  return job;
}

export function addProblems(job: ImportJob, problems: readonly RowProblem[]): void {
  const room = MAX_PROBLEMS - job.problems.length;
  if (problems.length > room) job.problemsTruncated = true;
  if (room > 0) job.problems.push(...problems.slice(0, room));
}

export function forgetImportJob(id: string): void {
  jobs.delete(id);
}
