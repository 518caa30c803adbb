import { createAnswerModel, DEFAULT_ANSWER_RATES, type AnswerRates, type DialOutcome } from './answer-model';
import { EventQueue } from './event-queue';
import { ABANDON_WINDOW, dialsNow, estimateAnswerRate, type Pacing } from './pacing';

/**
 * A discrete-event simulation of one campaign in virtual time: N numbers, A agents, seeded callees
 * (answer-model.ts) and one pacing (pacing.ts). Pure and fast, so the pacing can be tuned and compared.
 *
 * What it models: the runner ticks once a second and asks the pacing how many to dial; each dial rings,
 * is picked up or not; AMD classifies a pick-up; a call taken for a human needs a free agent within
 * `connectWithinMs` (2 s, the rule) or it is dropped; a human AMD takes for a machine is hung up on and
 * counts as dropped too (anchors.md: count detection errors as drops). The pacing sees only what a real
 * runner sees (AMD's verdicts), the result reports the truth.
 */

export interface SimulationOptions {
  numbers: number;
  agents: number;
  pacing: Pacing;
  multiple?: number;
  maxAbandonRate?: number;
  seed?: number;
  rates?: AnswerRates;
  /** How often the runner asks the pacing (its TICK). */
  tickMs?: number;
  connectWithinMs?: number;
  /** How long an agent is held by an answering machine AMD took for a human. */
  machineHoldMs?: number;
}

export interface SimulationResult {
  /** Talk with humans ÷ agents' logged-in time (from the first dial to the last hang-up). */
  occupancy: number;
  /** Dropped ÷ answered by a human (the abandon rate the rule limits). */
  droppedShare: number;
  /** Dials per hour, and humans connected to an agent per hour. */
  callsPerHour: number;
  connectsPerHour: number;
  dials: number;
  answered: number;
  dropped: number;
  durationMs: number;
}

type SimEvent =
  | { type: 'picked'; outcome: DialOutcome }
  | { type: 'agentFree' }
  | { type: 'holdExpired'; call: HeldCall };

interface HeldCall {
  human: boolean;
  talkMs: number;
  done: boolean;
}

// Priors for the measured averages before any call has shown them (the runner would read them from
// earlier campaigns); weights are in calls.
const TALK_PRIOR_MS = 60_000;
const ANSWER_PRIOR_MS = 8_000;
const PRIOR_WEIGHT = 5;

export function simulatePacing(options: SimulationOptions): SimulationResult {
  const tickMs = options.tickMs ?? 1_000;
  const connectWithinMs = options.connectWithinMs ?? 2_000;
  const machineHoldMs = options.machineHoldMs ?? 5_000;
  const rates = options.rates ?? DEFAULT_ANSWER_RATES;
  const model = createAnswerModel(options.seed ?? 1, rates);
  const queue = new EventQueue<SimEvent>();
  const held: HeldCall[] = [];

  let left = options.numbers;
  let free = options.agents;
  let ringing = 0;
  let dials = 0;
  let ended = 0;
  let now = 0;
  let lastEventAt = 0;
  const truth = { answered: 0, dropped: 0, connected: 0, talkMs: 0 };
  const seen = { humans: 0, answered: 0, dropped: 0, talkMs: 0, talks: 0, answerMs: 0 };
  // The pacing's sliding window as a ring with a running count: summing 1,000 entries at every tick
  // would be most of the simulation's time.
  const ring = new Uint8Array(ABANDON_WINDOW);
  const recent = { answered: 0, dropped: 0 };

  const connect = (call: HeldCall) => {
    free--;
    const busyFor = call.human ? call.talkMs : machineHoldMs;
    if (call.human) {
      truth.connected++;
      truth.talkMs += call.talkMs;
      seen.talkMs += call.talkMs;
      seen.talks++;
    }
    queue.push(now + busyFor, { type: 'agentFree' });
  };
  const observe = (dropped: boolean) => {
    seen.answered++;
    if (dropped) seen.dropped++;
    const slot = seen.answered % ABANDON_WINDOW; // where the answer ABANDON_WINDOW ago was kept
    if (recent.answered === ABANDON_WINDOW) recent.dropped -= ring[slot]!;
    else recent.answered++;
    ring[slot] = dropped ? 1 : 0;
    recent.dropped += ring[slot];
  };

  const handle = (event: SimEvent) => {
    switch (event.type) {
      case 'picked': {
        const { outcome } = event;
        ringing--;
        ended++;
        if (outcome.kind === 'human') truth.answered++;
        if (outcome.detectedAs !== 'human') {
          if (outcome.kind === 'human') truth.dropped++; // hung up on by AMD
          return;
        }
        seen.humans++;
        seen.answerMs += outcome.ringMs;
        const call: HeldCall = { human: outcome.kind === 'human', talkMs: outcome.talkMs, done: false };
        if (free > 0) {
          call.done = true;
          observe(false);
          connect(call);
        } else {
          held.push(call);
          queue.push(now + connectWithinMs, { type: 'holdExpired', call });
        }
        return;
      }
      case 'agentFree': {
        free++;
        const next = held.shift();
        if (next) {
          next.done = true;
          observe(false);
          connect(next);
        }
        return;
      }
      case 'holdExpired': {
        if (event.call.done) return;
        event.call.done = true;
        held.splice(held.indexOf(event.call), 1);
        observe(true);
        if (event.call.human) truth.dropped++;
        return;
      }
    }
  };

  const dial = () => {
    const outcome = model.next();
    dials++;
    left--;
    ringing++;
    queue.push(now + outcome.ringMs + outcome.detectMs, { type: 'picked', outcome });
  };

  while (left > 0 || queue.size > 0) {
    while (queue.peekTime() <= now) {
      const next = queue.pop()!;
      lastEventAt = next.at;
      const saved = now;
      now = next.at;
      handle(next.item);
      now = saved;
    }
    if (left > 0) {
      const count = dialsNow({
        pacing: options.pacing,
        multiple: options.multiple ?? 1,
        freeAgents: free,
        busyAgents: options.agents - free,
        ringing,
        previewRequests: free,
        answerRate: estimateAnswerRate(seen.humans, ended),
        avgTalkMs: (seen.talkMs + TALK_PRIOR_MS * PRIOR_WEIGHT) / (seen.talks + PRIOR_WEIGHT),
        avgAnswerMs: (seen.answerMs + ANSWER_PRIOR_MS * PRIOR_WEIGHT) / (seen.humans + PRIOR_WEIGHT),
        maxAbandonRate: options.maxAbandonRate,
        // The runner is told its AMD's error rate (measured by listening to a sample); so is the pacing here.
        amdLossRate: rates.amdErrorRate,
        answered: seen.answered,
        dropped: seen.dropped,
        recent: { ...recent },
      });
      for (let i = 0; i < count && left > 0; i++) dial();
    }
    now += tickMs;
  }

  const durationMs = Math.max(lastEventAt, 1);
  const hours = durationMs / 3_600_000;
  return {
    occupancy: truth.talkMs / (options.agents * durationMs),
    droppedShare: truth.answered === 0 ? 0 : truth.dropped / truth.answered,
    callsPerHour: dials / hours,
    connectsPerHour: truth.connected / hours,
    dials,
    answered: truth.answered,
    dropped: truth.dropped,
    durationMs,
  };
}
