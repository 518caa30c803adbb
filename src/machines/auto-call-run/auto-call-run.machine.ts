import { assign, setup } from 'xstate';
import { DEFAULT_MAX_ABANDON_RATE, dialsNow, estimateAnswerRate, windowCounts, type Pacing } from '../../api/auto-call/pacing';
import { DEFAULT_CALL_WINDOW, isInCallWindow, type CallWindow } from './call-window';
import {
  applyDialled,
  applyResult,
  dialableCount,
  endedAttempts,
  humanAnswers,
  initialCounts,
  isAllDone,
  type AutoCallResult,
  type NumberId,
  type RunCounts,
} from './run-counts';

/**
 * The run of one auto-call campaign (CONTRACT §13): ready → on_going (running | waiting_window | paused)
 * → complete | cancelled. The runner on the server owns the clock and the phone lines: it sends TICK
 * about once a second with the time and the agents' state, dials what `requestDials` asks for and
 * reports each number (NUMBER_DIALLED, NUMBER_RESULT). The machine decides *whether* and *how many*:
 * dials are requested only on a TICK whose time is inside the call window, in `running`, so a paused run
 * or one outside its window can never dial, whatever the runner's timers do.
 *
 * No `after` timers: a persisted snapshot would lose them (xstate.md §4, #5331); the runner's TICK is the
 * clock, so `getPersistedSnapshot()` → JSON → `createActor(machine, { snapshot })` resumes exactly.
 */

export interface AutoCallRunInput {
  campaignId?: NumberId | null;
  /** Numbers in the campaign. */
  total: number;
  pacing?: Pacing;
  multiple?: number;
  maxAbandonRate?: number;
  /** Estimated share of live answers AMD hangs up on (pacing.ts `amdLossRate`). */
  amdLossRate?: number;
  callWindow?: CallWindow;
}

/** The lines and agents as the runner sees them at a TICK (pacing.ts inputs). */
export interface LineState {
  freeAgents: number;
  busyAgents: number;
  /** Dials ringing, not yet answered or failed. */
  ringing: number;
  /** Agents known to be free within the time to answer; estimated from busy agents when absent. */
  soonFreeAgents?: number;
  /** Agents' open requests for a number (`preview`). */
  previewRequests?: number;
  avgTalkMs?: number;
  avgAnswerMs?: number;
}

export interface AutoCallRunContext {
  campaignId: NumberId | null;
  pacing: Pacing;
  multiple: number;
  maxAbandonRate: number;
  amdLossRate: number;
  callWindow: CallWindow;
  counts: RunCounts;
  /** The latest time the runner told (epoch ms); null before the first. */
  now: number | null;
  /** Dials requested and not yet reported dialled, and when they were asked for. */
  awaitingDials: number;
  requestedAt: number | null;
}

export type AutoCallRunEvent =
  | { type: 'START'; now?: number }
  | { type: 'PAUSE' }
  /**
   * `untaken`: the campaign's numbers never dialled, as the database has them now. Numbers may be
   * uploaded while the run is paused; the run takes them in when it resumes.
   */
  | { type: 'RESUME'; now?: number; untaken?: number }
  | { type: 'CANCEL' }
  | { type: 'TICK'; now: number; line: LineState }
  | { type: 'NUMBER_DIALLED'; numberId: NumberId }
  | { type: 'NUMBER_RESULT'; numberId: NumberId; result: AutoCallResult; retryAt?: number };

/** A request the runner has not answered within this time is forgotten (its dials failed or were skipped). */
export const DIAL_ACK_MS = 10_000;
const DEFAULT_TALK_MS = 60_000;
const DEFAULT_ANSWER_MS = 8_000;

/** Dials asked for and not yet reported dialled; a request older than DIAL_ACK_MS no longer counts. */
const outstandingDials = (context: AutoCallRunContext, now: number) =>
  context.requestedAt !== null && now - context.requestedAt < DIAL_ACK_MS ? context.awaitingDials : 0;

/** How many numbers to ask the runner for at this TICK: the pacing's answer, capped by what is dialable. */
export function dialsToRequest(context: AutoCallRunContext, now: number, line: LineState): number {
  const outstanding = outstandingDials(context, now);
  const { counts } = context;
  const answered = humanAnswers(counts.attempts);
  const wanted = dialsNow({
    pacing: context.pacing,
    multiple: context.multiple,
    freeAgents: line.freeAgents,
    busyAgents: line.busyAgents,
    soonFreeAgents: line.soonFreeAgents,
    // Requested dials not yet placed will ring in a moment: count them, or every TICK asks again.
    ringing: line.ringing + outstanding,
    previewRequests: Math.max(0, (line.previewRequests ?? 0) - outstanding),
    // A blacklisted number is never dialled: it says nothing about who answers.
    answerRate: estimateAnswerRate(answered, endedAttempts(counts) - counts.attempts.block),
    avgTalkMs: line.avgTalkMs ?? DEFAULT_TALK_MS,
    avgAnswerMs: line.avgAnswerMs ?? DEFAULT_ANSWER_MS,
    maxAbandonRate: context.maxAbandonRate,
    amdLossRate: context.amdLossRate,
    answered,
    dropped: counts.attempts.dropcall,
    recent: windowCounts(counts.abandonWindow),
  });
  return Math.min(wanted, Math.max(0, dialableCount(counts, now) - outstanding));
}

