// One actor per queue or ring group (systemId `group:<number>`). It remembers what a strategy needs
// across calls: who was rung last (round-robin carries on from there), which calls are in the queue
// (oldest first, so a freed agent gets the longest waiter) and the counters queueReset clears.

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
  lastRung: string | null;
  calls: string[];
  stats: GroupStats;
}

const noStats = (): GroupStats => ({ answered: 0, abandoned: 0, missed: 0 });

export const groupMachine = setup({
  types: {} as { input: GroupInput; context: GroupContext; events: GroupEvent },
}).createMachine({
  id: 'group',
  context: ({ input }) => ({
    number: input.config.number,
    kind: input.kind,
    name: input.config.name ?? input.config.number,
    strategy: input.config.strategy,
    members: [...input.config.members],
    ringTimeS: input.config.ringTimeS ?? null,
    noAnswer: input.config.noAnswer ?? null,
    lastRung: null,
    calls: [],
    stats: noStats(),
  }),
  initial: 'empty',
  on: {
    'group.configure': {
      actions: assign(({ event }) => ({
        name: event.config.name ?? event.config.number,
        strategy: event.config.strategy,
        members: [...event.config.members],
        ringTimeS: event.config.ringTimeS ?? null,
        noAnswer: event.config.noAnswer ?? null,
      })),
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

/**
 * Who a queue rings now (ring groups: ring-group-strategy.ts). Ring-all: every available member. Round-robin: the first available member after
 * the one rung last, wrapping round (so an unanswered member is passed over for the next one).
 */
export function pickMembers(group: GroupContext, isAvailable: (ext: string) => boolean): string[] {
  const candidates = group.members.filter((ext) => isAvailable(ext));
  if (group.strategy === 'ringall') return candidates;
  if (candidates.length === 0) return [];
  const start = group.lastRung === null ? -1 : group.members.indexOf(group.lastRung);
  for (let step = 1; step <= group.members.length; step += 1) {
    const member = group.members[(start + step) % group.members.length];
    if (member !== undefined && candidates.includes(member)) return [member];
  }
  return [];
}
