import type { CtiError } from '../../api/cti/cti-types';
import type { CallStatePayload, InboundCallPayload } from '../../api/realtime/socket-events';

export type CallDirection = 'inbound' | 'outbound';
export type CtiPopupMode = 'window' | 'dialog';

/** The pop-ups a call opens by itself (ids of the app's pop-up registry). */
export type CallPopupId = 'inbound' | 'inbound-select-member';

/** What the provided `openPopup` actor is asked to do. */
export interface OpenPopupRequest {
  popupId: CallPopupId;
  query: Record<string, string>;
  /** The user's CTI pop-up mode, or 'dialog' after a blocked window. */
  mode: CtiPopupMode;
}

/**
 * What `openPopup` did. 'blocked' means a window was asked for and `window.open` returned null: a pop-up
 * opened from a socket event has no user activation, so browsers block it; the machine then asks for a dialog.
 */
export type OpenPopupOutcome = 'window' | 'dialog' | 'blocked';

export interface CallInput {
  /** The call's key in the phone root: the uniqueid, or `out-<n>` for an app-dialed call until the server names it. */
  callId: string;
  uniqueid: string | null;
  direction: CallDirection;
  /** The other party. */
  number: string;
  extension: string;
  /** The wire's `chanel`: the agent's channel, used by hangup-with-channel. */
  channel: string;
  recordingfile: string;
  ringGroup: string;
  ivrNumber: string;
  server: string;
  popupMode: CtiPopupMode;
  /** When the call reached this client (ms since epoch); the inbound pop-up's title shows it. */
  receivedAt: number;
  /** Calls the app did not dial (placed from the desk phone) start where the server says they are. */
  startIn?: 'ringing' | 'answered' | 'held' | undefined;
  /** Which CTI command places an app-dialed call: `dial` or the custom `clickToCall`. */
  dialMethod?: 'dial' | 'clickToCall' | undefined;
}

export type CallEndReason = 'remote-hangup' | 'local-hangup' | 'transferred' | 'dial-failed';

export type CallCommandName =
  | 'dial'
  | 'answer'
  | 'hangup'
  | 'hold'
  | 'unhold'
  | 'blindTransfer'
  | 'attendedTransfer'
  | 'recording'
  | 'lookup'
  | 'popup';

export interface CallError extends CtiError {
  command: CallCommandName;
}

export interface CallContext extends Required<Omit<CallInput, 'startIn' | 'dialMethod'>> {
  startIn: CallInput['startIn'];
  dialMethod: 'dial' | 'clickToCall';
  /** True once a blocked window fell back to the in-page dialog. */
  popupFallback: boolean;
  /** Members found for the number; null until the lookup answers. */
  memberCount: number | null;
  transferTarget: string | null;
  recording: boolean;
  error: CallError | null;
  endReason: CallEndReason | null;
  /** This phone talked on the call at some point (not a ring that a colleague answered or nobody did). */
  connected: boolean;
}

/** UI commands a call accepts (send them to the call actor, or as CALL_COMMAND through the phone root). */
export type CallCommand =
  | { type: 'ANSWER' }
  | { type: 'HANGUP' }
  | { type: 'HOLD' }
  | { type: 'UNHOLD' }
  | { type: 'TRANSFER_BLIND'; number: string }
  | { type: 'TRANSFER_ATTENDED'; number: string }
  | { type: 'COMPLETE_TRANSFER' }
  | { type: 'TOGGLE_RECORDING' }
  /** Open the inbound pop-up again (a click is a user activation, so a window is allowed now). */
  | { type: 'REOPEN_POPUP' }
  | { type: 'RETRY_LOOKUP' }
  | { type: 'DISMISS_ERROR' };

export type CallEvent =
  | CallCommand
  | { type: 'socket.call_state'; payload: CallStatePayload }
  | { type: 'socket.inbound_call'; payload: InboundCallPayload }
  | { type: 'popup.blocked' }
  /** From the phone root: the server named this app-dialed call (its first call_state came before the dial answer). */
  | { type: 'call.identified'; uniqueid: string };

export interface CallOutput {
  callId: string;
  endReason: CallEndReason | null;
}
