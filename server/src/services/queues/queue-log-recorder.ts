import type { QueueLogEvent } from '../../../../src/api/queues/queue-log';
import type { Database } from '../../db/client';
import { queueLog } from '../../db/schema';
import type { CompanyTelephonyListener } from '../../telephony/service';
import type { LoggedEvent } from './queue-boards';
import { QueueLogDeriver } from './queue-log-deriver';

export interface QueueLogRecorderOptions {
  db: Database;
  /** The telephony events of this process's drivers (`app.telephony.subscribe`). */
  subscribe: (listener: CompanyTelephonyListener) => () => void;
  /** Rows of a company that have just been written, in order. */
  onWritten: (companyId: number, rows: LoggedEvent[]) => void;
  onError: (error: unknown) => void;
  now?: () => number;
}

/** Rows written per INSERT at most: one statement stays small however busy the PBX is. */
const BATCH_ROWS = 500;

/**
 * The queue log's writer (docs/queues.md): each PBX event becomes its rows (QueueLogDeriver, one per
 * company) the moment it arrives; rows that arrive together are written in one INSERT, one batch after
 * another so the log keeps the events' order, and then handed on (the live boards). With Redis, only the
 * process that owns the PBX receives events, so each is logged once.
 */
export class QueueLogRecorder {
  private readonly derivers = new Map<number, QueueLogDeriver>();
  private pending: { companyId: number; event: QueueLogEvent }[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private unsubscribe: (() => void) | null = null;
  private readonly now: () => number;

  constructor(private readonly options: QueueLogRecorderOptions) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.options.subscribe((event) => {
      const companyId = Number(event.companyId);
      for (const row of this.deriverOf(companyId).derive(event, this.now())) this.add(companyId, row);
    });
  }

  /** A reset someone asked for: logged like the PBX's events. */
  reset(companyId: number, queue: string, by: string): Promise<void> {
    this.add(companyId, this.deriverOf(companyId).reset(queue, by, this.now()));
    return this.flushed();
  }

  /** Answers once every row so far is written (tests, shutdown, a reset's answer). */
  async flushed(): Promise<void> {
    while (this.pending.length > 0 || this.scheduled) {
      this.flushSoon();
      await this.writing;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.writing;
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flushed();
  }

  private deriverOf(companyId: number): QueueLogDeriver {
    let deriver = this.derivers.get(companyId);
    if (!deriver) this.derivers.set(companyId, (deriver = new QueueLogDeriver()));
    return deriver;
  }

  private add(companyId: number, event: QueueLogEvent): void {
    this.pending.push({ companyId, event });
    this.flushSoon();
  }

  private flushSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // Events of one PBX turn arrive together: they go in one INSERT.
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.pending.splice(0, BATCH_ROWS);
      if (batch.length === 0) return;
      this.writing = this.writing.then(() => this.write(batch)).catch((error: unknown) => this.options.onError(error));
      if (this.pending.length > 0) this.flushSoon();
    });
  }

  private async write(batch: { companyId: number; event: QueueLogEvent }[]): Promise<void> {
    const written = await this.options.db
      .insert(queueLog)
      .values(batch.map(({ companyId, event }) => ({ companyId, at: new Date(event.at), event: event.event, uniqueid: event.uniqueid, queue: event.queue, agent: event.agent, data: event.data })))
      .returning({ id: queueLog.id });
    const byCompany = new Map<number, LoggedEvent[]>();
    batch.forEach(({ companyId, event }, index) => {
      const rows = byCompany.get(companyId) ?? [];
      rows.push({ id: written[index]!.id, event });
      byCompany.set(companyId, rows);
    });
    for (const [companyId, rows] of byCompany) this.options.onWritten(companyId, rows);
  }
}
