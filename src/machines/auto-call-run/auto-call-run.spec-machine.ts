import { assign, setup } from 'xstate';

/**
 * Pure specification of an auto-call run for model-based testing (xstate.md §1.6), in the terms a screen
 * and the runner see: START / PAUSE / RESUME / CANCEL are the buttons; CLOSE_WINDOW / OPEN_WINDOW are the
 * clock crossing 21:00 / 08:00 in Seoul; FINISH is every number getting its final result while running.
 * The test drives the real machine with TICKs and asserts, in every state, the CONTRACT `state`, which
 * buttons `can()` allows, and whether a TICK asks for dials (only in `running`).
 */
export type AutoCallRunSpecEvent =
  | { type: 'START' }
  | { type: 'PAUSE' }
  | { type: 'RESUME' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE_WINDOW' }
  | { type: 'OPEN_WINDOW' }
  | { type: 'FINISH' };

export const autoCallRunSpecMachine = setup({
  types: {} as { context: { windowOpen: boolean }; events: AutoCallRunSpecEvent },
  guards: {
    open: ({ context }) => context.windowOpen,
    closed: ({ context }) => !context.windowOpen,
  },
  actions: {
    close: assign({ windowOpen: false }),
    open: assign({ windowOpen: true }),
  },
}).createMachine({
  id: 'autoCallRunSpec',
  context: { windowOpen: true },
  initial: 'ready',
  states: {
    /** Not started: the clock may pass, nothing is dialled. */
    ready: {
      on: {
        START: [{ guard: 'open', target: 'running' }, { target: 'waiting_window' }],
        CANCEL: 'cancelled',
        CLOSE_WINDOW: { guard: 'open', actions: 'close' },
        OPEN_WINDOW: { guard: 'closed', actions: 'open' },
      },
    },
    /** On going, inside the window: every TICK asks for dials. */
    running: {
      on: {
        PAUSE: 'paused',
        CANCEL: 'cancelled',
        CLOSE_WINDOW: { target: 'waiting_window', actions: 'close' },
        FINISH: 'complete',
      },
    },
    /** On going, outside the window: no dials until it opens. */
    waiting_window: {
      on: {
        PAUSE: 'paused',
        CANCEL: 'cancelled',
        OPEN_WINDOW: { target: 'running', actions: 'open' },
      },
    },
    /** Paused: no dials; resuming goes back to running or to waiting for the window. */
    paused: {
      on: {
        RESUME: [{ guard: 'open', target: 'running' }, { target: 'waiting_window' }],
        CANCEL: 'cancelled',
        CLOSE_WINDOW: { guard: 'open', actions: 'close' },
        OPEN_WINDOW: { guard: 'closed', actions: 'open' },
      },
    },
    complete: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The CONTRACT `state` each spec state must show. */
export const SPEC_RUN_STATE = {
  ready: 'ready',
  running: 'on_going',
  waiting_window: 'on_going',
  paused: 'paused',
  complete: 'complete',
  cancelled: 'cancelled',
} as const;
