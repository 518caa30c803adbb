import { createActor, createMachine, type AnyActorLogic } from 'xstate';
import { createHeartbeatElection, type ChannelLike } from './election.logic';

/** BroadcastChannel in miniature: delivers to every other open channel of the same name, asynchronously. */
function createBus() {
  const open = new Set<{ name: string; listeners: Set<(e: MessageEvent) => void>; muted: boolean }>();
  const createChannel = (name: string): ChannelLike & { mute(): void } => {
    const self = { name, listeners: new Set<(e: MessageEvent) => void>(), muted: false };
    open.add(self);
    return {
      postMessage(data) {
        if (self.muted) return;
        for (const other of open) {
          if (other !== self && other.name === name && !other.muted) {
            queueMicrotask(() => other.listeners.forEach((l) => l({ data } as MessageEvent)));
          }
        }
      },
      addEventListener: (_type, listener) => self.listeners.add(listener),
      removeEventListener: (_type, listener) => self.listeners.delete(listener),
      close: () => open.delete(self),
      mute: () => (self.muted = true),
    };
  };
  return { createChannel };
}

/** Runs an election actor inside a tiny parent that records what it hears. */
function tab(bus: ReturnType<typeof createBus>, tabId: string) {
  const heard: string[] = [];
  let channel: ReturnType<ReturnType<typeof createBus>['createChannel']> | null = null;
  const election = createHeartbeatElection({
    tabId,
    createChannel: (name) => (channel = bus.createChannel(name)),
    heartbeatMs: 1_000,
    timeoutMs: 3_000,
    claimMs: 300,
  });
  const parent = createMachine({
    invoke: { src: election as AnyActorLogic },
    on: { '*': { actions: ({ event }) => heard.push(event.type) } },
  });
  const actor = createActor(parent).start();
  const isLeader = () => heard.filter((e) => e === 'election.won').length > heard.filter((e) => e === 'election.lost').length;
  /** Simulates a crash: the tab goes silent without resigning. */
  const crash = () => channel?.mute();
  return { actor, heard, isLeader, crash };
}

describe('createHeartbeatElection (fallback without Web Locks)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a lone tab leads after one claim window; a later tab follows', async () => {
    const bus = createBus();
    const a = tab(bus, 'a');
    await vi.advanceTimersByTimeAsync(700);
    expect(a.isLeader()).toBe(true);

    const b = tab(bus, 'b');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(b.isLeader()).toBe(false);
    expect(a.isLeader()).toBe(true);
  });

  it('tabs opened together elect exactly one leader (the smaller id)', async () => {
    const bus = createBus();
    const b = tab(bus, 'b');
    const a = tab(bus, 'a');
    const c = tab(bus, 'c');
    await vi.advanceTimersByTimeAsync(5_000);
    expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([true, false, false]);
  });

  it('hands over at once when the leader closes (resigns)', async () => {
    const bus = createBus();
    const a = tab(bus, 'a');
    await vi.advanceTimersByTimeAsync(700);
    const b = tab(bus, 'b');
    await vi.advanceTimersByTimeAsync(2_000);
    a.actor.stop();
    await vi.advanceTimersByTimeAsync(400);
    expect(b.isLeader()).toBe(true);
  });

  it('takes over after the timeout when the leader crashes silently', async () => {
    const bus = createBus();
    const a = tab(bus, 'a');
    await vi.advanceTimersByTimeAsync(700);
    const b = tab(bus, 'b');
    await vi.advanceTimersByTimeAsync(2_000);
    a.crash();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(b.isLeader()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(b.isLeader()).toBe(true);
  });
});
