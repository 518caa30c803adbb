import { assign, setup } from 'xstate';

/**
 * Pure specification of registration for model-based testing (xstate.md §1.6): no invoke, no after.
 * Time and server answers are explicit events, which test executors turn into real causes:
 * TICK_10S = advance the clock 10 s; LOAD_* = answer the pending CTI load; SOCKET_* = the socket;
 * STATUS_* = the server's extension_status for this extension (only possible while the socket is up).
 */
export type RegistrationSpecEvent =
  | { type: 'LOAD_LOGGED_IN' }
  | { type: 'LOAD_LOGGED_OUT' }
  | { type: 'LOAD_FAILED' }
  | { type: 'SOCKET_UP' }
  | { type: 'SOCKET_DOWN' }
  | { type: 'TICK_10S' }
  | { type: 'STATUS_51' }
  | { type: 'STATUS_OTHER' }
  | { type: 'RETRY' };

export const registrationSpecMachine = setup({
  types: {} as { context: { socketUp: boolean }; events: RegistrationSpecEvent },
  guards: {
    socketUp: ({ context }) => context.socketUp,
  },
  actions: {
    up: assign({ socketUp: true }),
    down: assign({ socketUp: false }),
  },
}).createMachine({
  id: 'registrationSpec',
  context: { socketUp: false },
  initial: 'loading',
  on: { SOCKET_UP: { guard: ({ context }) => !context.socketUp, actions: 'up' } },
  states: {
    loading: {
      on: {
        LOAD_LOGGED_IN: [{ guard: 'socketUp', target: 'registered' }, { target: 'waiting' }],
        LOAD_LOGGED_OUT: 'notRegistered',
        LOAD_FAILED: 'notRegistered',
        SOCKET_DOWN: { guard: 'socketUp', actions: 'down' },
      },
    },
    /** Registered: each TICK_10S is exactly one more `register`. */
    registered: {
      on: {
        TICK_10S: 'registered',
        SOCKET_DOWN: { target: 'waiting', actions: 'down' },
        STATUS_51: 'registered',
        STATUS_OTHER: 'notRegistered',
      },
    },
    /** Logged in, socket down: nothing is sent, however long it lasts. */
    waiting: {
      on: {
        TICK_10S: 'waiting',
        SOCKET_UP: { target: 'registered', actions: 'up' },
      },
    },
    /** Left the room; no more `register` until 51 again or RETRY. */
    notRegistered: {
      on: {
        TICK_10S: 'notRegistered',
        RETRY: 'loading',
        STATUS_51: { guard: 'socketUp', target: 'registered' },
        STATUS_OTHER: { guard: 'socketUp', target: 'notRegistered' },
        SOCKET_DOWN: { guard: 'socketUp', actions: 'down' },
      },
    },
  },
});
