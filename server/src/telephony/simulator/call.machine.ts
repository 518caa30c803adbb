// One actor per call (systemId `call:<uniqueid>`). It asks the PBX root where to ring (`call.route`),
// rings, times out, gets answered, held, transferred (blind, or attended with a consult leg), spied on
// and ended. What each step does to the world lives in call-effects.ts; this file says when.
//
//   routing ──ring──▶ ringing ──answer──▶ connected.talking ⇄ held
//      │  ▲             │ timeout/decline        │ consult ▶ consulting.ringing ▶ consulting.talking
//      │  └─────────────┘                        │ blind transfer ──▶ routing
//      ├─wait──▶ queued ──ring──▶ ringing        ▼
//      ├─external (agent's own call) ▶ dialingOut ─▶ connected          ended (final)
//      └─noAnswer (a ring group gave up) ▶ leavingRingGroup ──redirect──▶ routing
//        (queued or ringing: a queue's maximum wait) ─────▲      └─routedAway─▶ ended

import { assign, sendParent, setup, type SnapshotFrom } from 'xstate';
import { partyExt, roleOf } from './call-parties';
import * as fx from './call-effects';
import type { CallContext, Effects } from './call-effects';
import type { PbxIdentifiers } from '../identifiers';
import type { CallEvent, NewCall } from './protocol';

export interface CallInput extends NewCall {
  server: string;
  ringTimeoutMs: number;
  farAnswerDelayMs: number;
  ids: PbxIdentifiers;
}

const callSetup = setup({
  types: {} as { input: CallInput; context: CallContext; events: CallEvent },
  guards: {
    isRinging: ({ context, event }) => 'ext' in event && context.ringing.some((l) => l.ext === event.ext),
    isLastRinging: ({ context, event }) =>
      'ext' in event && context.ringing.length === 1 && context.ringing[0]?.ext === event.ext && context.ringingOutside.length === 0,
    isRingingOutside: ({ context, event }) => 'number' in event && context.ringingOutside.some((l) => l.number === event.number),
    isLastRingingOutside: ({ context, event }) =>
      'number' in event && context.ringing.length === 0 && context.ringingOutside.length === 1 && context.ringingOutside[0]?.number === event.number,
    isSide: ({ context, event }) => {
      if (!('ext' in event)) return false;
      const role = roleOf(context, event.ext);
      return role === 'caller' || role === 'callee';
    },
    isConsultTarget: ({ context, event }) => 'ext' in event && context.consult?.target.ext === event.ext,
    isTransferrer: ({ context, event }) => 'ext' in event && context.consult?.by === event.ext,
    isSideNotConsulting: ({ context, event }) => {
      if (!('ext' in event) || context.consult) return false;
      const role = roleOf(context, event.ext);
      return role === 'caller' || role === 'callee';
    },
    isSpy: ({ context, event }) => 'ext' in event && context.spies.some((s) => s.ext === event.ext),
    callerIsExtension: ({ context }) => context.caller.kind === 'extension',
  },
  delays: {
    ringTimeout: ({ context }) => context.ringTimeoutMs,
    ringFor: ({ context }) => context.ringForMs,
    farAnswerDelay: ({ context }) => context.farAnswerDelayMs,
  },
});

/** Turn an effects function into an action: patch first, then publish, then line commands, then the root. */
function apply(compute: (context: CallContext, event: CallEvent) => Effects) {
  return callSetup.enqueueActions(({ context, event, enqueue, system }) => {
    const effects = compute(context, event);
    if (effects.patch) enqueue.assign(effects.patch);
    for (const published of effects.publish) enqueue.sendParent({ type: 'publish', event: published });
    for (const { ext, event: command } of effects.lines) {
      // A line may have been removed from the directory mid-call: nothing to tell then.
      const line = system.get(`ext:${ext}`);
      if (line) enqueue.sendTo(line, command);
    }
    for (const message of effects.parent) enqueue.sendParent(message);
  });
}

const ext = (event: CallEvent): string => ('ext' in event ? event.ext : '');
const outsideNumber = (event: CallEvent): string => ('number' in event ? event.number : '');

