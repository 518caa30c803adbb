import { createActor, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CtiLoadResult } from '../../api/cti/cti-types';
import type { SocketCommand } from '../phone/socket.logic';
import { registrationMachine } from './registration.machine';
import { registrationSpecMachine } from './registration.spec-machine';

/**
 * The spec's shortest paths, driven against the real machine with fakes: the spec is what the UI engineer
 * will drive real screens with, so it must say what the real machine does.
 */
// filterEvents: explore only events the spec accepts (a refused event is not a step the UI can take).
const model = createTestModel(registrationSpecMachine, { filterEvents: (s, e) => s.can(e) });
const paths = model.getShortestPaths();

function realRegistration() {
  const sent: SocketCommand['name'][] = [];
  const socket = createActor(fromCallback<SocketCommand>(({ receive }) => receive((c) => sent.push(c.name)))).start();
  const loads: { resolve: (r: CtiLoadResult) => void; reject: (e: unknown) => void }[] = [];
  const actor = createActor(
    registrationMachine.provide({
      actors: { ctiLoad: fromPromise(() => new Promise<CtiLoadResult>((resolve, reject) => loads.push({ resolve, reject }))) },
    }),
    { input: { extension: '1001', socket } },
  ).start();
  const registers = () => sent.filter((n) => n === 'register').length;
  const status = (exten_status: number) =>
    actor.send({ type: 'socket.extension_status', payload: { extension: '1001', exten_status, status: 0 } });
  const expectState = (state: 'loading' | 'registered' | 'waiting' | 'notRegistered', socketUp: boolean) => {
    expect(actor.getSnapshot().matches(state)).toBe(true);
    expect(actor.getSnapshot().context.socketConnected).toBe(socketUp);
  };
  return { actor, sent, loads, registers, status, expectState };
}

describe('registration spec machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('yields shortest paths that reach every state', () => {
    expect(paths.length).toBeGreaterThan(5);
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(reached).toEqual(new Set(['loading', 'registered', 'waiting', 'notRegistered']));
  });

  for (const path of paths) {
    it(`real machine follows: ${path.description}`, async () => {
      const real = realRegistration();
      const settle = async () => vi.advanceTimersByTimeAsync(0);
      await path.test({
        events: {
          LOAD_LOGGED_IN: async () => (real.loads.shift()!.resolve({ status: 0, exten_status: 51 }), settle()),
          LOAD_LOGGED_OUT: async () => (real.loads.shift()!.resolve({ status: 0, exten_status: 4 }), settle()),
          LOAD_FAILED: async () => (real.loads.shift()!.reject({ status: 500, message: 'down' }), settle()),
          SOCKET_UP: () => real.actor.send({ type: 'socket.connected' }),
          SOCKET_DOWN: () => real.actor.send({ type: 'socket.disconnected', reason: 'test' }),
          STATUS_51: () => real.status(51),
          STATUS_OTHER: () => real.status(4),
          RETRY: () => real.actor.send({ type: 'RETRY' }),
          TICK_10S: async ({ state }) => {
            const before = real.registers();
            await vi.advanceTimersByTimeAsync(10_000);
            expect(real.registers() - before).toBe(state.matches('registered') ? 1 : 0);
          },
        },
        states: {
          loading: (spec) => real.expectState('loading', spec.context.socketUp),
          registered: (spec) => real.expectState('registered', spec.context.socketUp),
          waiting: (spec) => real.expectState('waiting', spec.context.socketUp),
          notRegistered: (spec) => {
            real.expectState('notRegistered', spec.context.socketUp);
            expect(real.sent.at(-1)).toBe('leave_extension_room');
          },
        },
      });
    });
  }
});
