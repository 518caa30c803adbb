import type { Database } from '../../db/client';
import type { CompanyTelephonyEvent, CompanyTelephonyListener } from '../../telephony/service';
import { addOneTouchFile, dispositionOf, saveCall } from './call-store';
import { CallTrack, type CallEventOfPbx } from './call-track';
import { callbackForEndedCall } from './missed-call-callback';
import { closeStaleCall, staleCalls, type StaleCall } from './stale-calls';

export interface CallRecorderOptions {
  db: Database;
  /** The telephony events of this process's drivers (`app.telephony.subscribe`). */
  subscribe: (listener: CompanyTelephonyListener) => () => void;
  onError: (error: unknown) => void;
  now?: () => Date;
  /**
   * How long a call must stay without anyone on it before it counts as over and may open a callback.
   * Asterisk queues wait `retry` (5 s by default) between ring rounds; the simulator re-rings at once.
   */
  settleMs?: number;
  /** How long a call that has not ended may go without any event before it is taken as over (`giveUp`). */
  staleMs?: number;
  /** How often to look for calls a restart left in progress (`sweepStale`), besides once at start. */
  sweepEveryMs?: number;
}

const DEFAULT_SETTLE_MS = 6_000;
/** Longer than any call centre call or queue wait; only lost hang-ups get here. */
const DEFAULT_STALE_MS = 4 * 60 * 60_000;
/** A call left in progress by a restart stays so at most this long after it went stale. */
const DEFAULT_SWEEP_EVERY_MS = 15 * 60_000;
/** How long the caller id of a call not heard of yet waits for the call's first event. */
const PLACED_WAITS_MS = 60_000;

/**
 * The call log's writer (docs/calls.md). Each event is stamped when it arrives (the company-level
 * queue-call events carry the PBX's own time), applied to its call's track, and the call's row is
 * written at once (so the history shows calls in progress, a caller waiting in a queue too). Writes of one
 * call are chained, so they land in the order the events came. A call with nobody left on it is
 * finalised after `settleMs` of quiet: that is when a missed or abandoned queue call opens (or bumps)
 * a callback. A call the PBX goes quiet on without ending it is given up after `staleMs` without events
 * (its hang-ups were lost) and finalised the same way; one whose track a restart took is closed the same
 * way by `sweepStale`. With Redis, only the process that owns the PBX receives events, so each call is logged once.
 */
