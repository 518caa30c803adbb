import { createActor, fromPromise, type Actor, type StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CallStateName } from '../../api/realtime/socket-events';
import { callMachine } from './call.machine';
import { callLineSpecMachine, screenPopSpecMachine } from './call.spec-machine';
import type { CallInput, OpenPopupOutcome, OpenPopupRequest } from './call.types';

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  input: unknown;
}

/** The real call machine whose CTI requests wait until the test answers them (stale ones are skipped). */
function realCall(direction: 'inbound' | 'outbound') {
  const waiting = new Map<string, Waiting[]>();
  const wait = <TOutput, TInput>(name: string) =>
    fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const entry = { resolve: (v: unknown) => resolve(v as TOutput), reject, signal, input };
          waiting.set(name, [...(waiting.get(name) ?? []), entry]);
        }),
    );
  const input: CallInput = {
    callId: 'u-1',
    uniqueid: direction === 'inbound' ? 'u-1' : null,
    direction,
    number: '01055550002',
    extension: '1001',
    channel: 'SIP/1001-1',
    recordingfile: '',
    ringGroup: '',
    ivrNumber: '',
    server: '',
    popupMode: 'window',
    receivedAt: 0,
  };
  const actor = createActor(
    callMachine.provide({
      actors: {
        dial: wait('dial'),
        answer: wait('answer'),
        hangUp: wait('hangUp'),
        blindTransfer: wait('transfer'),
        attendedTransfer: wait('transfer'),
        lookupMembers: wait('lookup'),
        openPopup: wait('popup'),
      },
    }),
    { input },
  ).start();
  const answer = async (name: string, outcome: { ok: unknown } | { fail: unknown }, match?: (input: unknown) => boolean) => {
    const live = (waiting.get(name) ?? []).filter((w) => !w.signal.aborted && (!match || match(w.input)));
    const next = live[0];
    if (!next) throw new Error(`nothing is waiting for ${name}`);
    waiting.set(name, (waiting.get(name) ?? []).filter((w) => w !== next));
    if ('ok' in outcome) next.resolve(outcome.ok);
    else next.reject(outcome.fail);
    await vi.advanceTimersByTimeAsync(0);
  };
  const push = (state: CallStateName) =>
    actor.send({ type: 'socket.call_state', payload: { uniqueid: 'u-1', state, extension: '1001', number: input.number } });
  return { actor, answer, push };
}

const region = (actor: Actor<typeof callMachine>, name: string) =>
  ((actor.getSnapshot().value as { active?: Record<string, StateValue> }).active ?? {})[name];

