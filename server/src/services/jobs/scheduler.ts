import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scheduledJobRuns } from '../../db/schema';

/**
 * The job scheduler (docs/jobs.md): jobs due at fixed moments, run once across every app process on one
 * database (PGlite or PostgreSQL). Each process ticks on a timer; for each job whose slot is due it
 * inserts `(job_name, slot)` into `scheduled_job_runs` with `on conflict do nothing`, and only the
 * process whose insert wrote the row runs the job, then records `finished_at` and any `error`. A slot
 * missed while no process ran (the server down at 08:00) is due until its window ends, so a process
 * that starts later runs it then. A run that dies midway is not retried: at most once, never twice.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Asia/Seoul is UTC+9 all year (no daylight saving). */
export const SEOUL_OFFSET_MS = 9 * HOUR_MS;

/** The calendar day (YYYY-MM-DD) in Asia/Seoul of a moment, `plusDays` later. */
export function seoulDay(at: number, plusDays = 0): string {
  return new Date(at + SEOUL_OFFSET_MS + plusDays * DAY_MS).toISOString().slice(0, 10);
}

/** The moment of `hour:minute` on a Seoul day. */
export function seoulMoment(day: string, hour: number, minute = 0): number {
  return Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`);
}

/**
 * The slot of a job due every day at `hour:minute` Asia/Seoul that is due at `now`: today's (Seoul) once
 * that moment has come, until the Seoul day ends (a process started later the same day still runs it);
 * before it, none (yesterday's missed slot is not run the next day).
 */
export function dailySeoulSlot(hour: number, minute = 0): (now: number) => number | null {
  return (now) => {
    const slot = seoulMoment(seoulDay(now), hour, minute);
    return now >= slot ? slot : null;
  };
}

export interface ScheduledJob {
  name: string;
  /** The slot (a moment) due at `now`, or null when none is. */
  dueSlot: (now: number) => number | null;
  /** Does the job's work for that slot. */
  run: (slot: Date) => Promise<void>;
}

export interface SchedulerOptions {
  /** The clock (tests pass a fake one). */
  now?: () => number;
  /** How often to look for due slots. @default 60 s */
  everyMs?: number;
  /** The first look after start. @default 5 s */
  firstAfterMs?: number;
  /** Names this process in the claims (host:pid). */
  processId?: string;
  onError?: (error: unknown, job: string) => void;
}

export interface JobRun {
  job: string;
  slot: Date;
  error: string | null;
}

export class JobScheduler {
  private readonly now: () => number;
  private readonly processId: string;
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<JobRun[]> = Promise.resolve([]);
  private busy = false;

  constructor(
    private readonly db: Database,
    private readonly jobs: readonly ScheduledJob[],
    private readonly options: SchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.processId = options.processId ?? `${os.hostname()}:${process.pid}`;
  }

  /** Claims the slot: true only for the one process whose insert wrote the row. */
  async claim(job: string, slot: Date): Promise<boolean> {
    const written = await this.db
      .insert(scheduledJobRuns)
      .values({ jobName: job, slot, claimedBy: this.processId })
      .onConflictDoNothing({ target: [scheduledJobRuns.jobName, scheduledJobRuns.slot] })
      .returning({ id: scheduledJobRuns.id });
    return written.length === 1;
  }

  /** Runs every job whose slot is due and that this process claims; answers the runs it did. */
  async tick(): Promise<JobRun[]> {
    const runs: JobRun[] = [];
    for (const job of this.jobs) {
      const due = job.dueSlot(this.now());
      if (due === null) continue;
      const slot = new Date(due);
      try {
        if (!(await this.claim(job.name, slot))) continue;
      } catch (error) {
        this.options.onError?.(error, job.name);
        continue;
      }
      let failure: string | null = null;
      try {
        await job.run(slot);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        this.options.onError?.(error, job.name);
      }
      runs.push({ job: job.name, slot, error: failure });
      try {
        await this.db
          .update(scheduledJobRuns)
          .set({ finishedAt: new Date(), error: failure })
          .where(and(eq(scheduledJobRuns.jobName, job.name), eq(scheduledJobRuns.slot, slot)));
      } catch (error) {
        this.options.onError?.(error, job.name);
      }
    }
    return runs;
  }

  /** Looks soon after start, then every `everyMs`; never two looks of this process at once. */
  start(): void {
    const look = () => {
      if (this.busy) return;
      this.busy = true;
      this.running = this.tick().finally(() => {
        this.busy = false;
      });
    };
    const first = setTimeout(look, this.options.firstAfterMs ?? 5_000);
    const timer = setInterval(look, this.options.everyMs ?? 60_000);
    first.unref();
    timer.unref();
    this.timers = [first, timer];
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running.catch(() => undefined);
  }
}
