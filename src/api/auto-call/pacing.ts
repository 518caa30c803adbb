/**
 * How many numbers an auto-call campaign dials now (CONTRACT §10 `pacing`). Pure: the runner (or the
 * simulator) passes what it measures, this answers a count.
 *
 * - `preview`: a number is dialled only when an agent asks for one, never more than the free agents.
 * - `progressive`: `multiple` lines per free agent, counting calls already ringing. With `multiple = 1`
 *   every answer finds an agent (nothing is dropped), but agents wait through every unanswered ring.
 * - `predictive`: dial so that the calls expected to be answered match the agents expected to be free
 *   by then, and back off as the share of dropped calls (answered, no agent within 2 s) approaches
 *   `max_abandon_rate` (3 % of live answers, the US and UK rule; anchors.md "Auto-call").
 */

export type Pacing = 'preview' | 'progressive' | 'predictive';

export const DEFAULT_MAX_ABANDON_RATE = 0.03;
/** Never more lines than this per agent, whatever the measurements say (a wrong answer rate must not flood the trunk). */
export const MAX_LINES_PER_AGENT = 4;
/** Until this many calls are answered, the measured answer rate is blended with the prior (a few early calls say little). */
const ANSWER_RATE_PRIOR = 0.25;
const ANSWER_RATE_PRIOR_WEIGHT = 30;
/** The abandon rate is estimated as if this many answered calls had already dropped at half the limit. */
const ABANDON_PRIOR_ANSWERS = 50;
/**
 * Full predictive up to this fraction of the limit (less the AMD losses), back to progressive 1:1 at
 * FEEDBACK_STOP, linear in between. The headroom above 75 % absorbs the randomness of a small team (drops
 * come in bursts) and an AMD error rate estimated too low. Tuned with simulate-pacing.ts: 20 agents,
 * 20,000 numbers, default callees, seeds 1–12 → 2.0–2.4 % dropped and 1.36–1.48 × the occupancy of
 * progressive 1:1; with 2 % AMD errors still ≤ 2.9 %. Starting later (0.6–0.7) overshoots the limit and then
 * oscillates: more drops *and* less occupancy; 0.5/0.9 passes 3 % with 2 % AMD errors.
 */
const FEEDBACK_START = 0.3;
const FEEDBACK_STOP = 0.75;

export interface PacingInput {
  pacing: Pacing;
  /** Lines per free agent for `progressive` (CONTRACT `multiple`); ignored otherwise. */
  multiple?: number;
  /** Agents logged in and waiting for a call. */
  freeAgents: number;
  /** Agents on a call now (they free up at a rate of 1 / average talk). */
  busyAgents: number;
  /**
   * Agents the runner knows will be free within the time to answer (say, talk about to end, or wrap-up
   * ending). When absent, estimated from `busyAgents`, `avgAnswerMs` and `avgTalkMs`.
   */
  soonFreeAgents?: number;
  /** Dials placed and not yet answered or failed. */
  ringing: number;
  /** Agents' open requests for a number (`preview`). */
  previewRequests?: number;
  /** Measured share of dials answered by a human; null before any dial has ended. */
  answerRate: number | null;
  /** Measured mean talk time, and mean time from dial to a human's answer. */
  avgTalkMs: number;
  avgAnswerMs: number;
  maxAbandonRate?: number;
  /**
   * Estimated share of live answers that answering-machine detection hangs up on (a human taken for a
   * machine). They count as drops (anchors.md) but the runner cannot see them, so the dropped share it
   * does see must stay under the limit less this share.
   */
  amdLossRate?: number;
  /** Live answers and drops since the campaign began. */
  answered: number;
  dropped: number;
  /** The same over the most recent answers (a sliding window, see `pushAnswerOutcome`). */
  recent?: { answered: number; dropped: number };
}

/** Blend the measured answer rate with the prior until enough calls have been answered. */
export function estimateAnswerRate(humanAnswers: number, endedDials: number): number {
  return (humanAnswers + ANSWER_RATE_PRIOR * ANSWER_RATE_PRIOR_WEIGHT) / (endedDials + ANSWER_RATE_PRIOR_WEIGHT);
}

