import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { ForwardingChangedPayload, TransferSource } from '../../../../src/api/contracts/transfer.contract';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { transfers } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import type { ForwardingState } from '../../telephony/driver';
import { TelephonyError } from '../../telephony/errors';
import { blacklistScreenOf } from './blacklist-screen';
import { forwardingOf, liveAt, sideOf, stateOf, writeForwardingHistory, type TransferRow } from './forwarding-state';
import type { TelephonyHub } from './telephony-hub';

/**
 * Call forwarding kept in one place (docs/telephony.md "Call forwarding"): the transfers table is the
 * source of truth, and the PBX, the CTI bars and the schedule follow it.
 *
 * - Every change (the transfers screen through the entity routes, the CTI API and the CTI bar through
 *   `set`, the period's start and end through the schedule) writes a transfer/history row in its own
 *   transaction; after it commits, `applied` hands the result to the company's PBX and tells the
 *   extension's room (`forwarding_changed`), so an open CTI bar shows it.
 * - The schedule is one timer to the next start or end of any period, armed at start and after every
 *   change, unref'd (it never keeps the process alive) and stopped with the app. When it fires, each
 *   forwarding whose `live` no longer holds flips, with a 'schedule' history row; the flip is a
 *   conditional update, so with several app processes only one of them writes it.
 */

/** setTimeout's limit is about 24.8 days; a later boundary is looked for again after an hour. */
const MAX_WAIT_MS = 60 * 60 * 1000;
/** Timers may fire a little early; a boundary is acted on once it has passed. */
const MARGIN_MS = 5;

export interface ForwardingServiceOptions {
  db: Database;
  telephony: Pick<TelephonyHub, 'command' | 'reloadDirectory'>;
  /** Tells the extension's room (the CTI bar) that its forwarding changed. */
  notify: (companyId: number, payload: ForwardingChangedPayload) => void;
  onError: (error: unknown, context: string) => void;
  /** The clock; tests move it. */
  now?: () => Date;
}

export interface ForwardingChange {
  companyId: number;
  extension: string;
  /** The forward-to number (forwarding on now, without a period), or null for off. */
  number: string | null;
  source: TransferSource;
  userId: number | null;
}

export class ForwardingService {
  now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private pending = new Set<Promise<unknown>>();

  constructor(private readonly options: ForwardingServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Start-up: flips what the schedule missed while down, hands live forwardings to the PBX, arms the schedule. */
  start(): void {
    this.track(
      (async () => {
        await this.runDue();
        const live = await this.options.db.selectDistinct({ companyId: transfers.companyId }).from(transfers).where(eq(transfers.live!, true));
        // Configuring a company's PBX applies its forwardings (LocalTelephony.loadDirectory).
        for (const { companyId } of live) await this.options.telephony.reloadDirectory(companyId as number);
      })(),
      'forwarding start-up',
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.pending]);
  }

  /** checkTransfer: the record's state (`number` only while calls are forwarded, as the PBX says it). */
  async check(companyId: number, extension: string): Promise<ForwardingState> {
    return stateOf(await forwardingOf(new CompanyScope(this.options.db, companyId), extension));
  }

  /**
   * The checks of a forward-to number that the PBX would make, before anything is written: not the
   * extension itself, not a number the company's blacklist refuses.
   */
  async checkNumber(companyId: number, extension: string, number: string): Promise<void> {
    if (number === extension) throw fieldError('number', 'validation.transfer_number_self');
    if (await blacklistScreenOf(this.options.db).refuses(companyId, number, 'outbound')) throw new TelephonyError('blacklisted', 'the company blacklists calls to this number');
  }

