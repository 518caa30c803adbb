import { assign, setup } from 'xstate';
import type { AgentStatusName } from '../../api/cti/status-codes';
import type { PendingAgentChange, SettledAgentState } from './agent-state.events';

/**
 * Pure specification of the agent state's status and DND regions for model-based testing: no invoke.
 * Server answers are explicit events (STATUS_OK / STATUS_FAIL answer the confirmed change, DND_OK /
 * DND_FAIL the DND request); LOADED stands for a CTI load or an extension_status push.
 * Call forwarding is covered by the machine's own tests.
 */
export type AgentStateSpecEvent =
  | { type: 'REQUEST'; state: AgentStatusName }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'STATUS_OK' }
  | { type: 'STATUS_FAIL' }
  | { type: 'LOADED'; status: 0 | 1 | 11 | 12 | 21 | 31 }
  | { type: 'DND_ON' }
  | { type: 'DND_OFF' }
  | { type: 'DND_OK' }
  | { type: 'DND_FAIL' };

const SETTLED_OF: Record<AgentStatusName, SettledAgentState> = { rest: 'rest', lunch: 'lunch', after: 'afterCall' };
/** 1 (busy) says nothing about the agent state; 12 is rest while on a call. */
const CODE_TO_STATE: Record<number, SettledAgentState | null> = { 0: 'available', 1: null, 11: 'rest', 12: 'rest', 21: 'lunch', 31: 'afterCall' };

/** Payload variants the model explores (createTestModel merges them with the derived event types). */
export const AGENT_STATE_SPEC_EVENTS: AgentStateSpecEvent[] = [
  { type: 'REQUEST', state: 'rest' },
  { type: 'REQUEST', state: 'lunch' },
  { type: 'REQUEST', state: 'after' },
  { type: 'LOADED', status: 0 },
  { type: 'LOADED', status: 1 },
  { type: 'LOADED', status: 11 },
  { type: 'LOADED', status: 12 },
  { type: 'LOADED', status: 21 },
  { type: 'LOADED', status: 31 },
];

export const agentStateSpecMachine = setup({
  types: {} as {
    context: { settled: SettledAgentState; pending: PendingAgentChange | null };
    events: AgentStateSpecEvent;
  },
  guards: {
    settledIs: ({ context }, params: { state: SettledAgentState }) => context.settled === params.state,
  },
  actions: {
    ask: assign({
      pending: ({ context, event }) =>
        event.type === 'REQUEST'
          ? { state: event.state, action: context.settled === SETTLED_OF[event.state] ? 'disable' : 'enable' }
          : context.pending,
    }),
    adoptCode: assign({
      settled: ({ context, event }) => (event.type === 'LOADED' ? (CODE_TO_STATE[event.status] ?? context.settled) : context.settled),
    }),
    adoptPending: assign({
      settled: ({ context }) => (context.pending?.action === 'enable' ? SETTLED_OF[context.pending.state] : 'available'),
    }),
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'agentStateSpec',
  context: { settled: 'available', pending: null },
  type: 'parallel',
  states: {
    status: {
      initial: 'available',
      on: { LOADED: { target: '.returning', actions: 'adoptCode' } },
      states: {
        available: { on: { REQUEST: { target: 'confirming', actions: 'ask' } } },
        rest: { on: { REQUEST: { target: 'confirming', actions: 'ask' } } },
        lunch: { on: { REQUEST: { target: 'confirming', actions: 'ask' } } },
        afterCall: { on: { REQUEST: { target: 'confirming', actions: 'ask' } } },
        returning: {
          entry: 'clearPending',
          always: [
            { guard: { type: 'settledIs', params: { state: 'rest' } }, target: 'rest' },
            { guard: { type: 'settledIs', params: { state: 'lunch' } }, target: 'lunch' },
            { guard: { type: 'settledIs', params: { state: 'afterCall' } }, target: 'afterCall' },
            { target: 'available' },
          ],
        },
        confirming: {
          on: { CONFIRM: 'applying', CANCEL: 'returning', LOADED: { actions: 'adoptCode' } },
        },
        applying: {
          on: {
            STATUS_OK: { target: 'returning', actions: 'adoptPending' },
            STATUS_FAIL: 'returning',
            LOADED: {},
          },
        },
      },
    },
    dnd: {
      initial: 'off',
      states: {
        off: { on: { DND_ON: 'turningOn' } },
        turningOn: { on: { DND_OK: 'on', DND_FAIL: 'off' } },
        on: { on: { DND_OFF: 'turningOff' } },
        turningOff: { on: { DND_OK: 'off', DND_FAIL: 'on' } },
      },
    },
  },
});
