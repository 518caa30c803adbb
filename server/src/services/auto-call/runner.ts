import { randomUUID } from 'node:crypto';
import type { AnswerRates } from '../../../../src/api/auto-call/answer-model';
import type { AutoCallResult } from '../../../../src/api/contracts/auto-call.contract';
import type { AutoCallRunStatus } from '../../../../src/api/contracts/auto-call-run.contract';
import type { AutoCallRunEvent, LineState } from '../../../../src/machines/auto-call-run/auto-call-run.machine';
import type { Database } from '../../db/client';
import { EXTEN_LOGGED_IN, STATUS } from '../../telephony/status-codes';
import {
  applyRunEvents,
  claimNumbers,
  claimRuns,
  findCampaign,
  findRun,
  numbersById,
  numbersInFlight,
  releaseRuns,
  renewRuns,
  settleNumber,
  noteNumberCall,
  type AutoCallRunTrace,
  type CampaignRow,
  type ClaimedNumber,
  type ClaimedRun,
  type RunStep,
} from './run-store';
import { abortableSleep, drawDial, LegAborted, playLeg, type AutoCallTelephony } from './runner-calls';
import { statusOfStep } from './run-status';

/**
 * The auto-call runner of one app process (docs/auto-call.md "Runner"). Every process runs one. Each
 * campaign that is on going is dialled by exactly one of them: the one holding its lease in
 * `auto_call_runs` (claimed with one UPDATE … FOR UPDATE SKIP LOCKED when the lease has run out,
 * renewed every `renewMs`, lost when a renewal fails). For each run it holds, the runner is the run
 * statechart's clock and hands: a TICK every `tickMs` with the time and the agents' lines, numbers
 * claimed in the database and dialled when the machine asks (`requestDials`), each result written to
 * the number and told to the machine, the snapshot written after every change (run-store.ts).
 */

export interface AutoCallRunnerOptions {
  db: Database;
  telephony: AutoCallTelephony;
  /** Blacklist for outgoing calls (services/telephony/blacklist-screen.ts). */
  refusesNumber: (companyId: number, phoneNumber: string) => Promise<boolean>;
  /** Pushes a run's state to the company's viewers (socket `auto_call_run`). */
  notify: (companyId: number, status: AutoCallRunStatus) => void;
  /** Every step of a run's machine, for the statechart inspector's replicas (socket `auto_call_run_trace`). */
  trace?: (companyId: number, trace: AutoCallRunTrace) => void;
  onError: (error: unknown) => void;
  /** Seed of the simulated callees (AUTO_CALL_SEED). */
  seed: number;
  answerRates?: AnswerRates;
  /** The clock the call window and retries follow. @default Date.now */
  now?: () => number;
  /** @default 1000 */
  tickMs?: number;
  /** @default 3000 */
  renewMs?: number;
  /** @default 10 */
  leaseTtlS?: number;
  /** Told of every attempt as it is placed (tests count the dials). */
  onDial?: (campaignId: number, number: ClaimedNumber) => void;
}

interface Hosted {
  run: ClaimedRun;
  /** Attempts being played here, by number id. */
  legs: Map<number, { number: ClaimedNumber; controller: AbortController }>;
  /** Steps of one run go one after the other. */
  queue: Promise<void>;
  lastPushed: string;
  dropped: boolean;
}

/** Agent states in which the agent counts as busy for the pacing (on a call, whatever the presence). */
const ON_A_CALL = new Set<number>([STATUS.busy, STATUS.ringing, STATUS.restOnCall, STATUS.lunchOnCall, STATUS.afterOnCall]);

export class AutoCallRunner {
  /** This process, as `lease_owner`. */
  readonly processId = randomUUID();
  private readonly hosted = new Map<number, Hosted>();
  /** Extensions held for a call being connected (`company:extension`). */
  private readonly reserved = new Set<string>();
  private tickTimer: NodeJS.Timeout | null = null;
  private leaseTimer: NodeJS.Timeout | null = null;
  private leasing: Promise<void> | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private options: AutoCallRunnerOptions;