  /**
   * The CTI API's transfer / unTransfer and the CTI bar's dialog: forwarding on to `number` now (any
   * period is dropped) or off (the record stays, switched off). One history row per change.
   */
  async set(change: ForwardingChange): Promise<ForwardingState> {
    const { companyId, extension, number } = change;
    if (number !== null) await this.checkNumber(companyId, extension, number);
    await this.options.db.transaction(async (tx) => {
      const scope = new CompanyScope(tx as unknown as Database, companyId);
      const before = await forwardingOf(scope, extension);
      if (number === null && (!before || (!before.active && !before.live))) return;
      const values = number === null ? { active: false, live: false } : { number, active: true, starts_at: null, ends_at: null, live: true };
      const [after] = before
        ? await scope.update(transfers, { ...values, updatedAt: new Date() } as never, eq(transfers.id, before.id))
        : await scope.insert(transfers, { extension, ...values } as never);
      await writeForwardingHistory(scope, {
        extension,
        action: before ? 'updated' : 'created',
        before: sideOf(before),
        after: sideOf(after as unknown as TransferRow),
        source: change.source,
        userId: change.userId,
      });
    });
    // The CTI bar that asked knows already; every other change is told to the extension's room.
    return this.applied(companyId, extension, { notify: change.source !== 'cti_bar' });
  }

  /**
   * After a committed change of the extension's forwarding: the PBX follows the record (errors are
   * logged: the record stays the truth and the next change or start-up applies it again), the room is
   * told, the schedule re-armed.
   */
  async applied(companyId: number, extension: string, { notify = true } = {}): Promise<ForwardingState> {
    const state = await this.check(companyId, extension);
    try {
      if (state.transfer) await this.options.telephony.command(companyId, 'transfer', extension, state.number);
      else await this.options.telephony.command(companyId, 'unTransfer', extension);
    } catch (error) {
      this.options.onError(error, `forwarding of ${extension} to the PBX`);
    }
    if (notify) this.options.notify(companyId, { extension, ...state });
    this.arm();
    return state;
  }

  /** The forwardings whose `live` no longer holds flip now, each with a 'schedule' history row, then reach the PBX. */
  async runDue(): Promise<void> {
    const now = this.now();
    const rows = (await this.options.db
      .select()
      .from(transfers)
      .where(or(eq(transfers.active!, true), eq(transfers.live!, true)))) as unknown as TransferRow[];
    for (const row of rows) {
      const live = liveAt(row, now);
      if (live === row.live) continue;
      const flipped = await this.options.db.transaction(async (tx) => {
        const scope = new CompanyScope(tx as unknown as Database, row.companyId);
        const [after] = await scope.update(transfers, { live, updatedAt: new Date() } as never, eq(transfers.id, row.id), eq(transfers.live!, row.live));
        if (!after) return false;
        await writeForwardingHistory(scope, {
          extension: row.extension,
          action: live ? 'started' : 'ended',
          before: sideOf(row),
          after: sideOf(after as unknown as TransferRow),
          source: 'schedule',
          userId: null,
        });
        return true;
      });
      if (flipped) await this.applied(row.companyId, row.extension);
    }
  }

  /** Sets the timer to the next start or end of a period (after the pending ones are looked up). */
  arm(): void {
    if (this.closed) return;
    this.track(this.armNow(), 'forwarding schedule');
  }

  private async armNow(): Promise<void> {
    const at = this.now().toISOString();
    /** The earliest boundary still to come in `column` among active forwardings, as epoch ms (Infinity for none). */
    const nextOf = async (column: typeof transfers.starts_at) => {
      const [row] = await this.options.db
        .select({ at: column! })
        .from(transfers)
        .where(and(eq(transfers.active!, true), gt(column!, at)))
        .orderBy(asc(column!))
        .limit(1);
      return row?.at ? new Date(row.at as string).getTime() : Infinity;
    };
    const next = Math.min(await nextOf(transfers.starts_at), await nextOf(transfers.ends_at));
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (next === Infinity) return;
    const wait = Math.min(Math.max(next - this.now().getTime() + MARGIN_MS, 0), MAX_WAIT_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.closed) return;
      this.track(
        this.runDue().finally(() => this.arm()),
        'forwarding schedule',
      );
    }, wait);
    this.timer.unref();
  }

  private track(work: Promise<unknown>, context: string): void {
    const tracked = work.catch((error: unknown) => {
      if (!this.closed) this.options.onError(error, context);
    });
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }
}
