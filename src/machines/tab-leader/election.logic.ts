import { fromCallback } from 'xstate';

/**
 * Leader election between the tabs of one browser profile: exactly one tab owns the phone connection.
 * The election is an actor that sends its parent `election.won` when this tab becomes the leader and
 * `election.lost` if it stops being one; stopping the actor resigns (closing a tab stops it too).
 *
 * Preferred: the Web Locks API. The lock is held for as long as the actor runs; the browser releases it
 * when the tab closes or crashes, and grants it to the next waiting tab. Without Web Locks, tabs elect a
 * leader over a BroadcastChannel with heartbeats.
 */
export type ElectionEvent = { type: 'election.won' } | { type: 'election.lost' };

export const DEFAULT_LOCK_NAME = 'callcentre-phone';

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(
    name: string,
    options: { mode: 'exclusive'; signal: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

/** The part of BroadcastChannel used here. */
export interface ChannelLike {
  postMessage(data: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export function createLockElection(options: { name?: string; locks: LockManagerLike }) {
  return fromCallback(({ sendBack }) => {
    const abort = new AbortController();
    let release: (() => void) | null = null;
    let stopped = false;
    options.locks
      .request(options.name ?? DEFAULT_LOCK_NAME, { mode: 'exclusive', signal: abort.signal }, () => {
        if (stopped) return Promise.resolve();
        sendBack({ type: 'election.won' } satisfies ElectionEvent);
        // Held until the actor stops; a closed tab releases it without running any code.
        return new Promise<void>((resolve) => (release = resolve));
      })
      .catch(() => {
        // AbortError: stopped while still waiting for the lock. Nothing to resign.
      });
    return () => {
      stopped = true;
      abort.abort();
      release?.();
    };
  });
}

type HeartbeatMessage = { kind: 'hello' | 'heartbeat' | 'claim' | 'resign'; tabId: string; source: 'callcentre-election' };

export interface HeartbeatElectionOptions {
  name?: string;
  createChannel: (name: string) => ChannelLike;
  /** Unique per tab; ties are broken by the smaller id. */
  tabId: string;
  heartbeatMs?: number;
  /** A leader silent for this long is presumed gone. */
  timeoutMs?: number;
  /** How long a claim waits for objections. */
  claimMs?: number;
}

/**
 * Fallback election without Web Locks. A new tab says hello and waits one claim window for a heartbeat;
 * without one it claims; a smaller claiming id or any heartbeat wins over ours. A leader heartbeats and
 * resigns on stop; followers claim when heartbeats stop. Two leaders (after a partition) resolve to the
 * smaller id.
 */
export function createHeartbeatElection(options: HeartbeatElectionOptions) {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 3_000;
  const claimMs = options.claimMs ?? 300;
  const { tabId } = options;

  return fromCallback(({ sendBack }) => {
    const channel = options.createChannel(`${options.name ?? DEFAULT_LOCK_NAME}:election`);
    let role: 'follower' | 'candidate' | 'leader' = 'follower';
    let lastHeard = Date.now();
    let claimTimer: ReturnType<typeof setTimeout> | undefined;
    const post = (kind: HeartbeatMessage['kind']) =>
      channel.postMessage({ kind, tabId, source: 'callcentre-election' } satisfies HeartbeatMessage);

    const claim = () => {
      role = 'candidate';
      post('claim');
      claimTimer = setTimeout(() => {
        if (role !== 'candidate') return;
        role = 'leader';
        post('heartbeat');
        sendBack({ type: 'election.won' } satisfies ElectionEvent);
      }, claimMs);
    };
    const yieldTo = () => {
      const wasLeader = role === 'leader';
      role = 'follower';
      clearTimeout(claimTimer);
      lastHeard = Date.now();
      if (wasLeader) sendBack({ type: 'election.lost' } satisfies ElectionEvent);
    };

    const onMessage = (event: MessageEvent) => {
      const message = event.data as Partial<HeartbeatMessage> | null;
      if (message?.source !== 'callcentre-election' || !message.tabId || message.tabId === tabId) return;
      const theirsWins = message.tabId < tabId;
      switch (message.kind) {
        case 'hello':
          if (role === 'leader') post('heartbeat');
          break;
        case 'heartbeat':
          if (role !== 'leader' || theirsWins) yieldTo();
          break;
        case 'claim':
          if (role === 'leader') post('heartbeat');
          else if (role === 'candidate' && theirsWins) yieldTo();
          break;
        case 'resign':
          if (role === 'follower') claim();
          break;
      }
    };
    channel.addEventListener('message', onMessage);

    const ticker = setInterval(() => {
      if (role === 'leader') post('heartbeat');
      else if (role === 'follower' && Date.now() - lastHeard > timeoutMs) claim();
    }, heartbeatMs);
    post('hello');
    // A leader answers hello at once; silence for one claim window means there is none.
    const discovery = setTimeout(() => {
      if (role === 'follower' && Date.now() - lastHeard >= claimMs) claim();
    }, claimMs);
    lastHeard = Date.now();

    return () => {
      clearInterval(ticker);
      clearTimeout(discovery);
      clearTimeout(claimTimer);
      if (role === 'leader') post('resign');
      channel.removeEventListener('message', onMessage);
      channel.close();
    };
  });
}

/** The election this browser supports: Web Locks, else BroadcastChannel heartbeats, else this tab alone. */
export function createTabElection(name: string = DEFAULT_LOCK_NAME) {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManagerLike }) | undefined)?.locks;
  if (locks) return createLockElection({ name, locks });
  if (typeof BroadcastChannel !== 'undefined') {
    const tabId = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
    return createHeartbeatElection({ name, tabId, createChannel: (n) => new BroadcastChannel(n) });
  }
  return fromCallback(({ sendBack }) => {
    sendBack({ type: 'election.won' } satisfies ElectionEvent);
  });
}
