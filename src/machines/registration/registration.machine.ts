import { and, assign, enqueueActions, fromPromise, sendTo, setup, type ActorRef, type Snapshot } from 'xstate';
import { toCtiError } from '../../api/cti/cti-error';
import type { CtiError, CtiLoadResult } from '../../api/cti/cti-types';
import { EXTEN_STATUS_LOGGED_IN } from '../../api/cti/status-codes';
import type { AgentStateLoadedEvent } from '../agent-state/agent-state.events';
import { socketEmit, type SocketCommandTarget, type SocketEvent } from '../phone/socket.logic';

/**
 * Extension registration (specification section 4): CTI `load`; exten_status 51 → register over the
 * socket, join the extension room and re-register every 10 s; anything else → leave the room and stop.
 * A socket reconnect re-registers at once (the server forgets a socket's rooms when it drops).
 */
export interface RegistrationInput {
  extension: string;
  /** Where `register` / `join_extension_room` / `leave_extension_room` go (the socket actor). */
  socket: SocketCommandTarget;
  /** Told the agent state (`LOADED { status }`) after every CTI load; the phone root passes its agent-state actor. */
  agentState?: ActorRef<Snapshot<unknown>, AgentStateLoadedEvent> | undefined;
}

export interface RegistrationContext {
  extension: string;
  /** Last known extension status code (51 = logged in); null until the first load answers. */
  extenStatus: number | null;
  /** Last known agent status code (11 / 21 / 31 …). */
  status: number | null;
  socketConnected: boolean;
  error: CtiError | null;
  socket: SocketCommandTarget;
  agentState: RegistrationInput['agentState'];
}

export type RegistrationEvent =
  | Extract<SocketEvent, { type: 'socket.connected' | 'socket.disconnected' | 'socket.extension_status' }>
  | { type: 'RETRY' };

export const REGISTER_INTERVAL_MS = 10_000;

export const registrationMachine = setup({
  types: {} as { input: RegistrationInput; context: RegistrationContext; events: RegistrationEvent },
  actors: {
    /** Provided by the app: `cti.load()`. The default fails so a missing wire-up shows as an error, not a hang. */
    ctiLoad: fromPromise<CtiLoadResult>(async () => {
      throw new Error('ctiLoad is not provided');
    }),
  },
  delays: { registerInterval: REGISTER_INTERVAL_MS },
  guards: {
    loadSaysLoggedIn: ({ context }) => context.extenStatus === EXTEN_STATUS_LOGGED_IN,
    socketIsConnected: ({ context }) => context.socketConnected,
    /** A manager's socket may see other extensions' statuses; only ours drives registration. */
    isOwnExtension: ({ context, event }) =>
      event.type === 'socket.extension_status' && event.payload.extension === context.extension,
    statusSaysLoggedIn: ({ event }) =>
      event.type === 'socket.extension_status' && event.payload.exten_status === EXTEN_STATUS_LOGGED_IN,
  },
  actions: {
    storeLoad: assign((_, load: CtiLoadResult) => ({ extenStatus: load.exten_status, status: load.status, error: null })),
    storeStatus: assign(({ event }) =>
      event.type === 'socket.extension_status'
        ? { extenStatus: event.payload.exten_status, status: event.payload.status }
        : {},
    ),
    markConnected: assign({ socketConnected: true }),
    markDisconnected: assign({ socketConnected: false }),
    emitRegister: sendTo(({ context }) => context.socket, ({ context }) => socketEmit('register', context.extension)),
    emitJoinRoom: sendTo(
      ({ context }) => context.socket,
      ({ context }) => socketEmit('join_extension_room', context.extension),
    ),
    emitLeaveRoom: sendTo(
      ({ context }) => context.socket,
      ({ context }) => socketEmit('leave_extension_room', context.extension),
    ),
    reportLoad: enqueueActions(({ context, enqueue }, load: CtiLoadResult) => {
      if (context.agentState) enqueue.sendTo(context.agentState, { type: 'LOADED', status: load.status });
    }),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    extension: input.extension,
    extenStatus: null,
    status: null,
    socketConnected: false,
    error: null,
    socket: input.socket,
    agentState: input.agentState,
  }),
  initial: 'loading',
  // Connection changes are remembered everywhere; the states below add what they mean there.
  on: {
    'socket.connected': { actions: 'markConnected' },
    'socket.disconnected': { actions: 'markDisconnected' },
  },
  states: {
    loading: {
      invoke: {
        src: 'ctiLoad',
        onDone: [
          {
            guard: ({ event }) => event.output.exten_status === EXTEN_STATUS_LOGGED_IN,
            target: 'connectedCheck',
            actions: [
              { type: 'storeLoad', params: ({ event }) => event.output },
              { type: 'reportLoad', params: ({ event }) => event.output },
            ],
          },
          {
            target: 'notRegistered',
            actions: [
              { type: 'storeLoad', params: ({ event }) => event.output },
              { type: 'reportLoad', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: { target: 'notRegistered', actions: assign({ error: ({ event }) => toCtiError(event.error) }) },
      },
    },
    // Logged in, but registering needs the socket: register now, or as soon as it connects.
    connectedCheck: {
      always: [{ guard: 'socketIsConnected', target: 'registered' }, { target: 'waiting' }],
    },
    registered: {
      entry: ['emitRegister', 'emitJoinRoom'],
      initial: 'repeating',
      states: {
        // `reenter: true` re-arms the timer; a self-transition without it fires only once (xstate.md §3.2).
        repeating: { after: { registerInterval: { target: 'repeating', reenter: true, actions: 'emitRegister' } } },
      },
      on: {
        'socket.disconnected': { target: 'waiting', actions: 'markDisconnected' },
        'socket.extension_status': [
          { guard: and(['isOwnExtension', 'statusSaysLoggedIn']), actions: 'storeStatus' },
          { guard: 'isOwnExtension', target: 'notRegistered', actions: 'storeStatus' },
        ],
      },
    },
    notRegistered: {
      entry: 'emitLeaveRoom',
      on: {
        RETRY: 'loading',
        'socket.extension_status': [
          { guard: and(['isOwnExtension', 'statusSaysLoggedIn']), target: 'connectedCheck', actions: 'storeStatus' },
          { guard: 'isOwnExtension', actions: 'storeStatus' },
        ],
      },
    },
    // Socket down: nothing to repeat. On reconnect, a known login registers at once; otherwise load again.
    waiting: {
      on: {
        'socket.connected': [
          { guard: 'loadSaysLoggedIn', target: 'registered', actions: 'markConnected' },
          { target: 'loading', actions: 'markConnected' },
        ],
      },
    },
  },
});
