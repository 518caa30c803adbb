import type { AgentStatusName } from '../../api/cti/status-codes';
import type { ExtensionStatusPayload } from '../../api/realtime/socket-events';

/** The result of the CTI `load` call, sent by the registration actor after each load. */
export interface AgentStateLoadedEvent {
  type: 'LOADED';
  status: number;
}

/** UI commands (SCREAMING_CASE) and the server's status event (wire name under `socket.`). */
export type AgentStateEvent =
  | AgentStateLoadedEvent
  /** Toggle rest, lunch or after-call: enables it, or disables it when it is the current state. */
  | { type: 'REQUEST'; state: AgentStatusName }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DND_ON' }
  | { type: 'DND_OFF' }
  | { type: 'FORWARD_SET'; number: string }
  | { type: 'FORWARD_REMOVE' }
  | { type: 'FORWARD_CHECK' }
  | { type: 'DISMISS_ERROR' }
  | { type: 'socket.extension_status'; payload: ExtensionStatusPayload };

/** The agent states of the status region, named as the UI shows them. */
export type SettledAgentState = 'available' | 'rest' | 'lunch' | 'afterCall';

export interface PendingAgentChange {
  state: AgentStatusName;
  action: 'enable' | 'disable';
}
