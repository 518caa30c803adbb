import { assign, fromPromise, or, setup, stateIn, type PromiseActorLogic } from 'xstate';
import { toCtiError } from '../../api/cti/cti-error';
import { dialableNumber } from '../../api/cti/dialable-number';
import type { CallStateName } from '../../api/realtime/socket-events';
import type {
  CallCommandName,
  CallContext,
  CallEndReason,
  CallEvent,
  CallInput,
  CallOutput,
  OpenPopupOutcome,
  OpenPopupRequest,
} from './call.types';

/** Defaults fail loudly, so a missing wire-up shows as an error in context instead of a hang. */
function notProvided<TOutput, TInput>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}

/** Invoke failures carry `error`; setup-level actions only see the machine's own event union. */
function errorOf(event: object): unknown {
  return 'error' in event ? event.error : undefined;
}

/**
 * Implementations of one call: every side effect is a named actor the app provides (CTI client, member
 * lookup, openPopup). The statechart itself is in call.machine.ts.
 */
export const callSetup = setup({
  types: {} as { input: CallInput; context: CallContext; events: CallEvent; output: CallOutput },
  actors: {
    /** `cti.dial(number)` or `cti.clickToCall(number)`; both answer the new call's uniqueid. */
    dial: notProvided<{ uniqueid: string | null }, { number: string; method: 'dial' | 'clickToCall' }>('dial'),
    answer: notProvided<unknown, void>('answer'),
    /** `cti.hangupWithChannel(channel)` when the channel is known, else `cti.hangup()`. */
    hangUp: notProvided<unknown, { channel: string | null }>('hangUp'),
    /** The CTI API has no hold command; provide these (and the `canHold` guard) when the PBX offers one. */
    hold: notProvided<unknown, void>('hold'),
    unhold: notProvided<unknown, void>('unhold'),
    blindTransfer: notProvided<unknown, { number: string }>('blindTransfer'),
    attendedTransfer: notProvided<unknown, { number: string }>('attendedTransfer'),
    /** One-touch recording toggles; `recording` says which way when the server tells. */
    toggleRecording: notProvided<{ recording: boolean | null }, void>('toggleRecording'),
    /**
     * `member/phone-number/{number}` → memberCount; `memberChosen` when the agent already chose one of
     * the call's members (before a reload), so select-member is not asked again.
     */
    lookupMembers: notProvided<{ memberCount: number; memberChosen?: boolean }, { phoneNumber: string; uniqueid: string | null }>('lookupMembers'),
    openPopup: notProvided<OpenPopupOutcome, OpenPopupRequest>('openPopup'),
  },
  guards: {
    isInbound: ({ context }) => context.direction === 'inbound',
    startsIn: ({ context }, params: { state: NonNullable<CallInput['startIn']> }) => context.startIn === params.state,
    callStateIs: ({ event }, params: { state: CallStateName }) =>
      event.type === 'socket.call_state' && event.payload.state === params.state,
    /** Off by default: no hold endpoint in CONTRACT §7, so HOLD is not offered unless the app enables it. */
    canHold: () => false,
    hasTransferNumber: ({ event }) =>
      (event.type === 'TRANSFER_BLIND' || event.type === 'TRANSFER_ATTENDED') && dialableNumber(event.number) !== null,
    /** Talking or held: what recording needs. */
    isConnected: or([stateIn('#call.active.line.answered'), stateIn('#call.active.line.held')]),
    hasNumberToLookUp: ({ context }) => context.direction === 'inbound' && context.number.trim() !== '',
  },
  actions: {
    storeError: assign(({ event }, params: { command: CallCommandName }) => ({
      error: { command: params.command, ...toCtiError(errorOf(event)) },
    })),
    clearError: assign({ error: null }),
    endBecause: assign((_, params: { reason: CallEndReason }) => ({ endReason: params.reason })),
    rememberTransferTarget: assign({
      transferTarget: ({ event }) =>
        event.type === 'TRANSFER_BLIND' || event.type === 'TRANSFER_ATTENDED' ? dialableNumber(event.number) : null,
      error: null,
    }),
    /** A repeated inbound_call may carry fields the first one lacked (channel, recording file). */
    mergeInbound: assign(({ context, event }) => {
      if (event.type !== 'socket.inbound_call') return {};
      const p = event.payload;
      return {
        uniqueid: context.uniqueid ?? p.uniqueid,
        channel: p.chanel || context.channel,
        recordingfile: p.recordingfile || context.recordingfile,
        ringGroup: p.ring_gr || context.ringGroup,
        ivrNumber: p.ivr_number || context.ivrNumber,
        server: p.server || context.server,
      };
    }),
    markPopupFallback: assign({ popupFallback: true }),
    /** An app-dialed call learns its uniqueid from the dial answer, or from the phone root (`call.identified`). */
    adoptUniqueid: assign(({ context, event }) => {
      if (context.uniqueid) return {};
      if (event.type === 'call.identified') return { uniqueid: event.uniqueid || null };
      const output = 'output' in event ? (event.output as { uniqueid?: unknown } | undefined) : undefined;
      return typeof output?.uniqueid === 'string' && output.uniqueid ? { uniqueid: output.uniqueid } : {};
    }),
  },
});
