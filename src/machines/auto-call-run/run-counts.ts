import { pushAnswerOutcome } from '../../api/auto-call/pacing';

/** How a number's attempt ended (CONTRACT §13). */
export const AUTO_CALL_RESULTS = ['machine', 'busy', 'success', 'listen_hangup', 'block', 'dropcall', 'no_answer'] as const;
export type AutoCallResult = (typeof AUTO_CALL_RESULTS)[number];
export type ResultCounts = Record<AutoCallResult, number>;
export type NumberId = string | number;

/** A human answered: connected (`success`), listened to the message and hung up, or dropped for want of an agent. */
const HUMAN_ANSWERS: readonly AutoCallResult[] = ['success', 'listen_hangup', 'dropcall'];

/**
 * What the run knows about its numbers. Plain JSON (no Maps or Sets) so that a persisted snapshot
 * restores it as is. Only numbers in flight and waiting retries are listed by id; the rest are counts,
 * so a 100,000-number campaign keeps a small snapshot.
 */
export interface RunCounts {
  total: number;
  /** Numbers taken for a first attempt. */
  taken: number;
  /** Attempts placed (first attempts and retries). */
  dialled: number;
  /** Numbers being dialled or talked to now. */
  inFlight: NumberId[];
  /** Numbers that will be dialled again, not before `at` (epoch ms). */
  retries: { numberId: NumberId; at: number }[];
  /** Final result of each finished number. */
  results: ResultCounts;
  /** Every attempt's result, retried ones included: what the pacing measures answer and drop rates from. */
  attempts: ResultCounts;
  /** Latest human answers, 1 = dropped (pacing.ts sliding window). */
  abandonWindow: (0 | 1)[];
}

export const emptyResults = (): ResultCounts =>
  Object.fromEntries(AUTO_CALL_RESULTS.map((r) => [r, 0])) as ResultCounts;

export const initialCounts = (total: number): RunCounts => ({
  total: Math.max(0, Math.floor(total)),
  taken: 0,
  dialled: 0,
  inFlight: [],
  retries: [],
  results: emptyResults(),
  attempts: emptyResults(),
  abandonWindow: [],
});

const sum = (counts: ResultCounts) => AUTO_CALL_RESULTS.reduce((n, r) => n + counts[r], 0);

export const finishedCount = (c: RunCounts) => sum(c.results);
/** Numbers without a final result yet. */
export const remainingCount = (c: RunCounts) => c.total - finishedCount(c);
/** Numbers that may be dialled at `now`: never tried, or a retry that is due. */
export const dialableCount = (c: RunCounts, now: number) =>
  c.total - c.taken + c.retries.filter((r) => r.at <= now).length;
/** Nothing left to dial and nothing in flight: the run is over. */
export const isAllDone = (c: RunCounts) => c.taken >= c.total && c.inFlight.length === 0 && c.retries.length === 0;
export const humanAnswers = (counts: ResultCounts) => HUMAN_ANSWERS.reduce((n, r) => n + counts[r], 0);
export const endedAttempts = (c: RunCounts) => sum(c.attempts);

/**
 * The runner took a number and dialled it. Ignored when it is already in flight (a repeated report) or
 * when every number has been taken and it is no retry (the runner never dials more than the campaign has).
 */
export function applyDialled(c: RunCounts, numberId: NumberId): RunCounts | null {
  if (c.inFlight.includes(numberId)) return null;
  const retry = c.retries.findIndex((r) => r.numberId === numberId);
  if (retry < 0 && c.taken >= c.total) return null;
  return {
    ...c,
    taken: retry < 0 ? c.taken + 1 : c.taken,
    retries: retry < 0 ? c.retries : c.retries.filter((_, i) => i !== retry),
    dialled: c.dialled + 1,
    inFlight: [...c.inFlight, numberId],
  };
}

/**
 * An attempt ended. With `retryAt` the number waits for another attempt (the runner applies
 * `max_attempts`); without, `result` is final. Ignored for a number not in flight (a late or repeated report).
 */
export function applyResult(c: RunCounts, numberId: NumberId, result: AutoCallResult, retryAt?: number): RunCounts | null {
  if (!c.inFlight.includes(numberId)) return null;
  const human = HUMAN_ANSWERS.includes(result);
  return {
    ...c,
    inFlight: c.inFlight.filter((id) => id !== numberId),
    attempts: { ...c.attempts, [result]: c.attempts[result] + 1 },
    results: retryAt === undefined ? { ...c.results, [result]: c.results[result] + 1 } : c.results,
    retries: retryAt === undefined ? c.retries : [...c.retries, { numberId, at: retryAt }],
    abandonWindow: human ? pushAnswerOutcome(c.abandonWindow, result === 'dropcall') : c.abandonWindow,
  };
}
