import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportEntity } from '../../../../src/api/contracts/import.contract';
import type { Database, DatabaseDriver } from '../../db/client';
import { IMPORT_LIMITS } from './import-limits';
import type { ImportJobRow } from '../../db/schema/imports';
import { HEARTBEAT_MS, heartbeat, sweepImportJobs, viewOfRow, type ImportJobView } from './import-job-store';
import type { ColumnMapping, ImportFieldSpec, RefusedRow, RowProblem } from './import-types';
import type { ZipEntry } from './zip-directory';

/**
 * An import as this process holds it: a preview waiting for its mapping (with the uploaded bytes), or
 * a running or recently ended job (with the refused rows for the error report). Started jobs are also
 * in the database (import-job-store.ts), which is what a restarted server or another process reads;
 * previews and error reports live here only. docs/import-export.md.
 */
export interface ImportJob extends ImportJobView {
  companyId: number;
  userId: number;
  /** The upload, kept until the import starts. */
  bytes: Uint8Array | null;
  fileSize: number;
  fileSha256: string;
  entries: ZipEntry[];
  fields: ImportFieldSpec[];
  context: unknown;
  /** The upload's other form fields, for the context again at the commit (ImportTarget.loadContext). */
  params?: Readonly<Record<string, string>>;
  headers: string[];
  mapping: ColumnMapping | null;
  refused: RefusedRow[];
  createdAt: number;
  /** It has a row in `import_jobs` (started, or taken over for a resume). */
  stored: boolean;
}

/**
 * An interrupted job taken over for a resume (`row` as claimed), with the same file uploaded again: the
 * counts go on from the committed ones; the problems list is rebuilt, since the run checks the skipped
 * rows again for the error report.
 */
export function resumedJob(
  row: ImportJobRow,
  upload: Pick<ImportJob, 'companyId' | 'userId' | 'bytes' | 'fileSha256' | 'entries' | 'fields' | 'context'>,
): ImportJob {
  return {
    ...viewOfRow(row),
    ...upload,
    fileSize: row.fileSize,
    headers: [],
    mapping: row.mapping,
    problems: [],
    problemsTruncated: false,
    refused: [],
    failureIds: [],
    createdAt: row.createdAt.getTime(),
    stored: true,
  };
}

/** A running import, as the shutdown stops it. */
export interface ImportRun {
  /** Stops sending chunks, waits for those in flight, records the job as interrupted. */
  stop(): Promise<void>;
}

/** Ended jobs and idle previews are forgotten (here) after this long. */
const JOB_TTL_MS = 30 * 60_000;
/** Uploads waiting for their mapping, per user; that user's oldest goes first. */
const MAX_WAITING_PER_USER = 5;
/** All waiting uploads of this process together (a safety valve: the oldest of anyone goes first). */
const MAX_WAITING_BYTES = 256 * 1024 * 1024;
/** Problems kept per job (the count of refused rows stays exact). */
const MAX_PROBLEMS = IMPORT_LIMITS.maxReportedErrorRows * 3;
/** The database clean-up runs at start and then this often. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The imports of one app instance. `owner` names it in `import_jobs.owner`: a process start is a new
 * owner, so a restarted server recognises the jobs of its previous life as nobody's.
 */
