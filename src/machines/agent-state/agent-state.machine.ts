import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { toCtiError } from '../../api/cti/cti-error';
import type { CtiError, CtiForwardingResult, DndOption } from '../../api/cti/cti-types';
import { dialableNumber } from '../../api/cti/dialable-number';
import {
  AGENT_STATUS_CODES,
  DND_OPTION_DO_NOT_DISTURB,
  presenceFromCode,
  type AgentStatusName,
  type Presence,
} from '../../api/cti/status-codes';
import type { AgentStateEvent, PendingAgentChange, SettledAgentState } from './agent-state.events';

/**
 * Agent state (specification section 4), three orthogonal regions:
 * - status: available | rest | lunch | afterCall, each change confirmed by the user, then `dndOn(11|21|31)`
 *   (or `dndOff` to disable); also synced from CTI load (`LOADED`) and the server's `extension_status`;
 * - dnd: do-not-disturb via `dndOn(1)` / `dndOff`;
 * - forwarding: call forwarding checked at start, set, removed and re-checked.
 */
export interface AgentStateInput {
  extension: string;
}

export interface AgentStateError extends CtiError {
  request: 'status' | 'dnd' | 'forwarding';
}

export interface AgentStateContext {
  extension: string;
  /** The last confirmed status: where CANCEL and failures return to. */
  settled: SettledAgentState;
  pending: PendingAgentChange | null;
  forwardNumber: string | null;
  /** The number a FORWARD_SET asked for, while the request runs. */
  requestedForwardNumber: string | null;
  error: AgentStateError | null;
}

/** REQUEST opens the confirmation from any settled state. */
const ASK = { target: '#agentState.status.confirming', actions: 'askConfirmation' } as const;

const SETTLED_OF: Record<AgentStatusName, SettledAgentState> = { rest: 'rest', lunch: 'lunch', after: 'afterCall' };

/** Default implementations fail loudly, so a missing wire-up shows as an error instead of a hang. */
function notProvided<TOutput, TInput>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}

/** Invoke failures carry `error`; the setup-level action only sees the machine's own event union. */
function errorOf(event: object): unknown {
  return 'error' in event ? event.error : undefined;
}