/**
 * The sliding window of the latest answers as a compact list (1 = dropped, 0 = connected), newest last.
 * A plain array so it survives a machine's persisted snapshot. 1,000 answers: with 100–200 the estimate
 * follows chance runs of drops and the dialler oscillates (in the simulation: more drops, less occupancy).
 */
export const ABANDON_WINDOW = 1000;
export function pushAnswerOutcome(window: readonly (0 | 1)[], dropped: boolean, size = ABANDON_WINDOW): (0 | 1)[] {
  const next = [...window, dropped ? (1 as const) : (0 as const)];
  return next.length > size ? next.slice(next.length - size) : next;
}
export function windowCounts(window: readonly (0 | 1)[]): { answered: number; dropped: number } {
  return { answered: window.length, dropped: window.reduce<number>((sum, d) => sum + d, 0) };
}

/**
 * How far predictive may go beyond 1:1, from 1 (fully) to 0 (not at all).
 * The abandon rate is estimated with a prior of half the limit so that the first few answers cannot
 * swing it, over the whole campaign and over the recent window, and the worse of the two counts:
 * the campaign total is what the rule measures, the window reacts quickly when the callees change.
 * Once the total reaches the limit, predictive stops until connected calls bring it back under.
 */
export function abandonFeedback(
  input: Pick<PacingInput, 'answered' | 'dropped' | 'recent' | 'maxAbandonRate' | 'amdLossRate'>,
): number {
  const limit = (input.maxAbandonRate ?? DEFAULT_MAX_ABANDON_RATE) - Math.max(0, input.amdLossRate ?? 0);
  if (limit <= 0) return 0;
  const smoothed = (answered: number, dropped: number) =>
    (dropped + ABANDON_PRIOR_ANSWERS * limit * 0.5) / (answered + ABANDON_PRIOR_ANSWERS);
  // At or over the limit, over the campaign or over the window: nothing beyond 1:1 until it is back under.
  if (input.answered > 0 && input.dropped / input.answered >= limit) return 0;
  if (input.recent && input.recent.answered > 0 && input.recent.dropped / input.recent.answered >= limit) return 0;
  const total = smoothed(input.answered, input.dropped);
  const recent = input.recent ? smoothed(input.recent.answered, input.recent.dropped) : 0;
  const rate = Math.max(total, recent) / limit;
  if (rate <= FEEDBACK_START) return 1;
  if (rate >= FEEDBACK_STOP) return 0;
  return (FEEDBACK_STOP - rate) / (FEEDBACK_STOP - FEEDBACK_START);
}

/** The number of dials to place now (0 or more, a whole number). */
export function dialsNow(input: PacingInput): number {
  const free = Math.max(0, input.freeAgents);
  const ringing = Math.max(0, input.ringing);
  const cap = Math.max(0, (free + Math.max(0, input.busyAgents)) * MAX_LINES_PER_AGENT - ringing);
  switch (input.pacing) {
    case 'preview':
      return Math.min(free, Math.max(0, input.previewRequests ?? 0));
    case 'progressive':
      return Math.min(cap, Math.max(0, Math.floor(free * Math.max(1, input.multiple ?? 1)) - ringing));
    case 'predictive':
      return Math.min(cap, predictiveDials(input, free, ringing));
  }
}

function predictiveDials(input: PacingInput, free: number, ringing: number): number {
  // 1:1 for agents not yet covered by a ringing call: every answer finds an agent, so it is never unsafe.
  const safe = Math.max(0, free - ringing);
  const answerRate = Math.min(1, Math.max(0.02, input.answerRate ?? ANSWER_RATE_PRIOR));
  // Agents free when the new calls are answered: the free ones, plus busy agents expected to finish
  // within the time to answer (talk ends at a rate of 1 / average talk).
  const soonFree =
    input.soonFreeAgents ?? input.busyAgents * Math.min(1, input.avgAnswerMs / Math.max(1, input.avgTalkMs));
  const wantedAnswers = free + soonFree - ringing * answerRate;
  const target = Math.max(0, wantedAnswers / answerRate);
  const feedback = abandonFeedback(input);
  const dials = safe + feedback * Math.max(0, target - safe);
  return Math.max(0, Math.floor(dials));
}
