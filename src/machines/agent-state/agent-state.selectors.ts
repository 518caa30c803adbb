import type { SnapshotFrom, StateValue } from 'xstate';
import { statePath, topState } from '../phone/state-path';
import type { agentStateMachine, AgentStateError } from './agent-state.machine';
import type { AgentStateEvent, PendingAgentChange, SettledAgentState } from './agent-state.events';

export type AgentStateSnapshot = SnapshotFrom<typeof agentStateMachine>;

type AgentCommandType = Extract<
  AgentStateEvent['type'],
  'REQUEST' | 'CONFIRM' | 'CANCEL' | 'DND_ON' | 'DND_OFF' | 'FORWARD_SET' | 'FORWARD_REMOVE' | 'FORWARD_CHECK'
>;

export interface AgentStateView {
  /** available | rest | lunch | afterCall | confirming | applying */
  status: string;
  settled: SettledAgentState;
  pending: PendingAgentChange | null;
  /** off | turningOn | on | turningOff */
  dnd: string;
  /** unknown | checking | off | on | setting | removing */
  forwarding: string;
  forwardNumber: string | null;
  error: AgentStateError | null;
  /** Commands accepted now; REQUEST means the rest / lunch / after toggles are enabled. */
  allowed: AgentCommandType[];
}

const SAMPLES: Extract<AgentStateEvent, { type: AgentCommandType }>[] = [
  { type: 'REQUEST', state: 'rest' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DND_ON' },
  { type: 'DND_OFF' },
  { type: 'FORWARD_SET', number: '0' },
  { type: 'FORWARD_REMOVE' },
  { type: 'FORWARD_CHECK' },
];

const region = (snapshot: AgentStateSnapshot, name: 'status' | 'dnd' | 'forwarding') =>
  (snapshot.value as Record<string, StateValue>)[name];

export function viewAgentState(snapshot: AgentStateSnapshot): AgentStateView {
  return {
    status: topState(region(snapshot, 'status')),
    settled: snapshot.context.settled,
    pending: snapshot.context.pending,
    dnd: statePath(region(snapshot, 'dnd')),
    forwarding: statePath(region(snapshot, 'forwarding')),
    forwardNumber: snapshot.context.forwardNumber,
    error: snapshot.context.error,
    allowed: SAMPLES.filter((event) => snapshot.can(event)).map((event) => event.type),
  };
}
