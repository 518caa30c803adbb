import type { SnapshotFrom, StateValue } from 'xstate';
import { statePath, topState } from '../phone/state-path';
import type { callMachine } from './call.machine';
import type { CallCommand, CallDirection, CallEndReason, CallError } from './call.types';

export type CallSnapshot = SnapshotFrom<typeof callMachine>;

/** A call as plain data: what a call panel, a pop-up or a follower tab needs to draw it. */
export interface CallView {
  callId: string;
  uniqueid: string | null;
  direction: CallDirection;
  number: string;
  receivedAt: number;
  /** dialing | ringing | answering | answered | holding | held | unholding | transferring | ended */
  phase: string;
  /** Full line state, e.g. 'transferring.attended.consulting'. */
  line: string;
  popup: string;
  member: string;
  memberCount: number | null;
  popupFallback: boolean;
  recording: boolean;
  transferTarget: string | null;
  error: CallError | null;
  endReason: CallEndReason | null;
  /** This phone talked on the call (false: it only rang here). */
  connected: boolean;
  /** The commands the call accepts now (`snapshot.can`), so remote windows enable the same buttons. */
  allowed: CallCommand['type'][];
}

/** One sample per command; payloads only need to pass the guards (a non-empty transfer number). */
const COMMAND_SAMPLES: CallCommand[] = [
  { type: 'ANSWER' },
  { type: 'HANGUP' },
  { type: 'HOLD' },
  { type: 'UNHOLD' },
  { type: 'TRANSFER_BLIND', number: '0' },
  { type: 'TRANSFER_ATTENDED', number: '0' },
  { type: 'COMPLETE_TRANSFER' },
  { type: 'TOGGLE_RECORDING' },
  { type: 'REOPEN_POPUP' },
  { type: 'RETRY_LOOKUP' },
  { type: 'DISMISS_ERROR' },
];

function regionValue(snapshot: CallSnapshot, region: 'line' | 'popup' | 'member' | 'recording'): StateValue | undefined {
  const value = snapshot.value;
  if (typeof value === 'string') return undefined;
  const active = value.active;
  return typeof active === 'object' ? (active as Record<string, StateValue>)[region] : undefined;
}

export function viewCall(snapshot: CallSnapshot): CallView {
  const { context } = snapshot;
  const ended = snapshot.status !== 'active';
  const line = ended ? 'ended' : statePath(regionValue(snapshot, 'line'));
  return {
    callId: context.callId,
    uniqueid: context.uniqueid,
    direction: context.direction,
    number: context.number,
    receivedAt: context.receivedAt,
    phase: ended ? 'ended' : topState(regionValue(snapshot, 'line')),
    line,
    popup: statePath(regionValue(snapshot, 'popup')),
    member: statePath(regionValue(snapshot, 'member')),
    memberCount: context.memberCount,
    popupFallback: context.popupFallback,
    recording: context.recording,
    transferTarget: context.transferTarget,
    error: context.error,
    endReason: context.endReason,
    connected: context.connected,
    allowed: ended ? [] : COMMAND_SAMPLES.filter((command) => snapshot.can(command)).map((c) => c.type),
  };
}