export class ImportJobs {
  readonly owner = randomUUID();
  private readonly jobs = new Map<string, ImportJob>();
  private readonly runs = new Map<string, ImportRun>();
  private timer: NodeJS.Timeout | null = null;
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly driver: DatabaseDriver,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Keeps the heartbeat, and interrupts the jobs of gone owners and deletes old ended ones now (a
   * failure there is logged, not fatal: the next sweep and every status read do it again).
   */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.tick(), HEARTBEAT_MS);
    this.timer.unref();
    await this.sweepDatabase().catch((error: unknown) => this.log.warn({ err: error }, 'import jobs sweep failed'));
  }

  /** Shutdown: every running import stops after its chunks in flight and is recorded as interrupted. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.runs.values()].map((run) => run.stop().catch((error: unknown) => this.log.error({ err: error }, 'import stop failed'))));
  }

  createPreview(
    init: Pick<ImportJob, 'entity' | 'companyId' | 'userId' | 'fileName' | 'bytes' | 'fileSha256' | 'entries' | 'fields' | 'context' | 'params'>,
  ): ImportJob {
    const now = Date.now();
    this.sweepMemory(now);
    this.evictWaiting(init.userId, init.bytes?.length ?? 0);
    const job: ImportJob = {
      ...init,
      id: randomUUID(),
      fileSize: init.bytes?.length ?? 0,
      headers: [],
      mapping: null,
      status: 'uploaded',
      totalRows: 0,
      processed: 0,
      inserted: 0,
      failed: 0,
      lastRow: 0,
      problems: [],
      problemsTruncated: false,
      refused: [],
      failureIds: [],
      createdAt: now,
      startedAt: null,
      parsedAt: null,
      finishedAt: null,
      updatedAt: now,
      stored: false,
    };
    this.jobs.set(job.id, job);
    return job;
  }

  /** Holds a job taken over from the database (a resume). */
  adopt(job: ImportJob): void {
    this.sweepMemory(Date.now());
    this.jobs.set(job.id, job);
  }

  /** The caller's own job of this entity, if this process holds it. */
  find(id: string, companyId: number, userId: number, entity: ImportEntity): ImportJob | undefined {
    const job = this.jobs.get(id);
    return job && job.companyId === companyId && job.userId === userId && job.entity === entity ? job : undefined;
  }

  forget(id: string): void {
    this.jobs.delete(id);
    this.runs.delete(id);
  }

  running(id: string, run: ImportRun): void {
    this.runs.set(id, run);
  }

  ended(id: string): void {
    this.runs.delete(id);
  }

  addProblems(job: ImportJob, problems: readonly RowProblem[]): void {
    const room = MAX_PROBLEMS - job.problems.length;
    if (problems.length > room) job.problemsTruncated = true;
    if (room > 0) job.problems.push(...problems.slice(0, room));
  }

  private async tick(): Promise<void> {
    try {
      // PGlite is one process: nobody else could take its jobs for dead, so it needs no heartbeat.
      if (this.driver === 'postgres') await heartbeat(this.db, this.owner, [...this.runs.keys()]);
      if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) await this.sweepDatabase();
    } catch (error) {
      this.log.warn({ err: error }, 'import heartbeat failed');
    }
  }

  private async sweepDatabase(): Promise<void> {
    this.lastSweep = Date.now();
    await sweepImportJobs(this.db, this.driver, this.owner);
  }

  private sweepMemory(now: number): void {
    for (const [id, job] of this.jobs) {
      const last = job.finishedAt ?? job.createdAt;
      const idle = job.status === 'uploaded' || job.finishedAt !== null;
      if (idle && now - last > JOB_TTL_MS) this.jobs.delete(id);
    }
  }

  /** Room for one more waiting upload of `userId` (`bytes` long): that user's oldest, then anyone's oldest. */
  private evictWaiting(userId: number, bytes: number): void {
    const waiting = [...this.jobs.values()].filter((job) => job.status === 'uploaded').sort((a, b) => a.createdAt - b.createdAt);
    const own = waiting.filter((job) => job.userId === userId);
    while (own.length >= MAX_WAITING_PER_USER) {
      const oldest = own.shift()!;
      this.jobs.delete(oldest.id);
      waiting.splice(waiting.indexOf(oldest), 1);
    }
    let held = waiting.reduce((sum, job) => sum + (job.bytes?.length ?? 0), 0);
    while (waiting.length > 0 && held + bytes > MAX_WAITING_BYTES) {
      const oldest = waiting.shift()!;
      held -= oldest.bytes?.length ?? 0;
      this.jobs.delete(oldest.id);
    }
  }
}