  constructor(options: AutoCallRunnerOptions) {
    this.options = options;
  }

  now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Tests: a faster clock, other callees, shorter leases. Restarts the timers when running. */
  tune(changes: Partial<Omit<AutoCallRunnerOptions, 'db' | 'telephony' | 'notify' | 'onError' | 'refusesNumber'>>): void {
    this.options = { ...this.options, ...changes };
    if (this.tickTimer) {
      this.stopTimers();
      this.start();
    }
  }

  start(): void {
    if (this.closed || this.tickTimer) return;
    this.tickTimer = setInterval(() => void this.tick(), this.options.tickMs ?? 1000);
    this.leaseTimer = setInterval(() => void this.lease(), this.options.renewMs ?? 3000);
    this.tickTimer.unref();
    this.leaseTimer.unref();
    void this.lease();
  }

  /** Campaigns this process dials now. */
  get campaigns(): number[] {
    return [...this.hosted.keys()];
  }

  /** Claim and renew now (after a start or resume, so dialling begins without waiting for the timer). */
  lease(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.leasing ??= this.renewAndClaim()
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.leasing = null;
      });
    return this.leasing;
  }

  /** One TICK to every run held here. */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.ticking ??= Promise.all([...this.hosted.values()].map((hosted) => this.enqueue(hosted, () => this.tickRun(hosted))))
      .then(() => undefined)
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /**
   * Shutdown: stops the timers, stops playing attempts and gives the leases back at once, so another
   * process takes the runs over without waiting (the attempts stopped here count as unanswered there).
   */
  async close(): Promise<void> {
    await this.halt();
    await releaseRuns(this.options.db, this.processId).catch((error: unknown) => this.options.onError(error));
  }

  /** Stops as a crashed process would: no lease given back (tests of the takeover). */
  async halt(): Promise<void> {
    this.closed = true;
    this.stopTimers();
    await this.leasing;
    await this.ticking;
    const all = [...this.hosted.values()];
    for (const hosted of all) this.drop(hosted);
    await Promise.all(all.map((h) => h.queue));
  }

  /** A user's command changed a run (any process): push it, and act on what the machine asked. */
  afterCommand(step: RunStep): void {
    this.options.notify(step.companyId, statusOfStep(step));
    this.options.trace?.(step.companyId, step.trace);
    const hosted = this.hosted.get(step.campaignId);
    if (hosted && step.effects.hangUp) this.drop(hosted);
    if (step.state === 'on_going') void this.lease();
  }

  private stopTimers(): void {
    if (this.tickTimer) clearInterval(this.tickTimer);
    if (this.leaseTimer) clearInterval(this.leaseTimer);
    this.tickTimer = null;
    this.leaseTimer = null;
  }

  private enqueue(hosted: Hosted, work: () => Promise<void>): Promise<void> {
    hosted.queue = hosted.queue.then(() => (hosted.dropped ? undefined : work())).catch((error: unknown) => this.options.onError(error));
    return hosted.queue;
  }

  private async renewAndClaim(): Promise<void> {
    const { db } = this.options;
    const ttl = this.options.leaseTtlS ?? 10;
    const held = await renewRuns(db, this.processId, ttl, [...this.hosted.keys()]);
    for (const hosted of [...this.hosted.values()]) if (!held.has(hosted.run.campaignId)) this.drop(hosted);
    if (this.closed) return;
    for (const run of await claimRuns(db, this.processId, ttl)) {
      if (this.closed || this.hosted.has(run.campaignId)) continue;
      const hosted: Hosted = { run, legs: new Map(), queue: Promise.resolve(), lastPushed: '', dropped: false };
      this.hosted.set(run.campaignId, hosted);
      void this.enqueue(hosted, () => this.takeOver(hosted));
    }
  }

  /** Stops dialling a run here: its attempts stop, the process no longer writes to it. */
  private drop(hosted: Hosted): void {
    hosted.dropped = true;
    for (const { controller } of hosted.legs.values()) controller.abort();
    hosted.legs.clear();
    if (this.hosted.get(hosted.run.campaignId) === hosted) this.hosted.delete(hosted.run.campaignId);
  }

  /**
   * A run just claimed: attempts left in flight by the process that held it before (it died, or gave
   * the run back at shutdown) are not dialled again at once; each counts as unanswered and follows the
   * retry rules (a new attempt, counted, after `retry_delay_s`, within `max_attempts`). The snapshot is
   * brought in line with the numbers' table, which is the truth about every number.
   */
  private async takeOver(hosted: Hosted): Promise<void> {
    const { db } = this.options;
    const { run } = hosted;
    const campaign = await findCampaign(db, run.companyId, run.campaignId);
    const row = await findRun(db, run.companyId, run.campaignId);
    if (!campaign || !row) return this.drop(hosted);
    const snapshotInFlight = new Set(((row.snapshot as { context?: { counts?: { inFlight?: (string | number)[] } } }).context?.counts?.inFlight ?? []).map(Number));
    const events: AutoCallRunEvent[] = [];
    for (const number of await numbersInFlight(db, run)) {
      const { result, retryAt } = this.retryRule(campaign, number, 'no_answer');
      if (!(await settleNumber(db, number, result, retryAt))) continue;
      if (!snapshotInFlight.has(number.id)) events.push({ type: 'NUMBER_DIALLED', numberId: number.id });
      events.push({ type: 'NUMBER_RESULT', numberId: number.id, result, ...(retryAt ? { retryAt: retryAt.getTime() } : {}) });
      snapshotInFlight.delete(number.id);
    }
    // In flight in the snapshot, settled in the table (the process died between the two writes).
    for (const number of await numbersById(db, run, [...snapshotInFlight])) {
      if (number.result) events.push({ type: 'NUMBER_RESULT', numberId: number.id, result: number.result });
      else if (number.nextAttemptAt) events.push({ type: 'NUMBER_RESULT', numberId: number.id, result: 'no_answer', retryAt: number.nextAttemptAt.getTime() });
    }
    if (events.length > 0) await this.step(hosted, events);
  }

  /** Busy and unanswered numbers are tried again while attempts remain; every other result is final. */
  private retryRule(campaign: CampaignRow, number: ClaimedNumber, result: AutoCallResult): { result: AutoCallResult; retryAt: Date | null } {
    const retries = (result === 'busy' || result === 'no_answer') && number.attempts < campaign.max_attempts;
    return { result, retryAt: retries ? new Date(this.now() + campaign.retry_delay_s * 1000) : null };
  }

  private async tickRun(hosted: Hosted): Promise<void> {
    const { run } = hosted;
    const campaign = await findCampaign(this.options.db, run.companyId, run.campaignId);
    if (!campaign) return this.drop(hosted);
    const line = await this.lineState(campaign, hosted);
    await this.step(hosted, [{ type: 'TICK', now: this.now(), line }]);
  }

  /** Sends events to the run (only while the lease is ours) and carries out what the machine asked. */
  private async step(hosted: Hosted, events: AutoCallRunEvent[]): Promise<void> {
    if (hosted.dropped) return;
    const { run } = hosted;
    const step = await applyRunEvents(this.options.db, run.companyId, run.campaignId, events, { owner: this.processId });
    if (!step) return this.drop(hosted);
    this.options.trace?.(run.companyId, step.trace);
    const status = statusOfStep(step);
    const pushed = JSON.stringify(status);
    if (pushed !== hosted.lastPushed) {
      hosted.lastPushed = pushed;
      this.options.notify(run.companyId, status);
    }
    if (step.state === 'complete' || step.state === 'cancelled') {
      this.drop(hosted);
      await releaseRuns(this.options.db, this.processId, [run.campaignId]);
      return;
    }
    if (step.effects.dials > 0) await this.dial(hosted, step.effects.dials);
  }

  private async dial(hosted: Hosted, count: number): Promise<void> {
    const { db, refusesNumber } = this.options;
    const { run } = hosted;
    const campaign = await findCampaign(db, run.companyId, run.campaignId);
    if (!campaign) return;
    const claimed = await claimNumbers(db, run, this.processId, count, new Date(this.now()), (phone) => refusesNumber(run.companyId, phone));
    const events: AutoCallRunEvent[] = [];
    for (const number of claimed.blocked) {
      // Never dialled: the machine hears it taken and ended `block` at once.
      events.push({ type: 'NUMBER_DIALLED', numberId: number.id }, { type: 'NUMBER_RESULT', numberId: number.id, result: 'block' });
    }
    for (const number of claimed.dial) events.push({ type: 'NUMBER_DIALLED', numberId: number.id });
    if (events.length > 0) await this.step(hosted, events);
    if (hosted.dropped) return;
    for (const number of claimed.dial) this.play(hosted, campaign, number);
  }

  private play(hosted: Hosted, campaign: CampaignRow, number: ClaimedNumber): void {
    const controller = new AbortController();
    hosted.legs.set(number.id, { number, controller });
    const { companyId } = hosted.run;
    const dial = drawDial(this.options.seed, number.id, number.attempts, this.options.answerRates);
    this.options.onDial?.(hosted.run.campaignId, number);
    playLeg(dial, {
      companyId,
      variant: campaign.variant,
      phoneNumber: number.phoneNumber,
      telephony: this.options.telephony,
      signal: controller.signal,
      sleep: abortableSleep,
      takeAgent: () => this.takeAgent(campaign, hosted),
      release: (extension) => this.reserved.delete(`${companyId}:${extension}`),
    }).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        void this.enqueue(hosted, async () => {
          hosted.legs.delete(number.id);
          const { db } = this.options;
          if (outcome.uniqueid) await noteNumberCall(db, number, outcome.uniqueid);
          const { result, retryAt } = this.retryRule(campaign, number, outcome.result);
          if (!(await settleNumber(db, number, result, retryAt))) return;
          await this.step(hosted, [{ type: 'NUMBER_RESULT', numberId: number.id, result, ...(retryAt ? { retryAt: retryAt.getTime() } : {}) }]);
        });
      },
      (error: unknown) => {
        hosted.legs.delete(number.id);
        if (!(error instanceof LegAborted)) this.options.onError(error);
      },
    );
  }

  /** A free extension of the campaign (logged in, available, idle, not being connected to another call). */
  private async takeAgent(campaign: CampaignRow, hosted: Hosted): Promise<string | null> {
    if (hosted.dropped) return null;
    const { companyId } = hosted.run;
    for (const extension of campaign.extensions) {
      const key = `${companyId}:${extension}`;
      if (this.reserved.has(key)) continue;
      const state = await this.options.telephony.command(companyId, 'load', extension).catch(() => null);
      if (!state || state.exten_status !== EXTEN_LOGGED_IN || state.status !== STATUS.available) continue;
      if (this.reserved.has(key)) continue;
      this.reserved.add(key);
      return extension;
    }
    return null;
  }

  /** The lines as the pacing sees them: `studymax` the campaign's agents, `public` its channels. */
  private async lineState(campaign: CampaignRow, hosted: Hosted): Promise<LineState> {
    const ringing = hosted.legs.size;
    if (campaign.variant === 'public') return { freeAgents: 1, busyAgents: 0, ringing };
    let freeAgents = 0;
    let busyAgents = 0;
    for (const extension of campaign.extensions) {
      const state = await this.options.telephony.command(hosted.run.companyId, 'load', extension).catch(() => null);
      if (!state || state.exten_status !== EXTEN_LOGGED_IN) continue;
      if (this.reserved.has(`${hosted.run.companyId}:${extension}`) || ON_A_CALL.has(state.status)) busyAgents += 1;
      else if (state.status === STATUS.available) freeAgents += 1;
    }
    return { freeAgents, busyAgents, ringing };
  }
}
