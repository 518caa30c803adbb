// One actor per extension (systemId `ext:<number>`). Three independent regions: whether the phone is
// registered (the server logs it out after the TTL without a register), what the agent chose
// (available, do-not-disturb, rest, lunch, after-call) and what the line is doing. Calls drive the line;
// the PBX root reads the snapshot to decide who can be rung.

import { assign, sendParent, setup, type SnapshotFrom } from 'xstate';
import { extensionState, type ExtensionState, type LineState, type Presence } from '../status-codes';
import type { ExtensionEvent } from './protocol';

export interface ExtensionInput {
  number: string;
  name: string;
  registrationTtlMs: number;
}

export interface ExtensionContext extends ExtensionInput {
  forward: string | null;
  /** The call the line is ringing for or connected to. */
  callId: string | null;
  /** How many times the phone has registered, and when last (epoch ms): lets tests and the demo see the 10 s re-registration at the server. */
  registrations: number;
  lastRegisteredAt: number | null;
}

export const extensionMachine = setup({
  types: {} as { input: ExtensionInput; context: ExtensionContext; events: ExtensionEvent },
  actions: {
    // Every state entry tells the root; the root compares status codes and publishes only changes.
    notifyChanged: sendParent(({ context }) => ({ type: 'ext.changed', number: context.number })),
    rememberCall: assign({
      callId: ({ event }) => ('callId' in event ? event.callId : null),
    }),
    forgetCall: assign({ callId: null }),
    countRegistration: assign({
      registrations: ({ context }) => context.registrations + 1,
      lastRegisteredAt: () => Date.now(),
    }),
  },
  guards: {
    sameCall: ({ context, event }) => 'callId' in event && event.callId === context.callId,
    presenceIs: ({ event }, params: { presence: Presence }) =>
      event.type === 'ext.presence' && event.presence === params.presence,
  },
  delays: {
    registrationTtl: ({ context }) => context.registrationTtlMs,
  },
}).createMachine({
  id: 'extension',
  type: 'parallel',
  context: ({ input }) => ({ ...input, forward: null, callId: null, registrations: 0, lastRegisteredAt: null }),
  on: {
    'ext.forward': { actions: assign({ forward: ({ event }) => event.number }) },
    'ext.rename': { actions: assign({ name: ({ event }) => event.name }) },
  },
  states: {
    registration: {
      initial: 'loggedOut',
      states: {
        loggedOut: {
          entry: 'notifyChanged',
          on: { 'ext.register': { target: 'loggedIn', actions: 'countRegistration' } },
        },
        loggedIn: {
          entry: 'notifyChanged',
          // Re-entering restarts the timer: each register buys another TTL.
          after: { registrationTtl: 'loggedOut' },
          on: {
            'ext.register': { target: 'loggedIn', reenter: true, actions: 'countRegistration' },
            'ext.unregister': 'loggedOut',
          },
        },
      },
    },
    presence: {
      initial: 'available',
      on: {
        'ext.presence': [
          { guard: { type: 'presenceIs', params: { presence: 'available' } }, target: '.available' },
          { guard: { type: 'presenceIs', params: { presence: 'dnd' } }, target: '.dnd' },
          { guard: { type: 'presenceIs', params: { presence: 'rest' } }, target: '.rest' },
          { guard: { type: 'presenceIs', params: { presence: 'lunch' } }, target: '.lunch' },
          { guard: { type: 'presenceIs', params: { presence: 'after' } }, target: '.after' },
        ],
      },
      states: {
        available: { entry: 'notifyChanged' },
        dnd: { entry: 'notifyChanged' },
        rest: { entry: 'notifyChanged' },
        lunch: { entry: 'notifyChanged' },
        after: { entry: 'notifyChanged' },
      },
    },
    line: {
      initial: 'idle',
      states: {
        idle: {
          entry: ['forgetCall', 'notifyChanged'],
          on: {
            'line.ring': { target: 'ringing', actions: 'rememberCall' },
            // The caller's own line: connected from the start while the far side rings.
            'line.connect': { target: 'onCall', actions: 'rememberCall' },
          },
        },
        ringing: {
          entry: 'notifyChanged',
          on: {
            'line.connect': { guard: 'sameCall', target: 'onCall' },
            'line.stopRinging': { guard: 'sameCall', target: 'idle' },
            'line.release': { guard: 'sameCall', target: 'idle' },
          },
        },
        onCall: {
          entry: 'notifyChanged',
          on: { 'line.release': { guard: 'sameCall', target: 'idle' } },
        },
      },
    },
  },
});

export type ExtensionSnapshot = SnapshotFrom<typeof extensionMachine>;

interface ExtensionStateValue {
  registration: 'loggedOut' | 'loggedIn';
  presence: Presence;
  line: LineState;
}

export function extensionParts(snapshot: ExtensionSnapshot): ExtensionStateValue {
  return snapshot.value as ExtensionStateValue;
}

export function statusOfExtension(snapshot: ExtensionSnapshot): ExtensionState {
  const parts = extensionParts(snapshot);
  return extensionState(parts.registration === 'loggedIn', parts.presence, parts.line);
}

/** Can a queue or ring group ring this extension now? Logged in, available, line idle. */
export function isAvailableForGroups(snapshot: ExtensionSnapshot): boolean {
  const parts = extensionParts(snapshot);
  return parts.registration === 'loggedIn' && parts.presence === 'available' && parts.line === 'idle';
}

/** Can a direct call ring this extension? Rest, lunch and after-call still ring; do-not-disturb refuses. */
export function directCallRefusal(snapshot: ExtensionSnapshot): 'not_logged_in' | 'busy' | null {
  const parts = extensionParts(snapshot);
  if (parts.registration !== 'loggedIn') return 'not_logged_in';
  if (parts.presence === 'dnd' || parts.line !== 'idle') return 'busy';
  return null;
}
