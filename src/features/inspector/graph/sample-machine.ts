import { assign, fromCallback, fromPromise, setup } from 'xstate';

/**
 * A machine with every shape the inspector draws (nesting, parallel regions, `always`, `after`, invoke
 * done/error, targetless and root-level transitions, a final state). Used by the inspector's tests.
 */
export const sampleMachine = setup({
  types: {} as {
    context: { attempts: number; token: string };
    events: { type: 'START' } | { type: 'PING' } | { type: 'RESET' } | { type: 'NEXT' } | { type: 'FINISH' };
  },
  actors: {
    loadProfile: fromPromise(async () => ({ name: 'agent1' })),
    socket: fromCallback(() => () => {}),
  },
  guards: { retryAllowed: ({ context }) => context.attempts < 3 },
  delays: { RETRY_DELAY: 5000 },
}).createMachine({
  id: 'sample',
  context: { attempts: 0, token: 'secret-token' },
  invoke: { id: 'socket', src: 'socket' },
  on: { RESET: '.idle' },
  initial: 'idle',
  states: {
    idle: { on: { START: 'loading', PING: { actions: assign({ attempts: ({ context }) => context.attempts }) } } },
    loading: { invoke: { id: 'profile', src: 'loadProfile', onDone: 'ready', onError: 'failed' } },
    failed: {
      after: { 10000: 'idle', RETRY_DELAY: { guard: 'retryAllowed', target: 'loading' } },
    },
    ready: {
      type: 'parallel',
      onDone: 'idle',
      states: {
        line: {
          initial: 'quiet',
          states: {
            quiet: { on: { NEXT: 'busy' } },
            busy: { always: { guard: 'retryAllowed', target: 'quiet' } },
          },
        },
        work: {
          initial: 'working',
          states: { working: { on: { FINISH: 'finished' } }, finished: { type: 'final' } },
        },
      },
    },
  },
});
