import { assign, createActor, fromCallback, setup } from 'xstate';
import { createInspectionBus } from './inspection-bus';
import { REDACTED } from './sanitize';

type PhoneEvent =
  | { type: 'DIAL'; number: string }
  | { type: 'HANG_UP' }
  | { type: 'LOGIN'; username: string; password: string; auth: { access_token: string } }
  | { type: 'SOCKET_UP' };

/** A tiny phone: a socket child that reports back, a call that can be dialled and hung up. */
const phoneMachine = setup({
  types: {} as { context: { dialled: number }; events: PhoneEvent },
  actors: {
    socket: fromCallback(({ sendBack }) => {
      sendBack({ type: 'SOCKET_UP' });
      return () => {};
    }),
  },
}).createMachine({
  id: 'phone',
  context: { dialled: 0 },
  invoke: { id: 'socket', src: 'socket' },
  initial: 'offline',
  states: {
    offline: { on: { SOCKET_UP: 'idle' } },
    idle: { on: { DIAL: { target: 'ringing', actions: assign({ dialled: ({ context }) => context.dialled + 1 }) } } },
    ringing: { on: { HANG_UP: 'idle' } },
  },
  on: { LOGIN: {} },
});

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('inspection bus', () => {
  it('records started actors with their parent, name and machine', () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine, { id: 'phone-root', inspect: bus.observe }).start();
    const { actors } = bus.getSnapshot();
    expect(actors.map((a) => [a.name, a.status])).toEqual([
      ['phone-root', 'active'],
      ['socket', 'active'],
    ]);
    const [root, socket] = actors;
    expect(root?.parentId).toBeNull();
    expect(socket?.parentId).toBe(phone.sessionId);
    expect(root?.machine).toBe(phone.logic);
    expect(socket?.machine).toBeNull();
    phone.stop();
  });

  it('logs events with source and target and keeps the latest snapshot', () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine, { inspect: bus.observe }).start();
    phone.send({ type: 'DIAL', number: '1001' });
    const { log, actors } = bus.getSnapshot();
    const types = log.map((entry) => entry.type);
    expect(types).toEqual(['xstate.init', 'xstate.init', 'SOCKET_UP', 'DIAL']);
    const socketUp = log.find((entry) => entry.type === 'SOCKET_UP');
    expect([socketUp?.sourceName, socketUp?.targetName]).toEqual(['socket', 'phone']);
    const dial = log.find((entry) => entry.type === 'DIAL');
    expect(dial).toMatchObject({ sourceId: null, targetName: 'phone', payload: { number: '1001' } });
    const root = actors.find((a) => a.parentId === null);
    expect(root?.snapshot).toBe(phone.getSnapshot());
    expect(root?.lastTransitions).toEqual(['phone.idle#on:DIAL#0']);
    expect(root?.transitionSeq).toBe(2);
    phone.stop();
  });

  it('never stores passwords or tokens from event payloads', () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine, { inspect: bus.observe }).start();
    phone.send({ type: 'LOGIN', username: 'agent1', password: 'hunter2', auth: { access_token: 'abc' } });
    const login = bus.getSnapshot().log.find((entry) => entry.type === 'LOGIN');
    expect(login?.payload).toEqual({ username: 'agent1', password: REDACTED, auth: { access_token: REDACTED } });
    expect(JSON.stringify(bus.getSnapshot().log)).not.toContain('hunter2');
    phone.stop();
  });

  it('drops phantom actors that were created but never started (StrictMode)', () => {
    const bus = createInspectionBus();
    createActor(phoneMachine, { inspect: bus.observe }); // the discarded StrictMode twin
    const real = createActor(phoneMachine, { inspect: bus.observe }).start();
    expect(bus.getSnapshot().actors.filter((a) => a.parentId === null).map((a) => a.sessionId)).toEqual([
      real.sessionId,
    ]);
    real.stop();
  });

  it('marks stopped actors instead of forgetting them at once', () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine, { inspect: bus.observe }).start();
    phone.stop();
    const { actors } = bus.getSnapshot();
    expect(actors.map((a) => a.status)).toEqual(['stopped', 'stopped']);
    expect(actors[0]?.endedAt).not.toBeNull();
  });

  it('keeps only the newest finished actors', () => {
    const bus = createInspectionBus({ maxFinishedActors: 3 });
    for (let i = 0; i < 5; i += 1) createActor(phoneMachine, { id: `p${i}`, inspect: bus.observe }).start().stop();
    const live = createActor(phoneMachine, { id: 'live', inspect: bus.observe }).start();
    const { actors } = bus.getSnapshot();
    expect(actors.filter((a) => a.status !== 'active').length).toBeLessThanOrEqual(3);
    const names = actors.map((a) => a.name);
    expect(names).toContain('p4');
    expect(names).toContain('live');
    expect(names).not.toContain('p0');
    // No finished child outlives its parent: it would show up as a root of its own.
    const ids = new Set(actors.map((a) => a.sessionId));
    expect(actors.every((a) => a.parentId === null || ids.has(a.parentId))).toBe(true);
    live.stop();
  });

  it('bounds the event log (ring buffer) and keeps numbering', () => {
    const bus = createInspectionBus({ maxLogEntries: 10 });
    const phone = createActor(phoneMachine, { inspect: bus.observe }).start();
    for (let i = 0; i < 20; i += 1) {
      phone.send({ type: 'DIAL', number: String(i) });
      phone.send({ type: 'HANG_UP' });
    }
    const { log } = bus.getSnapshot();
    expect(log).toHaveLength(10);
    expect(log.at(-1)?.seq).toBe(43);
    expect(log.at(-1)?.type).toBe('HANG_UP');
    expect(log[0]?.seq).toBe(34);
    phone.stop();
  });

  it('shows a late subscriber the actors already alive, and tells it about changes once per burst', async () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine, { inspect: bus.observe }).start();
    await flush();
    const listener = vi.fn();
    bus.subscribe(listener);
    expect(bus.getSnapshot().actors).toHaveLength(2);
    const before = bus.getSnapshot();
    expect(bus.getSnapshot()).toBe(before); // stable between changes (useSyncExternalStore)

    phone.send({ type: 'DIAL', number: '1' });
    phone.send({ type: 'HANG_UP' });
    expect(listener).not.toHaveBeenCalled();
    await flush();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(bus.getSnapshot()).not.toBe(before);
    phone.stop();
  });

  it('adopts a root created without the observer when it is registered, under the given name', () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine).start();
    const stop = bus.registerRootActor('telephony', phone);
    expect(bus.getSnapshot().actors.map((a) => a.name)).toEqual(['telephony', 'socket']);
    phone.send({ type: 'DIAL', number: '7' });
    expect(bus.getSnapshot().log.map((entry) => [entry.type, entry.targetName])).toEqual([['DIAL', 'telephony']]);
    stop();
    phone.send({ type: 'HANG_UP' });
    expect(bus.getSnapshot().log).toHaveLength(1);
    phone.stop();
  });

  it('renames a root that was already observed without inspecting it twice', () => {
    const bus = createInspectionBus();
    const phone = createActor(phoneMachine, { inspect: bus.observe }).start();
    bus.registerRootActor('main phone', phone);
    phone.send({ type: 'DIAL', number: '1' });
    const dials = bus.getSnapshot().log.filter((entry) => entry.type === 'DIAL');
    expect(dials.map((entry) => entry.targetName)).toEqual(['main phone']);
    phone.stop();
  });
});
