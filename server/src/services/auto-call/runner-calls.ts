import type { AutoCallResult, AutoCallVariant } from '../../../../src/api/contracts/auto-call.contract';
import { createAnswerModel, seededRandom, type AnswerRates, type DialOutcome } from '../../../../src/api/auto-call/answer-model';
import type { DialResult, PlaceCallResult, PlaceCallRequest } from '../../telephony/driver';
import type { ExtensionState } from '../../telephony/status-codes';

/**
 * One auto-call attempt on the built-in PBX (docs/auto-call.md "Runner"). The far end is the seeded
 * callee of src/api/auto-call/answer-model.ts, drawn from the seed, the number and the attempt, so the
 * same campaign gives the same outcomes whichever process dials it and after any restart. Ringing,
 * answering-machine detection and the callee's choices happen here; an answer that goes to an agent
 * becomes a real call on the simulated PBX (`placeInboundCall` to the agent's extension, answered at
 * once, hung up from the far side after the callee's talk time), so the agent's phone pops and rings
 * like any call, and the call log records it.
 */

/** What the runner asks of the PBX: `app.telephony`, which forwards to the process holding it. */
export interface AutoCallTelephony {
  command(companyId: number, name: 'load', ext: string): Promise<ExtensionState>;
  command(companyId: number, name: 'answer', ext: string): Promise<void>;
  simulator(companyId: number, name: 'placeInboundCall', request: PlaceCallRequest): Promise<PlaceCallResult | DialResult>;
  simulator(companyId: number, name: 'hangupFromFar', uniqueid: string): Promise<void>;
}

/** An answered call must reach an agent within this, or it gets the recorded message and counts as dropped (anchors.md). */
export const AGENT_WAIT_MS = 2_000;
/** `public`: share of live answers that press 1 for an agent after the message (the rest listen and hang up). */
export const PRESS_ONE_RATE = 0.3;
const AGENT_POLL_MS = 200;

export interface DrawnDial extends DialOutcome {
  /** `public`: whether the callee presses 1 after the message. */
  pressesOne: boolean;
}

/** The callee's answer to attempt `attempt` of number `numberId` under `seed`: the same every time. */
export function drawDial(seed: number, numberId: number, attempt: number, rates?: AnswerRates): DrawnDial {
  const mixed = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(numberId | 0, 0x85ebca6b) ^ Math.imul(attempt | 0, 0xc2b2ae35)) >>> 0;
  const outcome = createAnswerModel(mixed, rates).next();
  return { ...outcome, pressesOne: seededRandom(mixed ^ 0x5bd1e995)() < PRESS_ONE_RATE };
}

export interface LegContext {
  companyId: number;
  variant: AutoCallVariant;
  phoneNumber: string;
  telephony: AutoCallTelephony;
  signal: AbortSignal;
  /** A free extension of the campaign, held for this call until `release`; null when none is free now. */
  takeAgent(): Promise<string | null>;
  release(extension: string): void;
  /** Timers (tests shorten nothing here: the answer rates set the durations). */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface LegOutcome {
  result: AutoCallResult;
  /** The PBX call an agent got. */
  uniqueid?: string;
}

export class LegAborted extends Error {}

/** Plays the attempt out; resolves with its result, or rejects with LegAborted when the run stops it. */
export async function playLeg(dial: DrawnDial, leg: LegContext): Promise<LegOutcome> {
  await leg.sleep(dial.ringMs, leg.signal);
  if (dial.kind === 'busy') return { result: 'busy' };
  if (dial.kind === 'no_answer') return { result: 'no_answer' };
  // Picked up: answering-machine detection listens first.
  await leg.sleep(dial.detectMs, leg.signal);
  // A human AMD took for a machine is hung up on like a machine (the pacing counts such losses, pacing.ts).
  if (dial.detectedAs === 'machine') return { result: 'machine' };
  if (leg.variant === 'public' && !dial.pressesOne) return { result: 'listen_hangup' };
  return connectToAgent(dial, leg);
}

async function connectToAgent(dial: DrawnDial, leg: LegContext): Promise<LegOutcome> {
  const deadline = Date.now() + AGENT_WAIT_MS;
  for (;;) {
    const agent = await leg.takeAgent();
    if (agent) {
      try {
        const placed = await leg.telephony.simulator(leg.companyId, 'placeInboundCall', { from: leg.phoneNumber, to: agent });
        if ('blocked' in placed && placed.blocked) return { result: 'block' };
        await leg.telephony.command(leg.companyId, 'answer', agent);
        // The callee talks, then hangs up (not tied to the run: a cancelled run leaves connected calls be).
        const talk = setTimeout(() => void leg.telephony.simulator(leg.companyId, 'hangupFromFar', placed.uniqueid).catch(() => undefined), Math.max(1, dial.talkMs || 1_000));
        talk.unref();
        return { result: 'success', uniqueid: placed.uniqueid };
      } catch {
        // The agent got busy or logged out meanwhile: try another within the same two seconds.
      } finally {
        leg.release(agent);
      }
    }
    const left = deadline - Date.now();
    // Nobody free in time: the callee hears the recorded message and the call counts as dropped.
    if (left <= 0) return { result: 'dropcall' };
    await leg.sleep(Math.min(AGENT_POLL_MS, left), leg.signal);
  }
}

/** setTimeout as a promise that rejects with LegAborted when the signal aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new LegAborted());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LegAborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
