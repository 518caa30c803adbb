// The messages the simulator's actors exchange. Kept apart from the machines so that each machine can
// name the others' events without importing them (no import cycles between machine files).

import type { CallDestination, DirectoryGroup, DriverEvent, TelephonyDirectory } from '../driver';
import type { Presence } from '../status-codes';

export interface ExtLeg {
  ext: string;
  channel: string;
}

/** A ring group's outside-number member rung through the trunk. */
export interface OutsideLeg {
  number: string;
  channel: string;
}

/**
 * One side of a call: one of our extensions, or someone outside the PBX. An extension that placed the
 * call may present one of the company's caller ids outside (`callerId`).
 */
export type Party =
  | { kind: 'extension'; ext: string; channel: string; callerId?: string }
  | { kind: 'external'; number: string; channel: string };

export type CallOutcome = 'answered' | 'abandoned' | 'missed' | 'transferred';

export type FailReason = 'busy' | 'not_logged_in' | 'noanswer' | 'unreachable';

// --- extension actor --------------------------------------------------------------------------------

export type ExtensionEvent =
  | { type: 'ext.register' }
  | { type: 'ext.unregister' }
  | { type: 'ext.presence'; presence: Presence }
  | { type: 'ext.forward'; number: string | null }
  | { type: 'ext.rename'; name: string }
  | { type: 'line.ring'; callId: string }
  | { type: 'line.stopRinging'; callId: string }
  | { type: 'line.connect'; callId: string }
  | { type: 'line.release'; callId: string };

// --- call actor ---------------------------------------------------------------------------------------

/** Answers from the PBX root to a call's `call.route` request. */
export type RouteDecision =
  /** Ring `targets` (and a ring group's `outside` members) for `ringMs`, the PBX's ring timeout when absent. */
  | { type: 'route.ring'; targets: ExtLeg[]; ringGroup: string; outside?: OutsideLeg[]; ringMs?: number }
  /** Nobody of ring group `ringGroup` answered or could ring: the call follows its no-answer destination. */
  | { type: 'route.noAnswer'; ringGroup: string; destination: CallDestination }
  | { type: 'route.wait'; ringGroup: string }
  | { type: 'route.external'; number: string }
  | { type: 'route.fail'; reason: FailReason };

/** Commands a call accepts from the driver. `ext` is the extension acting. */
export type CallCommand =
  | { type: 'call.answer'; ext: string }
  | { type: 'call.hangup'; ext: string }
  | { type: 'call.farHangup' }
  | { type: 'call.hold'; ext: string }
  | { type: 'call.unhold'; ext: string }
  | { type: 'call.blindTransfer'; ext: string; destination: string }
  | { type: 'call.consult'; ext: string; target: ExtLeg; uniqueid: string }
  | { type: 'call.completeTransfer'; ext: string }
  | { type: 'call.spy'; ext: string; channel: string; mode: 'listen' | 'whisper'; target: string }
  | { type: 'call.recording'; file: string }
  /** The simulated far side of an outside leg a ring group rings (the control API's answer / refuse). */
  | { type: 'call.outsideAnswer'; number: string }
  | { type: 'call.outsideRefuse'; number: string }
  /** After a ring group's no-answer: ring `destination` next (an extension, queue or ring group). */
  | { type: 'call.redirect'; destination: string; ivrNumber: string }
  /** After a ring group's no-answer: the call ends where nothing rings (sound file, voicemail, hang-up...). */
  | { type: 'call.routedAway' }
  /** The caller waited a queue's maximum wait: it stops ringing and leaves for the overflow (as a ring group's no-answer). */
  | { type: 'queue.timeout'; queue: string };

export type CallEvent = RouteDecision | CallCommand;

// --- queue / ring-group actor ---------------------------------------------------------------------------

export type GroupKind = 'queue' | 'ringGroup';

export type GroupEvent =
  | { type: 'group.configure'; config: DirectoryGroup }
  | { type: 'group.join'; callId: string }
  | { type: 'group.leave'; callId: string; outcome: CallOutcome }
  | { type: 'group.rung'; ext: string }
  /** Queues: `ext` answered the call (fewest calls counts it); `callDone`: that call ended at `at` (wrap-up, least recent). */
  | { type: 'group.answered'; callId: string; ext: string }
  | { type: 'group.callDone'; callId: string; at: number }
  | { type: 'group.reset' };

// --- PBX root ------------------------------------------------------------------------------------------

export interface RouteRequest {
  type: 'call.route';
  uniqueid: string;
  destination: string;
  /** 'first' for a new or transferred call, 'retry' after nobody answered. */
  attempt: 'first' | 'retry';
  /** Members already rung for this destination, in order (ring groups ring each member once). */
  tried: string[];
  /** The extension that placed the call, never rung for it. */
  callerExt: string | null;
}

export type PbxEvent =
  | { type: 'pbx.configure'; directory: TelephonyDirectory }
  | { type: 'pbx.placeCall'; call: NewCall }
  | { type: 'ext.changed'; number: string }
  | RouteRequest
  /** `ext`: the extension that answered (absent for an outside number a ring group rang). */
  | { type: 'call.answered'; uniqueid: string; ringGroup: string; ext?: string }
  | { type: 'call.ended'; uniqueid: string; ringGroup: string; outcome: CallOutcome }
  | { type: 'publish'; event: DriverEvent }
  /** Sent to itself after a reconfiguration, once the groups have their new members (and after a wrap-up). */
  | { type: 'pbx.dispatch' }
  /** Sent to itself a queue's maximum wait after the caller entered it. */
  | { type: 'pbx.queueTimeout'; uniqueid: string; queue: string };

/** What the driver knows when it places a call; the call actor gets this plus the PBX's settings. */
export interface NewCall {
  uniqueid: string;
  caller: Party;
  destination: string;
  recordingfile: string;
  /** The IVR the call came through (`ivr_number` of its pop-up). */
  ivrNumber?: string;
}