export class CallRecorder {
  private readonly tracks = new Map<string, { companyId: number; track: CallTrack; written: number }>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /**
   * `call_placed` of calls with no event yet (an AMI Originate is answered before, or after, the call's
   * first events): applied with the first one, so a dial the PBX never carried out writes no row.
   */
  private readonly placed = new Map<string, { event: CallEventOfPbx; at: Date; timer: NodeJS.Timeout }>();
  private readonly now: () => Date;
  private readonly settleMs: number;
  private readonly staleMs: number;
  private unsubscribe: (() => void) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  /** The latest sweep; the next one waits for it, and `close()` too. */
  private sweeping: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: CallRecorderOptions) {
    this.now = options.now ?? (() => new Date());
    this.settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
    this.staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.options.subscribe((event) => this.onEvent(event));
    // Once now for the calls the last run left in progress, then again and again: a call that was
    // still recent at start goes stale later, with no track here to give it up.
    const sweep = () => void this.sweepStale().catch((error: unknown) => this.options.onError(error));
    sweep();
    this.sweepTimer = setInterval(sweep, this.options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  /**
   * Closes the calls whose tracks a restart took (docs/calls.md): rows not ended and quiet for
   * `staleMs`, except the ones this process follows. Each is over at its last event, as `giveUp` makes
   * it, and then gets the callback rule of `finalise`. Answers how many it closed. A process's sweeps
   * run one after another; another process's meets the conditional update in `closeStaleCall`.
   */
  sweepStale(): Promise<number> {
    const sweep = this.sweeping.catch(() => undefined).then(() => this.sweepAll());
    this.sweeping = sweep;
    return sweep;
  }

  /** A one-touch recording started on `uniqueid` (the telephony events do not announce them). */
  noteOneTouchRecording(companyId: number, extension: string, uniqueid: string, file: string): void {
    const at = this.now();
    // Chained behind the call's own writes, so the row it updates exists when the call is ours.
    this.chain(keyOf(companyId, uniqueid), async () => {
      await addOneTouchFile(this.options.db, companyId, { uniqueid, extension, file, at });
    });
  }

  /**
   * Answers once this process's writes of the call so far have landed (nothing to wait for when it holds
   * none): a request about a call that has just rung finds its row if the row is on its way.
   */
  async written(companyId: number, uniqueid: string): Promise<void> {
    await this.chains.get(keyOf(companyId, uniqueid));
  }

  /** Finalises every quiet call now and waits for every write (tests, shutdown). */
  async settle(): Promise<void> {
    for (const [key, timer] of this.timers) {
      // A call still going on keeps its stale timer.
      if (!this.tracks.get(key)?.track.ended) continue;
      clearTimeout(timer);
      this.timers.delete(key);
      this.finalise(key);
    }
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    // Before settle: a sweep still running adds writes to the chains settle waits for.
    await this.sweeping.catch(() => undefined);
    await this.settle();
    // Calls still going on are left as they are (in progress), as a restart leaves them.
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const { timer } of this.placed.values()) clearTimeout(timer);
    this.placed.clear();
  }

  private async sweepAll(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.staleMs);
    let closed = 0;
    for await (const stale of staleCalls(this.options.db, cutoff)) {
      const key = keyOf(stale.companyId, stale.snapshot.uniqueid);
      if (this.tracks.has(key)) continue;
      // Chained behind this process's own writes of the call, should an event bring its track back.
      await this.chain(key, async () => {
        if (await this.closeStale(key, stale, cutoff)) closed++;
      });
    }
    return closed;
  }

  private async closeStale(key: string, stale: StaleCall, cutoff: Date): Promise<boolean> {
    // An event came meanwhile: the call is followed again, and its track decides.
    if (this.tracks.has(key)) return false;
    const disposition = await dispositionOf(this.options.db, stale.companyId, stale.snapshot);
    if (!(await closeStaleCall(this.options.db, stale, disposition, cutoff))) return false;
    await callbackForEndedCall(this.options.db, stale.companyId, stale.snapshot, disposition);
    return true;
  }

  private onEvent(event: CompanyTelephonyEvent): void {
    if (event.type === 'extension_status') return;
    const companyId = Number(event.companyId);
    const { uniqueid } = event.payload;
    if (!Number.isInteger(companyId) || !uniqueid) return;
    const key = keyOf(companyId, uniqueid);
    const callEvent = event as CallEventOfPbx;
    if (callEvent.type === 'call_placed' && !this.tracks.has(key)) return this.holdPlaced(key, callEvent);
    const entry = this.entry(companyId, uniqueid);
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    entry.track.apply(callEvent, this.stampOf(callEvent));
    const placed = this.placed.get(key);
    if (placed) {
      clearTimeout(placed.timer);
      this.placed.delete(key);
      entry.track.apply(placed.event, placed.at);
    }
    this.write(companyId, uniqueid);
    const ended = entry.track.ended;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (!ended) {
        entry.track.giveUp();
        this.write(companyId, uniqueid);
      }
      this.finalise(key);
    }, ended ? this.settleMs : this.staleMs);
    // A stale timer must not keep the process alive (a settle timer is short and its write matters).
    if (!ended) timer.unref();
    this.timers.set(key, timer);
  }

  /** The company-level events carry the PBX's own time; the extensions' are stamped as they arrive. */
  private holdPlaced(key: string, event: CallEventOfPbx): void {
    clearTimeout(this.placed.get(key)?.timer);
    const timer = setTimeout(() => this.placed.delete(key), PLACED_WAITS_MS);
    timer.unref();
    this.placed.set(key, { event, at: this.stampOf(event), timer });
  }

  private stampOf(event: CallEventOfPbx): Date {
    return 'at' in event.payload ? new Date(event.payload.at) : this.now();
  }

  private entry(companyId: number, uniqueid: string) {
    const key = keyOf(companyId, uniqueid);
    let entry = this.tracks.get(key);
    if (!entry) {
      entry = { companyId, track: new CallTrack(uniqueid), written: 0 };
      this.tracks.set(key, entry);
    }
    return entry;
  }

  /** Writes the call as it is now, with the events not written yet. */
  private write(companyId: number, uniqueid: string): void {
    const entry = this.tracks.get(keyOf(companyId, uniqueid));
    if (!entry) return;
    const events = entry.track.events.slice(entry.written);
    entry.written = entry.track.events.length;
    const snapshot = entry.track.snapshot();
    this.chain(keyOf(companyId, uniqueid), async () => {
      const disposition = await dispositionOf(this.options.db, companyId, snapshot);
      await saveCall(this.options.db, companyId, snapshot, disposition, events);
    });
  }

  /** The call stayed over: forget its track and open or bump a callback when a queue call was lost. */
  private finalise(key: string): void {
    const entry = this.tracks.get(key);
    if (!entry || !entry.track.ended) return;
    this.tracks.delete(key);
    const { companyId, track } = entry;
    const snapshot = track.snapshot();
    this.chain(key, async () => {
      const disposition = await dispositionOf(this.options.db, companyId, snapshot);
      await callbackForEndedCall(this.options.db, companyId, snapshot, disposition);
    });
  }

  /** Runs `work` after the call's earlier writes; answers when it is done (its errors go to onError). */
  private chain(key: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => this.options.onError(error));
    this.chains.set(key, next);
    void next.finally(() => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
    return next;
  }
}

const keyOf = (companyId: number, uniqueid: string) => `${companyId}:${uniqueid}`;
