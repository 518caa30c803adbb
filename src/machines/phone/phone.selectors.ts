import type { SnapshotFrom } from 'xstate';
import { viewAgentState, type AgentStateView } from '../agent-state/agent-state.selectors';
import { viewCall, type CallView } from '../call/call.selectors';
import { viewRegistration, type RegistrationView } from '../registration/registration.selectors';
import type { phoneMachine } from './phone.machine';
import type { CallRef, PhoneContext, SupervisionRequest } from './phone.types';

/**
 * What the UI reads. In the main (leader) window, components select actor refs from the phone snapshot
 * and then read each actor with `useSelector(ref, view…)`. Pop-ups and follower tabs cannot hold refs:
 * they receive a `PhoneSummary` (plain data) through the bridge and render the same views from it.
 */

export type PhoneSnapshot = SnapshotFrom<typeof phoneMachine>;

export interface PhoneSummary {
  extension: string;
  registration: RegistrationView;
  agent: AgentStateView;
  /** Oldest first. Ended calls stay for a few seconds (phase 'ended'). */
  calls: CallView[];
  supervision: SupervisionRequest | null;
  error: PhoneContext['error'];
}

export const selectRegistrationRef = (snapshot: PhoneSnapshot) => snapshot.context.registration;
export const selectAgentStateRef = (snapshot: PhoneSnapshot) => snapshot.context.agentState;
/** The calls map; its identity changes only when a call is added or removed. */
export const selectCallRefs = (snapshot: PhoneSnapshot) => snapshot.context.calls;
export const selectCallRef = (callId: string) => (snapshot: PhoneSnapshot) => snapshot.context.calls[callId];
export const selectIsSupervising = (snapshot: PhoneSnapshot) => !snapshot.matches({ supervision: 'idle' });
export const selectPhoneError = (snapshot: PhoneSnapshot) => snapshot.context.error;

export function callViews(calls: Record<string, CallRef>): CallView[] {
  return Object.values(calls)
    .map((ref) => viewCall(ref.getSnapshot()))
    .sort((a, b) => a.receivedAt - b.receivedAt);
}

export function summarizePhone(context: PhoneContext): PhoneSummary {
  return {
    extension: context.extension,
    registration: viewRegistration(context.registration.getSnapshot()),
    agent: viewAgentState(context.agentState.getSnapshot()),
    calls: callViews(context.calls),
    supervision: context.supervision,
    error: context.error,
  };
}
