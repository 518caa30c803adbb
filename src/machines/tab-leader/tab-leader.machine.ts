import { assign, fromCallback, sendTo, setup } from 'xstate';
import { phoneMachine } from '../phone/phone.machine';
import type { PhoneSummary } from '../phone/phone.selectors';
import type { PhoneCommand, PhoneInput } from '../phone/phone.types';
import type { ElectionEvent } from './election.logic';

/**
 * One tab per user owns the phone connection (guides/anchors.md: other products lose agents when
 * several tabs poll or a hidden tab is throttled). Every signed-in tab runs this machine:
 * - follower: shows the leader's summaries (through the bridge) and forwards UI commands to it;
 * - leader: runs the phone root (socket, registration, calls) and takes commands from followers and pop-ups.
 * When the leader tab closes, its election lock is released and a follower takes over.
 */
export interface TabLeaderInput {
  phone: PhoneInput;
}

export interface TabLeaderContext {
  phone: PhoneInput;
  /** The leader's latest summary, as a follower sees it; null in the leader (read the phone actor instead). */
  summary: PhoneSummary | null;
}

export type TabLeaderEvent =
  | ElectionEvent
  /** A UI command, from this tab's UI or (in the leader) from a follower or pop-up. */
  | { type: 'COMMAND'; command: PhoneCommand }
  | { type: 'bridge.summary'; summary: PhoneSummary }
  /** Start the phone again after it failed. */
  | { type: 'RESTART_PHONE' };

export const tabLeaderMachine = setup({
  types: {} as { input: TabLeaderInput; context: TabLeaderContext; events: TabLeaderEvent },
  actors: {
    /** `createTabElection()`; the default makes every tab the leader (a single-tab app). */
    election: fromCallback(({ sendBack }) => {
      sendBack({ type: 'election.won' } satisfies ElectionEvent);
    }),
    /** `providePhone(deps)`. */
    phone: phoneMachine,
    /** Follower: hear the leader's summaries (bridge) and `sendBack({ type: 'bridge.summary', summary })`. */
    followLeader: fromCallback(() => undefined),
    /** Leader: hear commands from followers and pop-ups (bridge) and `sendBack({ type: 'COMMAND', command })`. */
    leaderInbox: fromCallback(() => undefined),
  },
  actions: {
    /** Follower: post the command to the leader over the bridge. */
    forwardToLeader: (_, _command: PhoneCommand) => undefined,
    storeSummary: assign({ summary: ({ event }) => (event.type === 'bridge.summary' ? event.summary : null) }),
    forgetSummary: assign({ summary: null }),
  },
}).createMachine({
  id: 'tabLeader',
  context: ({ input }) => ({ phone: input.phone, summary: null }),
  // The election outlives the follower/leader switch: stopping it would release the lock.
  invoke: { id: 'election', src: 'election' },
  initial: 'follower',
  states: {
    follower: {
      invoke: { id: 'followLeader', src: 'followLeader' },
      // Ask the leader for a fresh summary: it only publishes on change, and we may have just opened.
      entry: { type: 'forwardToLeader', params: { type: 'REFRESH_SUMMARY' } },
      on: {
        'election.won': 'leader',
        'bridge.summary': { actions: 'storeSummary' },
        COMMAND: { actions: { type: 'forwardToLeader', params: ({ event }) => event.command } },
      },
    },
    leader: {
      entry: 'forgetSummary',
      initial: 'running',
      invoke: { id: 'leaderInbox', src: 'leaderInbox' },
      on: { 'election.lost': 'follower' },
      states: {
        running: {
          invoke: {
            id: 'phone',
            systemId: 'phone',
            src: 'phone',
            input: ({ context }) => context.phone,
            // The phone root contains its children's failures; reaching here is a bug. Keep leadership
            // (another tab would fail the same way) and let the UI offer a restart.
            onError: 'phoneFailed',
          },
          on: { COMMAND: { actions: sendTo('phone', ({ event }) => event.command) } },
        },
        phoneFailed: { on: { RESTART_PHONE: 'running' } },
      },
    },
  },
});
