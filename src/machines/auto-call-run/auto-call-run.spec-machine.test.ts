import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { autoCallRunMachine, type LineState } from './auto-call-run.machine';
import { runStateOf } from './auto-call-run.selectors';
import { autoCallRunSpecMachine, SPEC_RUN_STATE } from './auto-call-run.spec-machine';

/**
 * Every simple path of the spec, driven against the real machine: the spec is what the runner and the
 * screens rely on, so it must say what the real machine does.
 */
const model = createTestModel(autoCallRunSpecMachine, { filterEvents: (s, e) => s.can(e) });
const paths = model.getSimplePaths();

const TEN_IN_SEOUL = Date.parse('2026-11-27T01:00:00Z');
const HALF_DAY = 12 * 3_600_000;
const BUTTONS = ['START', 'PAUSE', 'RESUME', 'CANCEL'] as const;

/** The real machine with a stand-in runner: one agent, 10 numbers, each dial ending at once as `busy`. */
function realRun() {
  const requests: number[] = [];
  const hangUps = vi.fn();
  let now = TEN_IN_SEOUL; // 10:00 in Seoul; each window change moves the clock 12 hours on
  let nextId = 1;
  const actor = createActor(
    autoCallRunMachine.provide({
      actions: { requestDials: (_, { count }) => void requests.push(count), hangUpInFlight: hangUps },
    }),
    { input: { total: 10, pacing: 'progressive', multiple: 1 } },
  ).start();
  const line = (): LineState => ({ freeAgents: 1 - actor.getSnapshot().context.counts.inFlight.length, busyAgents: 0, ringing: 0 });
  /** One runner TICK; dials what it asked for and ends those calls. Returns how many it asked for. */
  const tick = () => {
    const before = requests.length;
    actor.send({ type: 'TICK', now, line: line() });
    const asked = requests.slice(before).reduce((a, b) => a + b, 0);
    for (let i = 0; i < asked; i++) {
      const numberId = nextId++;
      actor.send({ type: 'NUMBER_DIALLED', numberId });
      actor.send({ type: 'NUMBER_RESULT', numberId, result: 'busy' });
    }
    return asked;
  };
  const moveClock = () => {
    now += HALF_DAY;
    tick();
  };
  return { actor, hangUps, tick, moveClock, now: () => now };
}

describe('auto-call run spec machine', () => {
  it('has simple paths reaching every state', () => {
    expect(paths.length).toBeGreaterThan(10);
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect(reached).toEqual(new Set(Object.keys(SPEC_RUN_STATE)));
  });

  for (const path of paths) {
    it(`real machine follows: ${path.description}`, async () => {
      const real = realRun();
      const common = (spec: (typeof path)['state']) => {
        const snapshot = real.actor.getSnapshot();
        expect(runStateOf(snapshot)).toBe(SPEC_RUN_STATE[spec.value as keyof typeof SPEC_RUN_STATE]);
        for (const type of BUTTONS) expect(snapshot.can({ type }), `can ${type}`).toBe(spec.can({ type }));
      };
      const asksNothing = () => expect(real.tick()).toBe(0);
      await path.test({
        events: {
          START: () => real.actor.send({ type: 'START', now: real.now() }),
          PAUSE: () => real.actor.send({ type: 'PAUSE' }),
          RESUME: () => real.actor.send({ type: 'RESUME', now: real.now() }),
          CANCEL: () => real.actor.send({ type: 'CANCEL' }),
          CLOSE_WINDOW: () => real.moveClock(),
          OPEN_WINDOW: () => real.moveClock(),
          FINISH: () => {
            for (let i = 0; i < 20 && real.actor.getSnapshot().status === 'active'; i++) real.tick();
          },
        },
        states: {
          ready: (spec) => (common(spec), asksNothing()),
          running: (spec) => {
            common(spec);
            expect(real.tick()).toBe(1); // one free agent → one line
            expect(real.actor.getSnapshot().matches({ on_going: 'running' })).toBe(true);
          },
          waiting_window: (spec) => {
            common(spec);
            expect(real.actor.getSnapshot().matches({ on_going: 'waiting_window' })).toBe(true);
            asksNothing();
          },
          paused: (spec) => (common(spec), asksNothing()),
          complete: (spec) => {
            common(spec);
            const { counts } = real.actor.getSnapshot().context;
            expect(counts.results.busy).toBe(10);
            expect(real.actor.getSnapshot().status).toBe('done');
          },
          cancelled: (spec) => {
            common(spec);
            expect(real.hangUps).toHaveBeenCalledTimes(1);
            expect(real.actor.getSnapshot().status).toBe('done');
            asksNothing();
          },
        },
      });
    });
  }
});