export const agentStateMachine = setup({
  types: {} as { input: AgentStateInput; context: AgentStateContext; events: AgentStateEvent },
  actors: {
    /** `cti.dndOn(option)`: 1 DND, 11 rest, 21 lunch, 31 after-call. */
    dndOn: notProvided<unknown, { option: DndOption }>('dndOn'),
    /** `cti.dndOff()`: back to available. */
    dndOff: notProvided<unknown, void>('dndOff'),
    setForwarding: notProvided<unknown, { number: string }>('setForwarding'),
    removeForwarding: notProvided<unknown, void>('removeForwarding'),
    checkForwarding: notProvided<CtiForwardingResult, void>('checkForwarding'),
  },
  guards: {
    settledIs: ({ context }, params: { state: SettledAgentState }) => context.settled === params.state,
    isOwnExtension: ({ context, event }) => isOwn(context, event),
    hasForwardNumber: ({ event }) => event.type === 'FORWARD_SET' && dialableNumber(event.number) !== null,
    /** Status 2 (the server's DND) turns the DND region on; any other presence turns it off. */
    saysDndOn: ({ context, event }) => isOwn(context, event) && presenceOf(event) === 'dnd',
    saysDndOff: ({ context, event }) => {
      const presence = presenceOf(event);
      return isOwn(context, event) && presence !== null && presence !== 'dnd';
    },
  },
  actions: {
    settle: assign((_, params: { state: SettledAgentState }) => ({ settled: params.state, pending: null })),
    /** Remember the state a status code means; `returning` then enters it. */
    adoptCode: assign(({ context, event }) => ({ settled: settledFromPresence(presenceOf(event), context.settled) })),
    adoptPending: assign(({ context }) => ({
      settled: context.pending?.action === 'enable' ? SETTLED_OF[context.pending.state] : 'available',
    })),
    storeError: assign(({ event }, params: { request: AgentStateError['request'] }) => ({
      error: { request: params.request, ...toCtiError(errorOf(event)) },
    })),
    askConfirmation: assign({
      pending: ({ context, event }) => {
        if (event.type !== 'REQUEST') return context.pending;
        const current = context.settled === SETTLED_OF[event.state];
        return { state: event.state, action: current ? 'disable' : 'enable' };
      },
      error: null,
    }),
    rememberRequestedForward: assign({
      requestedForwardNumber: ({ event }) => (event.type === 'FORWARD_SET' ? dialableNumber(event.number) : null),
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'agentState',
  context: ({ input }) => ({
    extension: input.extension,
    settled: 'available',
    pending: null,
    forwardNumber: null,
    requestedForwardNumber: null,
    error: null,
  }),
  type: 'parallel',
  on: { DISMISS_ERROR: { actions: 'clearError' } },
  states: {
    status: {
      initial: 'available',
      // CTI load and server pushes set the state directly (no confirmation: the server already changed).
      on: {
        LOADED: { target: '.returning', actions: 'adoptCode' },
        'socket.extension_status': { guard: 'isOwnExtension', target: '.returning', actions: 'adoptCode' },
      },
      states: {
        available: { entry: { type: 'settle', params: { state: 'available' } }, on: { REQUEST: ASK } },
        rest: { entry: { type: 'settle', params: { state: 'rest' } }, on: { REQUEST: ASK } },
        lunch: { entry: { type: 'settle', params: { state: 'lunch' } }, on: { REQUEST: ASK } },
        afterCall: { entry: { type: 'settle', params: { state: 'afterCall' } }, on: { REQUEST: ASK } },
        /** Enters whatever `settled` says: after CANCEL, a failure, a success or a server push. */
        returning: {
          always: [
            { guard: { type: 'settledIs', params: { state: 'rest' } }, target: 'rest' },
            { guard: { type: 'settledIs', params: { state: 'lunch' } }, target: 'lunch' },
            { guard: { type: 'settledIs', params: { state: 'afterCall' } }, target: 'afterCall' },
            { target: 'available' },
          ],
        },
        confirming: {
          on: {
            CONFIRM: 'applying',
            CANCEL: 'returning',
            // Keep the dialog open, but remember where CANCEL should go now.
            LOADED: { actions: 'adoptCode' },
            'socket.extension_status': { guard: 'isOwnExtension', actions: 'adoptCode' },
          },
        },
        applying: {
          // Our own request decides; a push racing it would flip the state back and forth.
          on: { LOADED: {}, 'socket.extension_status': {} },
          initial: 'choosing',
          states: {
            choosing: {
              always: [
                { guard: ({ context }) => context.pending?.action === 'disable', target: 'disabling' },
                { target: 'enabling' },
              ],
            },
            enabling: {
              invoke: {
                id: 'statusRequest',
                src: 'dndOn',
                input: ({ context }) => ({ option: AGENT_STATUS_CODES[context.pending?.state ?? 'rest'] }),
                onDone: { target: '#agentState.status.returning', actions: 'adoptPending' },
                onError: { target: '#agentState.status.returning', actions: { type: 'storeError', params: { request: 'status' } } },
              },
            },
            disabling: {
              invoke: {
                id: 'statusRequest',
                src: 'dndOff',
                onDone: { target: '#agentState.status.returning', actions: 'adoptPending' },
                onError: { target: '#agentState.status.returning', actions: { type: 'storeError', params: { request: 'status' } } },
              },
            },
          },
        },
      },
    },
    dnd: {
      initial: 'off',
      states: {
        off: {
          on: {
            DND_ON: 'turningOn',
            LOADED: { guard: 'saysDndOn', target: 'on' },
            'socket.extension_status': { guard: 'saysDndOn', target: 'on' },
          },
        },
        turningOn: {
          invoke: {
            id: 'dndRequest',
            src: 'dndOn',
            input: { option: DND_OPTION_DO_NOT_DISTURB },
            onDone: 'on',
            onError: { target: 'off', actions: { type: 'storeError', params: { request: 'dnd' } } },
          },
        },
        on: {
          on: {
            DND_OFF: 'turningOff',
            LOADED: { guard: 'saysDndOff', target: 'off' },
            'socket.extension_status': { guard: 'saysDndOff', target: 'off' },
          },
        },
        turningOff: {
          invoke: { id: 'dndRequest', src: 'dndOff', onDone: 'off', onError: { target: 'on', actions: { type: 'storeError', params: { request: 'dnd' } } } },
        },
      },
    },
    forwarding: {
      initial: 'checking',
      states: {
        // We could not tell (the check failed); the UI offers FORWARD_CHECK again.
        unknown: { on: { FORWARD_CHECK: 'checking', FORWARD_SET: { guard: 'hasForwardNumber', target: 'setting' } } },
        checking: {
          invoke: {
            src: 'checkForwarding',
            onDone: [
              {
                guard: ({ event }) => event.output.transfer,
                target: 'on',
                actions: assign({ forwardNumber: ({ event }) => event.output.number }),
              },
              { target: 'off', actions: assign({ forwardNumber: null }) },
            ],
            onError: { target: 'unknown', actions: { type: 'storeError', params: { request: 'forwarding' } } },
          },
        },
        off: {
          on: { FORWARD_SET: { guard: 'hasForwardNumber', target: 'setting' }, FORWARD_CHECK: 'checking' },
        },
        on: {
          on: {
            FORWARD_SET: { guard: 'hasForwardNumber', target: 'setting' },
            FORWARD_REMOVE: 'removing',
            FORWARD_CHECK: 'checking',
          },
        },
        setting: {
          entry: 'rememberRequestedForward',
          invoke: {
            src: 'setForwarding',
            input: ({ context }) => ({ number: context.requestedForwardNumber ?? '' }),
            onDone: { target: 'on', actions: assign({ forwardNumber: ({ context }) => context.requestedForwardNumber }) },
            // After a failure we do not know what the server kept: ask it.
            onError: { target: 'checking', actions: { type: 'storeError', params: { request: 'forwarding' } } },
          },
        },
        removing: {
          invoke: {
            src: 'removeForwarding',
            onDone: { target: 'off', actions: assign({ forwardNumber: null }) },
            onError: { target: 'checking', actions: { type: 'storeError', params: { request: 'forwarding' } } },
          },
        },
      },
    },
  },
});

function isOwn(context: AgentStateContext, event: AgentStateEvent): boolean {
  return event.type !== 'socket.extension_status' || event.payload.extension === context.extension;
}

/** The presence a LOADED or extension_status event reports; null for other events and call-only codes. */
function presenceOf(event: AgentStateEvent): Presence | null {
  if (event.type === 'LOADED') return presenceFromCode(event.status);
  if (event.type === 'socket.extension_status') return presenceFromCode(event.payload.status);
  return null;
}

/**
 * CTI load table (specification section 4: 11 rest, 21 lunch, 31 after, else available), extended with
 * the server's on-a-call codes 12/22/32 (same state) and keeping the state for busy / ringing / logged out.
 */
function settledFromPresence(presence: Presence | null, current: SettledAgentState): SettledAgentState {
  if (presence === null) return current;
  if (presence === 'available' || presence === 'dnd') return 'available';
  return SETTLED_OF[presence];
}
