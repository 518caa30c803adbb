// The messages the simulator's actors exchange. Kept apart from the machines so that each machine can
// name the others' events without importing them (no import cycles between machine files).

import type { DirectoryGroup, DriverEvent, TelephonyDirectory } from '../driver';
import type { Presence } from '../status-codes';

export interface ExtLeg {
  ext: string;
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
  | { type: 'route.ring'; targets: ExtLeg[]; ringGroup: string }
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
  | { type: 'call.recording'; file: string };

export type CallEvent = RouteDecision | CallCommand;

// --- queue / ring-group actor ---------------------------------------------------------------------------

export type GroupKind = 'queue' | 'ringGroup';

export type GroupEvent =
  | { type: 'group.configure'; config: DirectoryGroup }
  | { type: 'group.join'; callId: string }
  | { type: 'group.leave'; callId: string; outcome: CallOutcome }
  | { type: 'group.rung'; ext: string }
  | { type: 'group.reset' };

// --- PBX root ------------------------------------------------------------------------------------------

export interface RouteRequest {
  type: 'call.route';
  uniqueid: string;
  destination: string;
  /** 'first' for a new or transferred call, 'retry' after nobody answered. */
  attempt: 'first' | 'retry';
  /** Extensions already rung for this destination (ring groups ring each member once). */
  tried: string[];
  /** The extension that placed the call, never rung for it. */
  callerExt: string | null;
}

export type PbxEvent =
  | { type: 'pbx.configure'; directory: TelephonyDirectory }
  | { type: 'pbx.placeCall'; call: NewCall }
  | { type: 'ext.changed'; number: string }
  | RouteRequest
  | { type: 'call.answered'; uniqueid: string; ringGroup: string }
  | { type: 'call.ended'; uniqueid: string; ringGroup: string; outcome: CallOutcome }
  | { type: 'publish'; event: DriverEvent }
  /** Sent to itself after a reconfiguration, once the groups have their new members. */
  | { type: 'pbx.dispatch' };

/** What the driver knows when it places a call; the call actor gets this plus the PBX's settings. */
export interface NewCall {
  uniqueid: string;
  caller: Party;
  destination: string;
  recordingfile: string;
  /** The IVR the call came through (`ivr_number` of its pop-up). */
  ivrNumber?: string;
}
