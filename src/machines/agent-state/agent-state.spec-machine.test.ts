import { createActor, fromPromise, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CtiForwardingResult } from '../../api/cti/cti-types';
import { agentStateMachine } from './agent-state.machine';
import { AGENT_STATE_SPEC_EVENTS, agentStateSpecMachine, type AgentStateSpecEvent } from './agent-state.spec-machine';

// filterEvents: explore only events the spec accepts (a refused event is not a step the UI can take).
// serializeState: one path per state (94) instead of per transition (456): the parallel DND region
// multiplies transitions without adding behaviour; the races (a push while applying) have unit tests.
const model = createTestModel(agentStateSpecMachine, {
  events: AGENT_STATE_SPEC_EVENTS,
  filterEvents: (s, e) => s.can(e),
  serializeState: (s) => JSON.stringify([s.value, s.context]),
});
const paths = model.getShortestPaths();

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** The real machine with CTI requests that wait for the test to answer them, by region. */
function realAgentState() {
  const pending: Record<'statusRequest' | 'dndRequest', Pending[]> = { statusRequest: [], dndRequest: [] };
  const request = (self: { id: string }) =>
    new Promise((resolve, reject) => pending[self.id === 'dndRequest' ? 'dndRequest' : 'statusRequest'].push({ resolve, reject }));
  const actor = createActor(
    agentStateMachine.provide({
      actors: {
        dndOn: fromPromise(({ self }) => request(self)),
        dndOff: fromPromise(({ self }) => request(self)),
        checkForwarding: fromPromise<CtiForwardingResult, void>(async () => ({ transfer: false, number: null })),
      },
    }),
    { input: { extension: '1001' } },
  ).start();
  const answer = async (which: keyof typeof pending, ok: boolean) => {
    const next = pending[which].shift()!;
    if (ok) next.resolve({ result: 'success' });
    else next.reject({ status: 500, message: 'PBX error' });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { actor, answer };
}

describe('agent-state spec machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('yields shortest paths covering every status and DND state', () => {
    expect(paths.length).toBeGreaterThan(50);
    const values = paths.flatMap((p) => p.steps.map((s) => s.state.value as Record<string, StateValue>));
    expect(new Set(values.map((v) => String(v.status)))).toEqual(
      new Set(['available', 'rest', 'lunch', 'afterCall', 'confirming', 'applying']),
    );
    expect(new Set(values.map((v) => String(v.dnd)))).toEqual(new Set(['off', 'turningOn', 'on', 'turningOff']));
  });

  // One test per path: a broken transition fails the paths through it, and each names its events.
  for (const path of paths) {
    it(`the real machine follows: ${path.description}`, async ({ onTestFinished }) => {
      const real = realAgentState();
      onTestFinished(() => void real.actor.stop());
      await path.test({
        events: {
          REQUEST: ({ event }) => real.actor.send(event as Extract<AgentStateSpecEvent, { type: 'REQUEST' }>),
          CONFIRM: () => real.actor.send({ type: 'CONFIRM' }),
          CANCEL: () => real.actor.send({ type: 'CANCEL' }),
          LOADED: ({ event }) => real.actor.send(event as Extract<AgentStateSpecEvent, { type: 'LOADED' }>),
          STATUS_OK: () => real.answer('statusRequest', true),
          STATUS_FAIL: () => real.answer('statusRequest', false),
          DND_ON: () => real.actor.send({ type: 'DND_ON' }),
          DND_OFF: () => real.actor.send({ type: 'DND_OFF' }),
          DND_OK: () => real.answer('dndRequest', true),
          DND_FAIL: () => real.answer('dndRequest', false),
        },
        states: {
          '*': (spec) => {
            const snapshot = real.actor.getSnapshot();
            const specValue = spec.value as Record<string, StateValue>;
            const realValue = snapshot.value as Record<string, StateValue>;
            const realStatus = typeof realValue.status === 'string' ? realValue.status : Object.keys(realValue.status!)[0];
            expect(realStatus).toBe(specValue.status);
            expect(realValue.dnd).toBe(specValue.dnd);
            expect(snapshot.context.settled).toBe(spec.context.settled);
            expect(snapshot.context.pending).toEqual(spec.context.pending);
          },
        },
      });
    });
  }
});
