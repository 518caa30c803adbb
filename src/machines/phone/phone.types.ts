import type { ActorRefFrom, Snapshot } from 'xstate';
import type { CtiError } from '../../api/cti/cti-types';
import type { AgentStateEvent } from '../agent-state/agent-state.events';
import type { agentStateMachine } from '../agent-state/agent-state.machine';
import type { callMachine } from '../call/call.machine';
import type { CallCommand, CallOutput, CtiPopupMode } from '../call/call.types';
import type { registrationMachine } from '../registration/registration.machine';
import type { SocketCommandTarget, SocketEvent } from './socket.logic';

export interface PhoneInput {
  /** The user's extension (`UserInfo.extension`); the phone root is not started without one. */
  extension: string;
  /** Window or dialog for the call pop-ups (`ctiPopupMode(userInfo)` in src/shell/popups). */
  popupMode: CtiPopupMode;
}

export type CallRef = ActorRefFrom<typeof callMachine>;
export type RegistrationRef = ActorRefFrom<typeof registrationMachine>;
export type AgentStateRef = ActorRefFrom<typeof agentStateMachine>;

/** UI commands for the agent state, as the agent-state actor accepts them. */
export type AgentCommand = Extract<
  AgentStateEvent,
  { type: 'REQUEST' | 'CONFIRM' | 'CANCEL' | 'DND_ON' | 'DND_OFF' | 'FORWARD_SET' | 'FORWARD_REMOVE' | 'FORWARD_CHECK' | 'DISMISS_ERROR' }
>;

export type DialMethod = 'dial' | 'clickToCall';

/**
 * Everything the UI (main window, pop-ups through the bridge, follower tabs through the leader) may ask of
 * the phone. Plain data, so it crosses a BroadcastChannel unchanged.
 */
export type PhoneCommand =
  /** Click-to-call, dial pad, outbound pop-up: all the same command. */
  | { type: 'DIAL'; number: string; method?: DialMethod }
  /** Managers (or users with cti_listen / cti_whisper): listen to or whisper to another extension. */
  | { type: 'LISTEN'; target: string }
  | { type: 'WHISPER'; target: string }
  | { type: 'RETRY_REGISTRATION' }
  | { type: 'AGENT_COMMAND'; command: AgentCommand }
  | { type: 'CALL_COMMAND'; callId: string; command: CallCommand }
  | { type: 'DISMISS_ERROR' }
  /** Publish the summary now (a follower tab or pop-up just opened and has none). */
  | { type: 'REFRESH_SUMMARY' };

/** Events xstate sends a parent about its children (ids: `registration`, `agentState`, `call:<callId>`). */
export type ChildDoneEvent = { type: `xstate.done.actor.${string}`; output: unknown };
export type ChildErrorEvent = { type: `xstate.error.actor.${string}`; error: unknown };
export type ChildSnapshotEvent = { type: `xstate.snapshot.${string}`; snapshot: Snapshot<unknown> };

export type PhoneEvent =
  | PhoneCommand
  | SocketEvent
  | { type: 'call.remove'; callId: string }
  | ChildDoneEvent
  | ChildErrorEvent
  | ChildSnapshotEvent;

export interface SupervisionRequest {
  mode: 'listen' | 'whisper';
  target: string;
}

export interface PhoneContext {
  extension: string;
  popupMode: CtiPopupMode;
  socket: SocketCommandTarget;
  registration: RegistrationRef;
  agentState: AgentStateRef;
  /** Live and recently ended calls by callId (the uniqueid; `out-<n>` for app-dialed calls). */
  calls: Record<string, CallRef>;
  /** uniqueid → callId, for app-dialed calls the server named after the dial. */
  aliases: Record<string, string>;
  /** App-dialed calls still waiting for the server's uniqueid, oldest first. */
  pendingOutbound: string[];
  /** Ids of ended calls, so a late or repeated event does not bring a call back (bounded). */
  recentlyEnded: string[];
  outboundCounter: number;
  /** When the socket last connected: calls that began since are not judged by that connection's `live_calls`. */
  connectedAt: number | null;
  /**
   * uniqueid → when the call began, from the latest `live_calls` (its age, taken from now): a call the
   * replay after it rebuilds keeps its real "received at" instead of the time of the reload.
   */
  liveSince: Record<string, number>;
  supervision: SupervisionRequest | null;
  error: (CtiError & { command: 'listen' | 'whisper' }) | null;
}

export const isCallOutput = (value: unknown): value is CallOutput =>
  typeof value === 'object' && value !== null && typeof (value as CallOutput).callId === 'string';
