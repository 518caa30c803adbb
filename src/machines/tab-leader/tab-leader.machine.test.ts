import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { FakeConnection } from '../phone/fake-connection';
import { fakeCti } from '../phone/fake-cti';
import type { PhoneSummary } from '../phone/phone.selectors';
import type { PhoneCommand } from '../phone/phone.types';
import { providePhone } from '../phone/provide-phone';
import { createLockElection, type LockManagerLike } from './election.logic';
import { tabLeaderMachine } from './tab-leader.machine';

/** Web Locks in miniature: one holder per name, waiters granted in order, abortable while waiting. */
class FakeLocks implements LockManagerLike {
  private held = new Set<string>();
  private queue: { name: string; grant: () => void; signal: AbortSignal; reject: (e: unknown) => void }[] = [];

  request(name: string, options: { mode: 'exclusive'; signal: AbortSignal }, callback: (lock: unknown) => Promise<void>) {
    return new Promise<unknown>((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        callback({ name }).then(() => {
          this.held.delete(name);
          resolve(undefined);
          this.next(name);
        });
      };
      options.signal.addEventListener('abort', () => {
        const index = this.queue.findIndex((w) => w.grant === grant);
        if (index >= 0) {
          this.queue.splice(index, 1);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      if (this.held.has(name)) this.queue.push({ name, grant, signal: options.signal, reject });
      else queueMicrotask(grant);
    });
  }

  private next(name: string) {
    const index = this.queue.findIndex((w) => w.name === name);
    if (index >= 0) this.queue.splice(index, 1)[0]!.grant();
  }
}

/** A tab: its own socket and CTI fakes, the shared lock manager, and a bridge that records what it posts. */
function openTab(locks: FakeLocks, bridge: { summaries: Set<(s: PhoneSummary) => void>; commands: Set<(c: PhoneCommand) => void> }) {
  const connection = new FakeConnection();
  const { cti, log } = fakeCti();
  const forwarded: PhoneCommand[] = [];
  const machine = tabLeaderMachine.provide({
    actors: {
      election: createLockElection({ locks }),
      phone: providePhone({
        cti,
        connect: () => connection,
        lookupMembers: async () => ({ memberCount: 0 }),
        openPopup: (r) => r.mode,
        publish: (summary) => bridge.summaries.forEach((listener) => listener(summary)),
        permissions: { listen: false, whisper: false },
      }),
      followLeader: fromCallback(({ sendBack }) => {
        const listener = (summary: PhoneSummary) => sendBack({ type: 'bridge.summary', summary });
        bridge.summaries.add(listener);
        return () => bridge.summaries.delete(listener);
      }),
      leaderInbox: fromCallback(({ sendBack }) => {
        const listener = (command: PhoneCommand) => sendBack({ type: 'COMMAND', command });
        bridge.commands.add(listener);
        return () => bridge.commands.delete(listener);
      }),
    },
    actions: {
      forwardToLeader: (_, command) => {
        forwarded.push(command);
        bridge.commands.forEach((listener) => listener(command));
      },
    },
  });
  const tab = createActor(machine, { input: { phone: { extension: '1001', popupMode: 'dialog' } } }).start();
  const phone = () => tab.getSnapshot().children.phone as AnyActorRef | undefined;
  return { tab, connection, log, forwarded, phone };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('tabLeaderMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a lone tab (default election) leads and runs the phone', () => {
    const tab = createActor(tabLeaderMachine, { input: { phone: { extension: '1001', popupMode: 'dialog' } } }).start();
    expect(tab.getSnapshot().matches({ leader: 'running' })).toBe(true);
    expect(tab.system.get('phone')).toBeDefined();
  });

  it('exactly one of two tabs owns the phone; the follower sees its summaries and forwards commands', async () => {
    const locks = new FakeLocks();
    const bridge = { summaries: new Set<(s: PhoneSummary) => void>(), commands: new Set<(c: PhoneCommand) => void>() };
    const a = openTab(locks, bridge);
    await flush();
    const b = openTab(locks, bridge);
    await flush();

    expect(a.tab.getSnapshot().matches('leader')).toBe(true);
    expect(b.tab.getSnapshot().matches('follower')).toBe(true);
    expect(a.phone()).toBeDefined();
    expect(b.phone()).toBeUndefined();
    // The follower asked for a summary on arrival and got one.
    expect(b.forwarded[0]).toEqual({ type: 'REFRESH_SUMMARY' });
    expect(b.tab.getSnapshot().context.summary?.extension).toBe('1001');

    a.connection.serverConnect();
    await flush();
    b.tab.send({ type: 'COMMAND', command: { type: 'DIAL', number: '01055550001' } });
    await flush();
    expect(a.log).toContain('dial(01055550001)');
    expect(b.log).not.toContain('dial(01055550001)');
    expect(b.tab.getSnapshot().context.summary?.calls.map((c) => c.callId)).toEqual(['out-1']);
    expect(b.connection.emitted).toEqual([]);
  });

  it('hands over when the leader tab closes: the follower starts its own phone', async () => {
    const locks = new FakeLocks();
    const bridge = { summaries: new Set<(s: PhoneSummary) => void>(), commands: new Set<(c: PhoneCommand) => void>() };
    const a = openTab(locks, bridge);
    await flush();
    const b = openTab(locks, bridge);
    await flush();
    a.connection.serverConnect();

    a.tab.stop();
    await flush();
    expect(a.connection.closed).toBe(true);
    expect(b.tab.getSnapshot().matches({ leader: 'running' })).toBe(true);
    expect(b.tab.getSnapshot().context.summary).toBeNull();
    b.connection.serverConnect();
    await flush();
    expect(b.connection.count('register')).toBe(1);
    expect(b.log).toContain('load');
  });

  it('a tab that closes while still waiting for the lock never becomes leader', async () => {
    const locks = new FakeLocks();
    const bridge = { summaries: new Set<(s: PhoneSummary) => void>(), commands: new Set<(c: PhoneCommand) => void>() };
    const a = openTab(locks, bridge);
    await flush();
    const b = openTab(locks, bridge);
    await flush();
    b.tab.stop();
    a.tab.stop();
    await flush();
    const c = openTab(locks, bridge);
    await flush();
    expect(c.tab.getSnapshot().matches('leader')).toBe(true);
    expect(b.phone()).toBeUndefined();
  });
});
