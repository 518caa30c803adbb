/**
 * A seeded, pseudo-random callee for the auto-call simulator and benchmark: each dial's outcome (who picks
 * up, after how long, how long they talk, what answering-machine detection decides). Pure and
 * deterministic: the same seed and rates give the same sequence, so a simulated run can be replayed and a
 * benchmark compares pacings on identical callees.
 */

/** A duration distribution. Lognormal fits ring and talk times (right-skewed, never negative); exponential is the memoryless baseline. */
export type DurationSpec =
  | { dist: 'exponential'; meanMs: number }
  | { dist: 'lognormal'; meanMs: number; sigma: number }
  | { dist: 'fixed'; meanMs: number };

export interface AnswerRates {
  /** Shares of dials; they must add up to 1. */
  human: number;
  busy: number;
  noAnswer: number;
  machine: number;
  /** Dial to pick-up, for humans and machines (clamped below the ring time-out). */
  answerDelay: DurationSpec;
  /** Dial to the busy signal. */
  busyDelay: DurationSpec;
  /** How long a connected human talks. */
  talk: DurationSpec;
  /** Answering-machine detection: how long it listens after pick-up (Asterisk AMD decides within 5 s). */
  amdDelay: DurationSpec;
  /** Share of answers AMD gets wrong: a human taken for a machine (hung up on: counts as a drop), a machine taken for a human. */
  amdErrorRate: number;
  /** A call nobody answers rings this long, then counts as no answer (15 s is the usual limit). */
  ringTimeoutMs: number;
}

export type CalleeKind = 'human' | 'busy' | 'no_answer' | 'machine';

export interface DialOutcome {
  kind: CalleeKind;
  /** Dial to pick-up (human, machine), to the busy signal, or to the ring time-out. */
  ringMs: number;
  /** After pick-up, when AMD classifies the call; 0 when nobody picked up. */
  detectMs: number;
  /** What AMD says; null when nobody picked up. */
  detectedAs: 'human' | 'machine' | null;
  /** The talk a human would give if connected to an agent; 0 for others. */
  talkMs: number;
}

export const DEFAULT_ANSWER_RATES: AnswerRates = {
  human: 0.2,
  busy: 0.1,
  noAnswer: 0.55,
  machine: 0.15,
  answerDelay: { dist: 'lognormal', meanMs: 7_000, sigma: 0.5 },
  busyDelay: { dist: 'lognormal', meanMs: 3_000, sigma: 0.3 },
  talk: { dist: 'lognormal', meanMs: 60_000, sigma: 0.8 },
  amdDelay: { dist: 'lognormal', meanMs: 1_500, sigma: 0.3 },
  amdErrorRate: 0.005,
  ringTimeoutMs: 15_000,
};

/**
 * Callees that decide within a second and talk for two (AUTO_CALL_CALLEES=quick): a demo or a browser
 * test sees a campaign of 50 numbers end in about a minute, with every kind of result.
 */
export const QUICK_ANSWER_RATES: AnswerRates = {
  human: 0.5,
  busy: 0.15,
  noAnswer: 0.15,
  machine: 0.2,
  answerDelay: { dist: 'fixed', meanMs: 600 },
  busyDelay: { dist: 'fixed', meanMs: 300 },
  talk: { dist: 'fixed', meanMs: 2_000 },
  amdDelay: { dist: 'fixed', meanMs: 200 },
  amdErrorRate: 0,
  ringTimeoutMs: 1_000,
};

/** mulberry32: a tiny 32-bit PRNG, good enough for simulation and fully reproducible from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal by Box–Muller; 1 - u keeps log() away from 0. */
function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function drawDuration(spec: DurationSpec, random: () => number): number {
  switch (spec.dist) {
    case 'fixed':
      return spec.meanMs;
    case 'exponential':
      return -spec.meanMs * Math.log(1 - random());
    case 'lognormal': {
      // mean of a lognormal is exp(mu + sigma²/2): choose mu so that the mean is the one asked for.
      const mu = Math.log(spec.meanMs) - (spec.sigma * spec.sigma) / 2;
      return Math.exp(mu + spec.sigma * normal(random));
    }
  }
}

function checkRates(rates: AnswerRates) {
  const sum = rates.human + rates.busy + rates.noAnswer + rates.machine;
  if (Math.abs(sum - 1) > 1e-9) throw new Error(`answer rates must add up to 1, got ${sum}`);
  if (rates.amdErrorRate < 0 || rates.amdErrorRate > 1) throw new Error('amdErrorRate must be within 0..1');
}

export interface AnswerModel {
  /** The next dial's outcome. */
  next(): DialOutcome;
  readonly rates: AnswerRates;
}

export function createAnswerModel(seed: number, rates: AnswerRates = DEFAULT_ANSWER_RATES): AnswerModel {
  checkRates(rates);
  const random = seededRandom(seed);
  // Every draw consumes the same number of random values whatever the kind, so changing one rate does not
  // shift the whole sequence of later outcomes more than it must.
  const next = (): DialOutcome => {
    const pick = random();
    const answerDelay = Math.min(drawDuration(rates.answerDelay, random), rates.ringTimeoutMs - 1);
    const busyDelay = Math.min(drawDuration(rates.busyDelay, random), rates.ringTimeoutMs - 1);
    const talk = Math.max(1_000, drawDuration(rates.talk, random));
    const detect = drawDuration(rates.amdDelay, random);
    const amdWrong = random() < rates.amdErrorRate;
    if (pick < rates.human) {
      return { kind: 'human', ringMs: answerDelay, detectMs: detect, detectedAs: amdWrong ? 'machine' : 'human', talkMs: talk };
    }
    if (pick < rates.human + rates.machine) {
      return { kind: 'machine', ringMs: answerDelay, detectMs: detect, detectedAs: amdWrong ? 'human' : 'machine', talkMs: 0 };
    }
    if (pick < rates.human + rates.machine + rates.busy) {
      return { kind: 'busy', ringMs: busyDelay, detectMs: 0, detectedAs: null, talkMs: 0 };
    }
    return { kind: 'no_answer', ringMs: rates.ringTimeoutMs, detectMs: 0, detectedAs: null, talkMs: 0 };
  };
  return { next, rates };
}