const endAs = (outcome: (context: CallContext) => CallContext['outcome']) =>
  callSetup.assign({ outcome: ({ context }) => outcome(context) });
const answeredOr = (fallback: CallContext['outcome']) => (c: CallContext) => (c.everAnswered ? 'answered' : fallback);

export const callMachine = callSetup.createMachine({
  id: 'call',
  context: ({ input }) => ({
    ...input,
    callee: null,
    ringGroup: '',
    ringing: [],
    ringingOutside: [],
    ringForMs: input.ringTimeoutMs,
    redirects: 0,
    consult: null,
    spies: [],
    tried: [],
    attempt: 'first',
    callerAnnounced: false,
    everAnswered: false,
    outcome: 'abandoned',
    oneTouch: null,
  }),
  entry: apply((c) => fx.connectCaller(c)),
  initial: 'routing',
  on: {
    'call.farHangup': { target: '.ended', actions: endAs(answeredOr('abandoned')) },
    'call.hangup': { guard: 'isSide', target: '.ended', actions: endAs(answeredOr('abandoned')) },
  },
  states: {
    routing: {
      entry: sendParent(({ context }) => ({
        type: 'call.route',
        uniqueid: context.uniqueid,
        destination: context.destination,
        attempt: context.attempt,
        tried: context.tried,
        callerExt: partyExt(context.caller),
      })),
      on: {
        'route.ring': {
          target: 'ringing',
          actions: apply((c, e) => (e.type === 'route.ring' ? fx.startRinging(c, e.targets, e.ringGroup, e.outside, e.ringMs) : fx.nothing())),
        },
        // The PBX root tells the driver, which follows the destination through the routing and answers.
        'route.noAnswer': {
          target: 'leavingRingGroup',
          actions: assign({ ringGroup: ({ event }) => (event.type === 'route.noAnswer' ? event.ringGroup : '') }),
        },
        'route.wait': {
          target: 'queued',
          actions: apply((c, e) => fx.waitInQueue(c, e.type === 'route.wait' ? e.ringGroup : '')),
        },
        'route.external': [
          {
            guard: 'callerIsExtension',
            target: 'dialingOut',
            actions: apply((c, e) => fx.dialOut(c, e.type === 'route.external' ? e.number : c.destination)),
          },
          // An outside caller forwarded or transferred to an outside number leaves this PBX.
          { target: 'ended', actions: endAs(() => 'transferred') },
        ],
        'route.fail': { target: 'ended', actions: endAs(answeredOr('missed')) },
      },
    },
    leavingRingGroup: {
      on: {
        'call.redirect': {
          target: 'routing',
          actions: apply((c, e) => (e.type === 'call.redirect' ? fx.redirect(c, e.destination, e.ivrNumber) : fx.nothing())),
        },
        'call.routedAway': { target: 'ended', actions: endAs(answeredOr('missed')) },
      },
    },
    queued: {
      on: {
        'route.ring': {
          target: 'ringing',
          actions: apply((c, e) => (e.type === 'route.ring' ? fx.startRinging(c, e.targets, e.ringGroup) : fx.nothing())),
        },
        // The queue's maximum wait: the driver follows the overflow like a ring group's no-answer.
        'queue.timeout': { target: 'leavingRingGroup' },
      },
    },
    ringing: {
      after: {
        ringFor: { target: 'routing', actions: apply((c) => fx.stopRinging(c)) },
      },
      on: {
        'call.answer': { guard: 'isRinging', target: 'connected', actions: apply((c, e) => fx.answerRinging(c, ext(e))) },
        'queue.timeout': { target: 'leavingRingGroup', actions: apply((c) => fx.stopRinging(c)) },
        'call.outsideAnswer': { guard: 'isRingingOutside', target: 'connected', actions: apply((c, e) => fx.answerOutside(c, outsideNumber(e))) },
        'call.outsideRefuse': [
          { guard: 'isLastRingingOutside', target: 'routing', actions: apply((c, e) => fx.refuseOutside(c, outsideNumber(e))) },
          { guard: 'isRingingOutside', actions: apply((c, e) => fx.refuseOutside(c, outsideNumber(e))) },
        ],
        // A ringing extension that hangs up declines; the last one to decline sends the call onward.
        'call.hangup': [
          { guard: 'isLastRinging', target: 'routing', actions: apply((c, e) => fx.stopRinging(c, [ext(e)])) },
          { guard: 'isRinging', actions: apply((c, e) => fx.stopRinging(c, [ext(e)])) },
        ],
      },
    },
    dialingOut: {
      after: { farAnswerDelay: { target: 'connected', actions: apply((c) => fx.farAnswered(c)) } },
    },
    connected: {
      initial: 'talking',
      on: {
        'call.blindTransfer': {
          guard: 'isSideNotConsulting',
          target: 'routing',
          actions: apply((c, e) => (e.type === 'call.blindTransfer' ? fx.blindHandOff(c, e.ext, e.destination) : fx.nothing())),
        },
        'call.spy': {
          actions: apply((c, e) =>
            e.type === 'call.spy' ? fx.addSpy(c, { ext: e.ext, channel: e.channel, mode: e.mode, target: e.target }) : fx.nothing(),
          ),
        },
        'call.hangup': { guard: 'isSpy', actions: apply((c, e) => fx.removeSpy(c, ext(e))) },
        'call.recording': {
          actions: assign({
            oneTouch: ({ context, event }) =>
              context.oneTouch?.active
                ? { active: false, file: context.oneTouch.file }
                : { active: true, file: event.type === 'call.recording' ? event.file : '' },
          }),
        },
      },
      states: {
        talking: {
          on: {
            'call.hold': { guard: 'isSide', target: 'held', actions: apply((c) => fx.announceToParties(c, 'held')) },
            'call.consult': { guard: 'isSide', target: 'consulting', actions: apply(consultEffects) },
          },
        },
        held: {
          on: {
            'call.unhold': { guard: 'isSide', target: 'talking', actions: apply((c) => fx.announceToParties(c, 'answered')) },
            'call.consult': { guard: 'isSide', target: 'consulting', actions: apply(consultEffects) },
          },
        },
        consulting: {
          initial: 'ringing',
          on: {
            'call.hangup': [
              { guard: 'isConsultTarget', target: 'talking', actions: apply((c) => fx.cancelConsult(c)) },
              // The transferring agent hanging up completes the transfer, as on Asterisk.
              {
                guard: 'isTransferrer',
                actions: callSetup.raise(({ event }) => ({ type: 'call.completeTransfer' as const, ext: ext(event) })),
              },
            ],
          },
          states: {
            ringing: {
              after: { ringTimeout: { target: '#call.connected.talking', actions: apply((c) => fx.cancelConsult(c)) } },
              on: {
                'call.answer': { guard: 'isConsultTarget', target: 'talking', actions: apply((c) => fx.answerConsult(c)) },
                'call.completeTransfer': {
                  guard: 'isTransferrer',
                  target: '#call.ringing',
                  actions: apply((c) => fx.completeWhileRinging(c)),
                },
              },
            },
            talking: {
              on: {
                'call.completeTransfer': {
                  guard: 'isTransferrer',
                  target: '#call.connected.talking',
                  actions: apply((c) => fx.completeConnected(c)),
                },
              },
            },
          },
        },
      },
    },
    ended: {
      type: 'final',
      entry: apply((c) => fx.finish(c)),
    },
  },
});

function consultEffects(c: CallContext, e: CallEvent): Effects {
  return e.type === 'call.consult' ? fx.startConsult(c, e.ext, e.target, e.uniqueid) : fx.nothing();
}

export type CallSnapshot = SnapshotFrom<typeof callMachine>;

/** 'ringing', 'connected.talking', 'connected.consulting.ringing', ... */
export function callStateName(snapshot: CallSnapshot): string {
  const flatten = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${flatten(child)}`)
          .join(',');
  return flatten(snapshot.value);
}