describe('call line spec machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // filterEvents: explore only events the spec accepts (a refused event is not a step the UI can take).
  const paths = createTestModel(callLineSpecMachine, { filterEvents: (s, e) => s.can(e) }).getShortestPaths();

  it('yields shortest paths through inbound and outbound lifecycles', () => {
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.some((p) => p.steps.some((s) => s.state.matches({ active: { line: { transferring: { attended: 'consulting' } } } })))).toBe(true);
  });

  // One test per path: a broken transition fails the paths through it, and each names its events.
  const fail = { fail: { status: 500, message: 'PBX error' } };
  const ok = { ok: { result: 'success' } };
  for (const path of paths) {
    it(`the real call machine follows: ${path.description}`, async ({ onTestFinished }) => {
      let real = null as ReturnType<typeof realCall> | null;
      onTestFinished(() => void real?.actor.stop());
      const call = () => real!;
      await path.test({
        events: {
          INBOUND_RINGS: () => void (real = realCall('inbound')),
          DIAL: () => void (real = realCall('outbound')),
          DIAL_OK: () => call().answer('dial', ok),
          DIAL_FAIL: () => call().answer('dial', fail),
          ANSWER: () => call().actor.send({ type: 'ANSWER' }),
          ANSWER_OK: () => call().answer('answer', ok),
          ANSWER_FAIL: () => call().answer('answer', fail),
          FAR_RINGING: () => call().push('ringing'),
          FAR_ANSWERED: () => call().push('answered'),
          FAR_HELD: () => call().push('held'),
          FAR_HANGUP: () => call().push('hangup'),
          FAR_TRANSFERRED: () => call().push('transferred'),
          TRANSFER_BLIND: () => call().actor.send({ type: 'TRANSFER_BLIND', number: '1002' }),
          TRANSFER_ATTENDED: () => call().actor.send({ type: 'TRANSFER_ATTENDED', number: '1003' }),
          TRANSFER_OK: () => call().answer('transfer', ok),
          TRANSFER_FAIL: () => call().answer('transfer', fail),
          COMPLETE_TRANSFER: () => call().actor.send({ type: 'COMPLETE_TRANSFER' }),
          HANGUP: () => call().actor.send({ type: 'HANGUP' }),
          HANGUP_OK: () => call().answer('hangUp', ok),
          HANGUP_FAIL: () => call().answer('hangUp', fail),
        },
        states: {
          idle: () => expect(real).toBeNull(),
          active: (spec) => {
            const value = spec.value as { active: Record<string, StateValue> };
            expect(region(call().actor, 'line')).toEqual(value.active.line);
            expect(region(call().actor, 'hangup')).toEqual(value.active.hangup);
          },
          ended: () => expect(call().actor.getSnapshot().status).toBe('done'),
        },
      });
    });
  }
});

describe('screen pop spec machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = createTestModel(screenPopSpecMachine, { filterEvents: (s, e) => s.can(e) }).getShortestPaths();

  it('yields shortest paths to the window, the dialog fallback and the select-member pop-up', () => {
    expect(paths.length).toBeGreaterThan(10);
    const ends = paths.map((p) => p.state);
    expect(ends.some((s) => s.matches({ popup: 'dialog' }) && s.context.fallback)).toBe(true);
    expect(ends.some((s) => s.matches({ member: 'selectMemberOpen' }))).toBe(true);
  });

  const isInbound = (input: unknown) => (input as OpenPopupRequest).popupId === 'inbound';
  const isSelectMember = (input: unknown) => (input as OpenPopupRequest).popupId === 'inbound-select-member';
  const opened = (outcome: OpenPopupOutcome) => ({ ok: outcome });
  for (const path of paths) {
    it(`the real call machine follows: ${path.description}`, async ({ onTestFinished }) => {
      const real = realCall('inbound');
      onTestFinished(() => void real.actor.stop());
      await path.test({
        events: {
          POPUP_WINDOW: () => real.answer('popup', opened('window'), isInbound),
          POPUP_DIALOG: () => real.answer('popup', opened('dialog'), isInbound),
          POPUP_BLOCKED: () => real.answer('popup', opened('blocked'), isInbound),
          REOPEN_POPUP: () => real.actor.send({ type: 'REOPEN_POPUP' }),
          LOOKUP_NONE: () => real.answer('lookup', { ok: { memberCount: 0 } }),
          LOOKUP_ONE: () => real.answer('lookup', { ok: { memberCount: 1 } }),
          LOOKUP_MANY: () => real.answer('lookup', { ok: { memberCount: 2 } }),
          LOOKUP_FAIL: () => real.answer('lookup', { fail: { status: 500, message: 'db down' } }),
          RETRY_LOOKUP: () => real.actor.send({ type: 'RETRY_LOOKUP' }),
          SELECT_MEMBER_OPENED: () => real.answer('popup', opened('window'), isSelectMember),
        },
        states: {
          '*': (spec) => {
            const value = spec.value as Record<string, StateValue>;
            expect(region(real.actor, 'popup')).toEqual(value.popup);
            expect(region(real.actor, 'member')).toEqual(value.member);
            expect(real.actor.getSnapshot().context.popupFallback).toBe(spec.context.fallback);
          },
        },
      });
    });
  }
});
