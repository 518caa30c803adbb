// One actor per queue or ring group (systemId `group:<number>`). It remembers what a strategy needs
// across calls: who was rung last (round robin carries on from there), which calls are in the queue
// (oldest first, so a freed agent gets the longest waiter), each member's answered calls and when their
// last queue call ended (fewest calls, least recent, wrap-up), and the counters queueReset clears.

import { assign, setup, type SnapshotFrom } from 'xstate';
import type { CallDestination, DirectoryGroup, RingStrategy } from '../driver';
import type { GroupEvent, GroupKind } from './protocol';

export interface GroupInput {
  kind: GroupKind;
  config: DirectoryGroup;
}

export interface GroupStats {
  answered: number;
  abandoned: number;
  missed: number;
}

export interface GroupContext {
  number: string;
  kind: GroupKind;
  name: string;
  strategy: RingStrategy;
  members: string[];
  /** Ring groups: seconds each ring lasts (null: the PBX's ring timeout) and where an unanswered call goes. */
  ringTimeS: number | null;
  noAnswer: CallDestination | null;
  /** Queues: each member's penalty (absent: 0), the wrap-up after a queue call and the longest wait (ms). */
  penalties: Record<string, number>;
  wrapupMs: number;
  maxWaitMs: number | null;
  /** Queues: who answered each connected call, each member's answered calls and when their last one ended. */
  connected: Record<string, string>;
  answeredBy: Record<string, number>;
  lastCallEndedAt: Record<string, number>;
  lastRung: string | null;
  calls: string[];
  stats: GroupStats;
}

const noStats = (): GroupStats => ({ answered: 0, abandoned: 0, missed: 0 });

/** What a (re)configuration sets: the rest (calls, memory of members) carries over. */
const settingsOf = (config: DirectoryGroup) => ({
  name: config.name ?? config.number,
  strategy: config.strategy,
  members: [...config.members],
  ringTimeS: config.ringTimeS ?? null,
  noAnswer: config.noAnswer ?? null,
  penalties: { ...(config.penalties ?? {}) },
  wrapupMs: (config.wrapupS ?? 0) * 1000,
  maxWaitMs: config.maxWaitS ? config.maxWaitS * 1000 : null,
});

export const groupMachine = setup({
  types: {} as { input: GroupInput; context: GroupContext; events: GroupEvent },
}).createMachine({
  id: 'group',
  context: ({ input }) => ({
    number: input.config.number,
    kind: input.kind,
    ...settingsOf(input.config),
    connected: {},
    answeredBy: {},
    lastCallEndedAt: {},
    lastRung: null,
    calls: [],
    stats: noStats(),
  }),
  initial: 'empty',
  on: {
    'group.configure': { actions: assign(({ event }) => settingsOf(event.config)) },
    'group.answered': {
      actions: assign(({ context, event }) => ({
        connected: { ...context.connected, [event.callId]: event.ext },
        answeredBy: { ...context.answeredBy, [event.ext]: (context.answeredBy[event.ext] ?? 0) + 1 },
      })),
    },
    'group.callDone': {
      guard: ({ context, event }) => event.callId in context.connected,
      actions: assign(({ context, event }) => {
        const { [event.callId]: ext, ...connected } = context.connected;
        return { connected, lastCallEndedAt: ext ? { ...context.lastCallEndedAt, [ext]: event.at } : context.lastCallEndedAt };
      }),
    },
    'group.rung': { actions: assign({ lastRung: ({ event }) => event.ext }) },
    'group.reset': { actions: assign({ stats: noStats }) },
    'group.leave': {
      actions: assign(({ context, event }) => ({
        calls: context.calls.filter((id) => id !== event.callId),
        stats: countOutcome(context.stats, event.outcome),
      })),
    },
  },
  states: {
    empty: {
      on: {
        'group.join': {
          target: 'holdingCalls',
          actions: assign({ calls: ({ event }) => [event.callId] }),
        },
      },
    },
    holdingCalls: {
      always: { guard: ({ context }) => context.calls.length === 0, target: 'empty' },
      on: {
        'group.join': {
          guard: ({ context, event }) => !context.calls.includes(event.callId),
          actions: assign({ calls: ({ context, event }) => [...context.calls, event.callId] }),
        },
      },
    },
  },
});

function countOutcome(stats: GroupStats, outcome: string): GroupStats {
  if (outcome === 'answered') return { ...stats, answered: stats.answered + 1 };
  if (outcome === 'abandoned') return { ...stats, abandoned: stats.abandoned + 1 };
  if (outcome === 'missed') return { ...stats, missed: stats.missed + 1 };
  return stats;
}

export type GroupSnapshot = SnapshotFrom<typeof groupMachine>;

/** A member's penalty: absent or blank is 0. */
export const penaltyOf = (group: Pick<GroupContext, 'penalties'>, ext: string) => group.penalties[ext] ?? 0;

/** Still resting after their last call from this queue (Asterisk's wrapuptime, per queue). */
export function inWrapup(group: Pick<GroupContext, 'wrapupMs' | 'lastCallEndedAt'>, ext: string, now: number): boolean {
  const ended = group.lastCallEndedAt[ext];
  return group.wrapupMs > 0 && ended !== undefined && now < ended + group.wrapupMs;
}

/**
 * Who a queue rings now (ring groups: ring-group-strategy.ts), Asterisk's strategies. Only free members
 * out of wrap-up count, and of those only the lowest penalty present (higher penalties are offered a
 * call only when no lower one is free). Then:
 *   ringall      all of them;
 *   leastrecent  the one whose last queue call ended longest ago (never called first);
 *   fewestcalls  the one with the fewest answered calls from this queue;
 *   rrmemory     the first after the member rung last, wrapping round (`roundrobin`, the old name, too);
 *   linear       in list order from the first, for each call (`tried`: the members it rang already);
 *   random       any of them.
 * Ties go to the member listed first.
 */
export function pickMembers(group: GroupContext, isAvailable: (ext: string) => boolean, now: number, tried: readonly string[] = []): string[] {
  const free = group.members.filter((ext) => isAvailable(ext) && !inWrapup(group, ext, now));
  if (free.length === 0) return [];
  const lowest = Math.min(...free.map((ext) => penaltyOf(group, ext)));
  const candidates = free.filter((ext) => penaltyOf(group, ext) === lowest);
  const fewest = (score: (ext: string) => number) => [candidates.reduce((best, ext) => (score(ext) < score(best) ? ext : best))];
  switch (group.strategy) {
    case 'ringall':
      return candidates;
    case 'leastrecent':
      return fewest((ext) => group.lastCallEndedAt[ext] ?? Number.NEGATIVE_INFINITY);
    case 'fewestcalls':
      return fewest((ext) => group.answeredBy[ext] ?? 0);
    case 'linear':
      return [candidates.find((ext) => !tried.includes(ext)) ?? candidates[0]!];
    case 'random':
      return [candidates[Math.floor(Math.random() * candidates.length)] ?? candidates[0]!];
    default:
      return nextAfterLastRung(group, candidates);
  }
}

function nextAfterLastRung(group: GroupContext, candidates: readonly string[]): string[] {
  const start = group.lastRung === null ? -1 : group.members.indexOf(group.lastRung);
  for (let step = 1; step <= group.members.length; step += 1) {
    const member = group.members[(start + step) % group.members.length];
    if (member !== undefined && candidates.includes(member)) return [member];
  }
  return [];
}
