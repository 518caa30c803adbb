import { and, count, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { createActor, type Snapshot } from 'xstate';
import type { Pacing } from '../../../../src/api/auto-call/pacing';
import type { AutoCallRunTracePush } from '../../../../src/api/contracts/auto-call-run.contract';
import type { AutoCallResult, AutoCallState, AutoCallVariant } from '../../../../src/api/contracts/auto-call.contract';
import type { CallWindow } from '../../../../src/machines/auto-call-run/call-window';
import { autoCallRunMachine, type AutoCallRunEvent, type AutoCallRunInput } from '../../../../src/machines/auto-call-run/auto-call-run.machine';
import { runStateOf, viewAutoCallRun, type AutoCallRunView } from '../../../../src/machines/auto-call-run/auto-call-run.selectors';
import type { Database } from '../../db/client';
import { autoCallNumbers } from '../../db/schema/auto-call';
import { autoCallRuns } from '../../db/schema/auto-call-runs';
import { autoCallCampaigns } from '../../db/schema/entities';
import { statementRows as rowsOf } from '../../db/statement-rows';

/**
 * The runs' data (docs/auto-call.md "Runner"). Every change to a run goes through `applyRunEvents`: one
 * transaction that locks the run's row, restores the statechart from its snapshot, sends the events and
 * writes the snapshot back. So the HTTP commands (any process) and the runner (the lease holder) change
 * a run one after the other, never over each other; what the machine asks for (`requestDials`,
 * `hangUpInFlight`) is collected and carried out by the caller after the commit.
 */

/** The campaign's fields the run reads (auto-call.contract.ts; the entity table's columns are its fields). */
export interface CampaignRow {
  id: number;
  companyId: number;
  variant: AutoCallVariant;
  pacing: Pacing;
  multiple: number | null;
  extensions: string[];
  max_abandon_rate: number;
  call_window: CallWindow;
  max_attempts: number;
  retry_delay_s: number;
  state: AutoCallState;
}

export interface RunEffects {
  /** Numbers the machine asked to dial. */
  dials: number;
  /** The run was cancelled: calls still ringing are to be hung up. */
  hangUp: boolean;
}

/** One step of a run's machine as `auto_call_run_trace` carries it (auto-call-run.contract.ts), with the machine's events typed. */
export type AutoCallRunTrace = Omit<AutoCallRunTracePush, 'events'> & { events: AutoCallRunEvent[] };

export interface RunStep {
  companyId: number;
  campaignId: number;
  state: AutoCallState;
  view: AutoCallRunView;
  effects: RunEffects;
  /** The events the machine took in this step and its persisted snapshot after them (the inspector's replica). */
  trace: AutoCallRunTrace;
}

/** An HTTP command the machine refuses in its state: the route answers 409 with its message. */
export class RunEventRefused extends Error {
  constructor(readonly event: AutoCallRunEvent['type']) {
    super(`${event} is not allowed in this state`);
  }
}

/** The machine with the runner's actions recording what was asked (carried out after the commit). */
function restore(snapshot: unknown, effects: RunEffects) {
  const machine = autoCallRunMachine.provide({
    actions: {
      requestDials: (_, params: { count: number }) => {
        effects.dials += params.count;
      },
      hangUpInFlight: () => {
        effects.hangUp = true;
      },
    },
  });
  // `input` is not read when a snapshot is given.
  return createActor(machine, { snapshot: snapshot as Snapshot<unknown>, input: { total: 0 } });
}

/** A campaign of the company (404 for none or another company's: the caller checks for undefined). */
export async function findCampaign(db: Database, companyId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(autoCallCampaigns)
    .where(and(eq(autoCallCampaigns.companyId, companyId), eq(autoCallCampaigns.id, id)));
  return row as unknown as CampaignRow | undefined;
}

export async function findRun(db: Database, companyId: number, campaignId: number) {
  const [row] = await db
    .select()
    .from(autoCallRuns)
    .where(and(eq(autoCallRuns.companyId, companyId), eq(autoCallRuns.campaignId, campaignId)));
  return row;
}

export function viewOfSnapshot(snapshot: unknown): AutoCallRunView {
  const actor = restore(snapshot, { dials: 0, hangUp: false });
  return viewAutoCallRun(actor.getSnapshot());
}

/** Numbers of the campaign that have not ended: what a run dials. */
export const pendingNumbers = (db: Database, companyId: number, campaignId: number) => countNumbers(db, companyId, campaignId);

/** Numbers of the campaign never dialled (no attempt, no result): those a resumed run still has to take. */
export const untakenNumbers = (db: Database, companyId: number, campaignId: number) => countNumbers(db, companyId, campaignId, eq(autoCallNumbers.attempts, 0));

async function countNumbers(db: Database, companyId: number, campaignId: number, more?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(autoCallNumbers)
    .where(and(eq(autoCallNumbers.companyId, companyId), eq(autoCallNumbers.campaignId, campaignId), isNull(autoCallNumbers.result), more));
  return row?.n ?? 0;
}

export function runInputOf(campaign: CampaignRow, total: number): AutoCallRunInput {
  return {
    campaignId: campaign.id,
    total,
    pacing: campaign.pacing,
    multiple: campaign.multiple ?? 1,
    maxAbandonRate: campaign.max_abandon_rate,
    callWindow: campaign.call_window,
  };
}

/**
 * START (or CANCEL before any start): the run of the campaign's pending numbers, written with the
 * campaign's state in one transaction (the campaign's row locked, so two starts at once make one run).
 * Refused (RunEventRefused) when the campaign's run cannot take the event.
 */
export async function beginRun(db: Database, campaign: CampaignRow, total: number, event: Extract<AutoCallRunEvent, { type: 'START' | 'CANCEL' }>): Promise<RunStep> {
  return db.transaction(async (tx) => {
    const scoped = tx as unknown as Database;
    await scoped.execute(sql`select 1 from ${autoCallCampaigns} where ${autoCallCampaigns.id} = ${campaign.id} for update`);
    const existing = await findRun(scoped, campaign.companyId, campaign.id);
    const effects: RunEffects = { dials: 0, hangUp: false };
    const actor = existing ? restore(existing.snapshot, effects) : createActor(autoCallRunMachine, { input: runInputOf(campaign, total) });
    actor.start();
    if (!actor.getSnapshot().can(event)) {
      actor.stop();
      throw new RunEventRefused(event.type);
    }
    actor.send(event);
    const snapshot = actor.getSnapshot();
    const state = runStateOf(snapshot);
    const persisted = actor.getPersistedSnapshot();
    actor.stop();
    await scoped
      .insert(autoCallRuns)
      .values({ companyId: campaign.companyId, campaignId: campaign.id, state, snapshot: persisted, leaseOwner: null, leaseUntil: null })
      .onConflictDoUpdate({ target: autoCallRuns.campaignId, set: { state, snapshot: persisted, leaseOwner: null, leaseUntil: null, updatedAt: new Date() } });
    await scoped
      .update(autoCallCampaigns)
      .set({ state, updatedAt: new Date() })
      .where(and(eq(autoCallCampaigns.companyId, campaign.companyId), eq(autoCallCampaigns.id, campaign.id)));
    return { companyId: campaign.companyId, campaignId: campaign.id, state, view: viewAutoCallRun(snapshot), effects, trace: { campaign_id: campaign.id, events: [event], snapshot: persisted } };
  });
}

export interface ApplyOptions {
  /** Only while this process holds the run's lease (the runner); commands from HTTP pass none. */
  owner?: string;
  /** The first event is a user's command: refused (RunEventRefused) when the machine cannot take it. */
  command?: boolean;
}

/** Sends events to the run's persisted machine; null when there is no run (or, with `owner`, it is not ours). */
export async function applyRunEvents(
  db: Database,
  companyId: number,
  campaignId: number,
  events: AutoCallRunEvent[],
  options: ApplyOptions = {},
): Promise<RunStep | null> {
  return db.transaction(async (tx) => {
    const scoped = tx as unknown as Database;
    const [row] = await scoped
      .select()
      .from(autoCallRuns)
      .where(and(eq(autoCallRuns.companyId, companyId), eq(autoCallRuns.campaignId, campaignId)))
      .for('update');
    if (!row) return null;
    if (options.owner !== undefined && row.leaseOwner !== options.owner) return null;
    const effects: RunEffects = { dials: 0, hangUp: false };
    const actor = restore(row.snapshot, effects).start();
    const [first] = events;
    if (options.command && first && !actor.getSnapshot().can(first)) {
      actor.stop();
      throw new RunEventRefused(first.type);
    }
    for (const event of events) actor.send(event);
    const snapshot = actor.getSnapshot();
    const state = runStateOf(snapshot);
    const persisted = actor.getPersistedSnapshot();
    actor.stop();
    await scoped.update(autoCallRuns).set({ state, snapshot: persisted, updatedAt: new Date() }).where(eq(autoCallRuns.id, row.id));
    if (state !== row.state) {
      await scoped
        .update(autoCallCampaigns)
        .set({ state, updatedAt: new Date() })
        .where(and(eq(autoCallCampaigns.companyId, companyId), eq(autoCallCampaigns.id, campaignId)));
    }
    return { companyId, campaignId, state, view: viewAutoCallRun(snapshot), effects, trace: { campaign_id: campaignId, events, snapshot: persisted } };
  });
}

// --- leases -------------------------------------------------------------------------------------------

/** Runs a process hosts: going on (running, waiting for the window) or paused (calls may still be ending). */
const HOSTED_STATES: AutoCallState[] = ['on_going', 'paused'];

export interface ClaimedRun {
  companyId: number;
  campaignId: number;
}

/**
 * Takes up to `limit` hosted runs whose lease has run out (or that never had one). The inner SELECT …
 * FOR UPDATE SKIP LOCKED lets processes claiming at once take different runs; the outer condition is
 * checked again on the row as locked, so a run is never held by two processes. The database's clock
 * decides, so processes with skewed clocks agree.
 */
export async function claimRuns(db: Database, owner: string, ttlS: number, limit = 20): Promise<ClaimedRun[]> {
  // A MATERIALIZED CTE, not `id in (select … limit n for update skip locked)`: PostgreSQL may rescan such
  // a subquery for each row it updates, and rows this statement already updated are skipped by the rescan,
  // so it would go on taking more than `n`.
  const result = await db.execute(sql`
    with picked as materialized (
      select id from auto_call_runs
      where state in ('on_going', 'paused') and (lease_until is null or lease_until <= now())
      order by lease_until nulls first, id
      limit ${limit}
      for update skip locked
    )
    update auto_call_runs r set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${ttlS})
    from picked
    where r.id = picked.id and r.state in ('on_going', 'paused') and (r.lease_until is null or r.lease_until <= now())
    returning r.company_id as "companyId", r.campaign_id as "campaignId"`);
  return rowsOf<ClaimedRun>(result);
}

/** Extends this process's leases; answers the campaigns still held (hosted and ours). */
export async function renewRuns(db: Database, owner: string, ttlS: number, campaignIds: number[]): Promise<Set<number>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await db
    .update(autoCallRuns)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${ttlS})` })
    .where(
      and(
        inArray(autoCallRuns.campaignId, campaignIds),
        eq(autoCallRuns.leaseOwner, owner),
        gt(autoCallRuns.leaseUntil, sql`now()`),
        inArray(autoCallRuns.state, HOSTED_STATES),
      ),
    )
    .returning({ campaignId: autoCallRuns.campaignId });
  return new Set(rows.map((r) => r.campaignId));
}

/** Gives a run back at once (a shutdown, or the run ended), so another process need not wait for the lease. */
export async function releaseRuns(db: Database, owner: string, campaignIds?: number[]): Promise<void> {
  await db
    .update(autoCallRuns)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(autoCallRuns.leaseOwner, owner), campaignIds ? inArray(autoCallRuns.campaignId, campaignIds) : undefined));
}

// --- numbers ------------------------------------------------------------------------------------------

export interface ClaimedNumber {
  id: number;
  phoneNumber: string;
  attempts: number;
}

/** A number being dialled: tried, not ended, no next try set. */
const inFlightNumber = and(isNull(autoCallNumbers.result), gt(autoCallNumbers.attempts, 0), isNull(autoCallNumbers.nextAttemptAt));

/**
 * Takes up to `limit` numbers to dial, due retries first, counting the attempt **before** the call is
 * placed: a number is claimed in the database, so a process taking the run over never dials it again.
 * Only while `owner` holds the run's lease (checked on the row, in the same statement). Blacklisted
 * numbers (`isBlocked`) end `block` with no attempt counted: they are never dialled.
 */
export async function claimNumbers(
  db: Database,
  run: ClaimedRun,
  owner: string,
  limit: number,
  now: Date,
  isBlocked: (phoneNumber: string) => Promise<boolean>,
): Promise<{ dial: ClaimedNumber[]; blocked: ClaimedNumber[] }> {
  if (limit <= 0) return { dial: [], blocked: [] };
  // A MATERIALIZED CTE (see claimRuns): exactly `limit` numbers at most, each locked once.
  const result = await db.execute(sql`
    with picked as materialized (
      select id from auto_call_numbers
      where company_id = ${run.companyId} and campaign_id = ${run.campaignId} and result is null
        and ((attempts = 0 and next_attempt_at is null) or next_attempt_at <= ${now.toISOString()}::timestamptz)
      order by next_attempt_at asc nulls last, id
      limit ${limit}
      for update skip locked
    )
    update auto_call_numbers n
    set attempts = n.attempts + 1, last_attempt_at = ${now.toISOString()}::timestamptz, next_attempt_at = null, uniqueid = null
    from picked
    where n.id = picked.id and n.result is null
      and ((n.attempts = 0 and n.next_attempt_at is null) or n.next_attempt_at <= ${now.toISOString()}::timestamptz)
      and exists (select 1 from auto_call_runs r where r.campaign_id = ${run.campaignId} and r.lease_owner = ${owner} and r.lease_until > now())
    returning n.id, n.phone_number as "phoneNumber", n.attempts`);
  const claimed = rowsOf<ClaimedNumber>(result);
  const dial: ClaimedNumber[] = [];
  const blocked: ClaimedNumber[] = [];
  for (const number of claimed.sort((a, b) => a.id - b.id)) {
    if (await isBlocked(number.phoneNumber)) blocked.push(number);
    else dial.push(number);
  }
  // Checked after the claim (one statement, no transaction held over the blacklist's read): a process
  // dying in between leaves the number in flight, and its next claim checks the blacklist again.
  for (const number of blocked) {
    await db
      .update(autoCallNumbers)
      .set({ result: 'block', attempts: number.attempts - 1, lastAttemptAt: null })
      .where(and(eq(autoCallNumbers.id, number.id), eq(autoCallNumbers.attempts, number.attempts), inFlightNumber));
  }
  return { dial, blocked: blocked.map((n) => ({ ...n, attempts: n.attempts - 1 })) };
}

/** The call of a claimed attempt reached the PBX (its uniqueid, as in the call log). */
export async function noteNumberCall(db: Database, number: ClaimedNumber, uniqueid: string): Promise<void> {
  await db.update(autoCallNumbers).set({ uniqueid }).where(and(eq(autoCallNumbers.id, number.id), eq(autoCallNumbers.attempts, number.attempts), inFlightNumber));
}

/**
 * How an attempt ended: final (`retryAt` null) or a retry due at `retryAt`. Only the attempt that is
 * still in flight is settled, so a late report (the attempt was given up by a process taking over) is
 * ignored; answers whether it was written.
 */
export async function settleNumber(db: Database, number: ClaimedNumber, result: AutoCallResult, retryAt: Date | null): Promise<boolean> {
  const rows = await db
    .update(autoCallNumbers)
    .set(retryAt ? { nextAttemptAt: retryAt } : { result })
    .where(and(eq(autoCallNumbers.id, number.id), eq(autoCallNumbers.attempts, number.attempts), inFlightNumber))
    .returning({ id: autoCallNumbers.id });
  return rows.length > 0;
}

/** The campaign's numbers in flight: after a takeover, the attempts of the process that lost the run. */
export async function numbersInFlight(db: Database, run: ClaimedRun): Promise<ClaimedNumber[]> {
  return db
    .select({ id: autoCallNumbers.id, phoneNumber: autoCallNumbers.phoneNumber, attempts: autoCallNumbers.attempts })
    .from(autoCallNumbers)
    .where(and(eq(autoCallNumbers.companyId, run.companyId), eq(autoCallNumbers.campaignId, run.campaignId), inFlightNumber));
}

/** Rows by id, for reconciling a restored snapshot with the table. */
export async function numbersById(db: Database, run: ClaimedRun, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: autoCallNumbers.id, result: autoCallNumbers.result, attempts: autoCallNumbers.attempts, nextAttemptAt: autoCallNumbers.nextAttemptAt })
    .from(autoCallNumbers)
    .where(and(eq(autoCallNumbers.companyId, run.companyId), eq(autoCallNumbers.campaignId, run.campaignId), inArray(autoCallNumbers.id, ids)));
}
