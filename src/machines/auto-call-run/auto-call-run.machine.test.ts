import { createActor } from 'xstate';
import { autoCallRunMachine, type AutoCallRunInput, type LineState } from './auto-call-run.machine';
import { runStateOf, viewAutoCallRun } from './auto-call-run.selectors';
import type { AutoCallResult } from './run-counts';

// Asia/Seoul is UTC+9: 20:58 in Seoul is 11:58Z, 21:00 is 12:00Z, 08:00 the next day is 23:00Z.
const SEOUL_2058 = Date.parse('2026-11-27T11:58:00Z');
const SEOUL_2100 = Date.parse('2026-11-27T12:00:00Z');
const SEOUL_0800 = Date.parse('2026-11-27T23:00:00Z');
const SEOUL_1000 = Date.parse('2026-11-27T01:00:00Z');

/**
 * A stand-in for the server runner: ticks every `tickMs` with the agents' state, dials what the machine
 * asks for (one agent per call in flight) and ends each call `callMs` later with `result`.
 */
function runHarness(input: AutoCallRunInput, options: { agents?: number; tickMs?: number; callMs?: number; result?: AutoCallResult } = {}) {
  const { agents = 2, tickMs = 1_000, callMs = 30_000, result = 'no_answer' } = options;
  const requests: { at: number; count: number }[] = [];
  const hangUps = vi.fn();
  let nextId = 1;
  const actor = createActor(
    autoCallRunMachine.provide({
      actions: {
        requestDials: (_, { count }) => {
          requests.push({ at: Date.now(), count });
          // The runner dials after the machine has handled the TICK, as a real one would.
          setTimeout(() => {
            for (let i = 0; i < count; i++) {
              const numberId = nextId++;
              actor.send({ type: 'NUMBER_DIALLED', numberId });
              setTimeout(() => actor.send({ type: 'NUMBER_RESULT', numberId, result }), callMs);
            }
          }, 0);
        },
        hangUpInFlight: hangUps,
      },
    }),
    { input },
  ).start();
  const line = (): LineState => {
    const busy = actor.getSnapshot().context.counts.inFlight.length;
    return { freeAgents: Math.max(0, agents - busy), busyAgents: Math.min(agents, busy), ringing: 0 };
  };
  const timer = setInterval(() => actor.send({ type: 'TICK', now: Date.now(), line: line() }), tickMs);
  const stop = () => clearInterval(timer);
  const dialsBetween = (from: number, to: number) =>
    requests.filter((r) => r.at >= from && r.at < to).reduce((n, r) => n + r.count, 0);
  const view = () => viewAutoCallRun(actor.getSnapshot());
  return { actor, requests, hangUps, stop, dialsBetween, view };
}