const eventTime = (context: AutoCallRunContext, event: AutoCallRunEvent) =>
  ('now' in event && typeof event.now === 'number' ? event.now : null) ?? context.now;

const runSetup = setup({
  types: {} as { input: AutoCallRunInput; context: AutoCallRunContext; events: AutoCallRunEvent },
  actions: {
    /** Provided by the runner: take `count` numbers (fresh ones, or retries that are due) and dial them. */
    requestDials: (_, _params: { count: number }) => {},
    /** Provided by the runner: hang up the calls still in flight when the run is cancelled. */
    hangUpInFlight: () => {},
    recordTime: assign({ now: ({ context, event }) => eventTime(context, event) }),
    countDialled: assign(({ context, event }) => {
      if (event.type !== 'NUMBER_DIALLED') return {};
      const counts = applyDialled(context.counts, event.numberId);
      return counts ? { counts, awaitingDials: Math.max(0, context.awaitingDials - 1) } : {};
    }),
    /** Numbers added while paused join the run: it holds those it took plus those still to take. */
    recountNumbers: assign(({ context, event }) => {
      if (event.type !== 'RESUME' || event.untaken === undefined) return {};
      return { counts: { ...context.counts, total: context.counts.taken + Math.max(0, Math.floor(event.untaken)) } };
    }),
    countResult: assign(({ context, event }) => {
      if (event.type !== 'NUMBER_RESULT') return {};
      const counts = applyResult(context.counts, event.numberId, event.result, event.retryAt);
      return counts ? { counts } : {};
    }),
  },
  guards: {
    /** Inside the call window at this event's time; with no time known yet, the first TICK decides. */
    windowOpen: ({ context, event }) => {
      const now = eventTime(context, event);
      return now === null || isInCallWindow(context.callWindow, now);
    },
    allDone: ({ context }) => isAllDone(context.counts),
  },
});

/** On a TICK inside the window: ask the runner for as many dials as the pacing allows, and remember the request. */
const pace = runSetup.enqueueActions(({ context, event, enqueue }) => {
  if (event.type !== 'TICK') return;
  const count = dialsToRequest(context, event.now, event.line);
  if (count <= 0) return;
  enqueue.assign({ awaitingDials: outstandingDials(context, event.now) + count, requestedAt: event.now });
  enqueue({ type: 'requestDials', params: { count } });
});

export const autoCallRunMachine = runSetup.createMachine({
  id: 'autoCallRun',
  context: ({ input }) => ({
    campaignId: input.campaignId ?? null,
    pacing: input.pacing ?? 'progressive',
    multiple: input.multiple ?? 1,
    maxAbandonRate: input.maxAbandonRate ?? DEFAULT_MAX_ABANDON_RATE,
    amdLossRate: input.amdLossRate ?? 0,
    callWindow: input.callWindow ?? DEFAULT_CALL_WINDOW,
    counts: initialCounts(input.total),
    now: null,
    awaitingDials: 0,
    requestedAt: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        START: [
          { guard: 'windowOpen', target: 'on_going.running', actions: 'recordTime' },
          { target: 'on_going.waiting_window', actions: 'recordTime' },
        ],
        CANCEL: 'cancelled',
        TICK: { actions: 'recordTime' },
      },
    },
    on_going: {
      // Calls in flight finish whatever the substate (paused or out of window): count them, and end
      // the run when the last number has its final result.
      always: { guard: 'allDone', target: 'complete' },
      on: {
        NUMBER_DIALLED: { actions: 'countDialled' },
        NUMBER_RESULT: { actions: 'countResult' },
        CANCEL: 'cancelled',
      },
      initial: 'running',
      states: {
        running: {
          on: {
            TICK: [
              { guard: 'windowOpen', actions: ['recordTime', pace] },
              { target: 'waiting_window', actions: 'recordTime' },
            ],
            PAUSE: 'paused',
          },
        },
        /** Outside the call window: nothing is dialled until a TICK inside it. */
        waiting_window: {
          on: {
            TICK: [{ guard: 'windowOpen', target: 'running', actions: ['recordTime', pace] }, { actions: 'recordTime' }],
            PAUSE: 'paused',
          },
        },
        paused: {
          on: {
            TICK: { actions: 'recordTime' },
            RESUME: [
              { guard: 'windowOpen', target: 'running', actions: ['recordTime', 'recountNumbers'] },
              { target: 'waiting_window', actions: ['recordTime', 'recountNumbers'] },
            ],
          },
        },
      },
    },
    complete: { type: 'final' },
    cancelled: { type: 'final', entry: 'hangUpInFlight' },
  },
});