describe('autoCallRunMachine', () => {
  let harness: ReturnType<typeof runHarness> | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(SEOUL_1000);
  });
  afterEach(() => {
    harness?.stop();
    harness = undefined;
    vi.useRealTimers();
  });

  it('is ready until started; start, cancel allowed; pause and resume not', () => {
    harness = runHarness({ total: 10 });
    expect(harness.view()).toMatchObject({ state: 'ready', canStart: true, canPause: false, canResume: false, canCancel: true });
    expect(harness.view()).toMatchObject({ total: 10, remaining: 10, dialled: 0, inFlight: 0 });
  });

  it('dials one line per free agent (progressive 1:1) and never more than the agents', async () => {
    harness = runHarness({ total: 100 }, { agents: 3 });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(harness.dialsBetween(0, Infinity)).toBe(3);
    expect(harness.view()).toMatchObject({ state: 'on_going', dialled: 3, inFlight: 3, remaining: 100 });
    await vi.advanceTimersByTimeAsync(30_000); // the three calls end, three more are dialled
    expect(harness.view()).toMatchObject({ dialled: 6, inFlight: 3, remaining: 97 });
    expect(harness.view().results.no_answer).toBe(3);
  });

  it('predictive dials more lines than free agents', async () => {
    harness = runHarness({ total: 1_000, pacing: 'predictive' }, { agents: 5 });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(harness.dialsBetween(0, Infinity)).toBeGreaterThan(5);
  });

  it('stops asking for dials when the call window closes mid-run and starts again when it opens', async () => {
    vi.setSystemTime(SEOUL_2058);
    harness = runHarness({ total: 1_000 }, { agents: 2, tickMs: 10_000, callMs: 25_000 });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(2 * 60_000 + 30_000);
    expect(harness.dialsBetween(SEOUL_2058, SEOUL_2100)).toBeGreaterThanOrEqual(4);
    expect(harness.view()).toMatchObject({ state: 'on_going', waitingForWindow: true });
    // Calls dialled before 21:00 still end and are counted.
    expect(harness.view().inFlight).toBe(0);
    await vi.advanceTimersByTimeAsync(SEOUL_0800 - Date.now() - 1_000);
    expect(harness.dialsBetween(SEOUL_2100, SEOUL_0800)).toBe(0);
    expect(harness.view().waitingForWindow).toBe(true);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(harness.dialsBetween(SEOUL_0800, Infinity)).toBe(2);
    expect(harness.view()).toMatchObject({ state: 'on_going', waitingForWindow: false });
  });

  it('started outside the window, waits without dialling', async () => {
    vi.setSystemTime(SEOUL_2100 + 60_000);
    harness = runHarness({ total: 10 });
    harness.actor.send({ type: 'START', now: Date.now() });
    expect(harness.view()).toMatchObject({ state: 'on_going', waitingForWindow: true, canPause: true, canCancel: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(harness.requests).toEqual([]);
  });

  it('pause stops dial requests while calls in flight end; resume dials again', async () => {
    harness = runHarness({ total: 100 }, { agents: 2 });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(5_000);
    harness.actor.send({ type: 'PAUSE' });
    const pausedAt = Date.now();
    expect(harness.view()).toMatchObject({ state: 'paused', canPause: false, canResume: true, canCancel: true, canStart: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(harness.dialsBetween(pausedAt, Infinity)).toBe(0);
    expect(harness.view()).toMatchObject({ inFlight: 0, dialled: 2 });
    harness.actor.send({ type: 'RESUME', now: Date.now() });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(harness.dialsBetween(pausedAt, Infinity)).toBe(2);
    expect(harness.view().state).toBe('on_going');
  });

  it('cancel is final: nothing more is dialled or counted, nothing is allowed, in-flight calls are hung up', async () => {
    harness = runHarness({ total: 100 }, { agents: 2 });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(2_000);
    harness.actor.send({ type: 'CANCEL' });
    expect(harness.hangUps).toHaveBeenCalledTimes(1);
    const before = harness.view();
    await vi.advanceTimersByTimeAsync(120_000);
    harness.actor.send({ type: 'START', now: Date.now() });
    harness.actor.send({ type: 'RESUME', now: Date.now() });
    expect(harness.view()).toEqual(before);
    expect(harness.view()).toMatchObject({ state: 'cancelled', canStart: false, canPause: false, canResume: false, canCancel: false });
    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.dialsBetween(0, Infinity)).toBe(2);
  });

  it('completes after the last number has its result, not before', async () => {
    harness = runHarness({ total: 5 }, { agents: 2, callMs: 10_000, result: 'success' });
    harness.actor.send({ type: 'START', now: Date.now() });
    // Dialled at 1 s (2), 12 s (2) and 23 s (the last one), each call lasting 10 s.
    await vi.advanceTimersByTimeAsync(32_000);
    expect(harness.view()).toMatchObject({ state: 'on_going', remaining: 1, inFlight: 1, canCancel: true });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(harness.view()).toMatchObject({ state: 'complete', remaining: 0, dialled: 5, canCancel: false });
    expect(harness.view().results.success).toBe(5);
  });

  it('a paused run completes when its last in-flight call ends and nothing is left to dial', async () => {
    harness = runHarness({ total: 2 }, { agents: 2 });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(1_000);
    harness.actor.send({ type: 'PAUSE' });
    expect(harness.view().state).toBe('paused');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(harness.view()).toMatchObject({ state: 'paused', inFlight: 2 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(harness.view().state).toBe('complete');
  });

  it('a resume takes in the numbers added while paused, and the run ends only after they have their results', async () => {
    harness = runHarness({ total: 2 }, { agents: 2, callMs: 10_000, result: 'success' });
    harness.actor.send({ type: 'START', now: Date.now() });
    await vi.advanceTimersByTimeAsync(2_000);
    harness.actor.send({ type: 'PAUSE' });
    expect(harness.view()).toMatchObject({ total: 2, inFlight: 2 });
    // Three numbers uploaded meanwhile: none of the first two is untaken, so the run now holds five.
    harness.actor.send({ type: 'RESUME', now: Date.now(), untaken: 3 });
    expect(harness.view()).toMatchObject({ state: 'on_going', total: 5, remaining: 5 });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(harness.view().state).toBe('on_going');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(harness.view()).toMatchObject({ state: 'complete', dialled: 5, remaining: 0 });
    expect(harness.view().results.success).toBe(5);
  });

  it('a resume without a count keeps the run as it was', async () => {
    harness = runHarness({ total: 4 }, { agents: 1 });
    harness.actor.send({ type: 'START', now: Date.now() });
    harness.actor.send({ type: 'PAUSE' });
    harness.actor.send({ type: 'RESUME', now: Date.now() });
    expect(harness.view()).toMatchObject({ state: 'on_going', total: 4 });
  });

  it('an empty campaign completes as soon as it starts', () => {
    harness = runHarness({ total: 0 });
    harness.actor.send({ type: 'START', now: Date.now() });
    expect(harness.view().state).toBe('complete');
  });

  it('retries a number only when its retry time has come, and counts only the final result', () => {
    const requests: number[] = [];
    const actor = createActor(
      autoCallRunMachine.provide({ actions: { requestDials: (_, { count }) => void requests.push(count) } }),
      { input: { total: 1 } },
    ).start();
    const line: LineState = { freeAgents: 1, busyAgents: 0, ringing: 0 };
    const now = Date.now();
    actor.send({ type: 'START', now });
    actor.send({ type: 'TICK', now, line });
    actor.send({ type: 'NUMBER_DIALLED', numberId: 'a' });
    actor.send({ type: 'NUMBER_RESULT', numberId: 'a', result: 'busy', retryAt: now + 60_000 });
    actor.send({ type: 'TICK', now: now + 30_000, line });
    expect(requests).toEqual([1]);
    expect(viewAutoCallRun(actor.getSnapshot())).toMatchObject({ state: 'on_going', retrying: 1, remaining: 1 });
    actor.send({ type: 'TICK', now: now + 60_000, line });
    expect(requests).toEqual([1, 1]);
    actor.send({ type: 'NUMBER_DIALLED', numberId: 'a' });
    actor.send({ type: 'NUMBER_RESULT', numberId: 'a', result: 'success' });
    const view = viewAutoCallRun(actor.getSnapshot());
    expect(view).toMatchObject({ state: 'complete', dialled: 2 });
    expect(view.results).toMatchObject({ busy: 0, success: 1 });
  });

  it('ignores repeated reports and results for numbers not in flight', () => {
    const actor = createActor(autoCallRunMachine, { input: { total: 2 } }).start();
    actor.send({ type: 'START' });
    actor.send({ type: 'NUMBER_DIALLED', numberId: 1 });
    actor.send({ type: 'NUMBER_DIALLED', numberId: 1 });
    actor.send({ type: 'NUMBER_RESULT', numberId: 2, result: 'success' });
    actor.send({ type: 'NUMBER_RESULT', numberId: 1, result: 'machine' });
    actor.send({ type: 'NUMBER_RESULT', numberId: 1, result: 'machine' });
    expect(viewAutoCallRun(actor.getSnapshot())).toMatchObject({ dialled: 1, inFlight: 0, finished: 1, remaining: 1 });
  });

  it('does not ask again for dials the runner has not reported yet, until they are 10 s old', () => {
    const requests: number[] = [];
    const actor = createActor(
      autoCallRunMachine.provide({ actions: { requestDials: (_, { count }) => void requests.push(count) } }),
      { input: { total: 10 } },
    ).start();
    const line: LineState = { freeAgents: 2, busyAgents: 0, ringing: 0 };
    const now = Date.now();
    actor.send({ type: 'START', now });
    actor.send({ type: 'TICK', now, line });
    actor.send({ type: 'TICK', now: now + 1_000, line });
    expect(requests).toEqual([2]);
    actor.send({ type: 'TICK', now: now + 10_000, line });
    expect(requests).toEqual([2, 2]);
  });

  for (const moment of ['mid-run', 'paused', 'waiting for the window'] as const) {
    it(`a persisted snapshot (${moment}) resumes in the same state with the same counts`, async () => {
      if (moment === 'waiting for the window') vi.setSystemTime(SEOUL_2058);
      harness = runHarness({ total: 50, campaignId: 7 }, { agents: 3, callMs: 20_000, result: 'busy' });
      harness.actor.send({ type: 'START', now: Date.now() });
      await vi.advanceTimersByTimeAsync(moment === 'waiting for the window' ? 150_000 : 45_000);
      if (moment === 'paused') harness.actor.send({ type: 'PAUSE' });
      harness.stop();
      const saved = JSON.parse(JSON.stringify(harness.actor.getPersistedSnapshot())) as unknown;
      const original = harness.actor.getSnapshot();
      harness.actor.stop();

      const requests: number[] = [];
      const restored = createActor(
        autoCallRunMachine.provide({ actions: { requestDials: (_, { count }) => void requests.push(count) } }),
        { input: { total: 0 }, snapshot: saved as never },
      ).start();
      const snapshot = restored.getSnapshot();
      expect(snapshot.value).toEqual(original.value);
      expect(snapshot.context).toEqual(original.context);
      expect(runStateOf(snapshot)).toBe(runStateOf(original));
      expect(viewAutoCallRun(snapshot)).toEqual(viewAutoCallRun(original));
      expect(snapshot.context.campaignId).toBe(7);
      // It carries on from there: calls in flight end and are counted, a running one dials on the next TICK.
      for (const numberId of snapshot.context.counts.inFlight) restored.send({ type: 'NUMBER_RESULT', numberId, result: 'busy' });
      restored.send({ type: 'TICK', now: Date.now(), line: { freeAgents: 3, busyAgents: 0, ringing: 0 } });
      expect(restored.getSnapshot().context.counts.results.busy).toBe(original.context.counts.results.busy + original.context.counts.inFlight.length);
      expect(requests).toEqual(moment === 'mid-run' ? [3] : []);
    });
  }
});
