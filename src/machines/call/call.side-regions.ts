import { assign, raise } from 'xstate';
import { callSetup } from './call.setup';
import { inboundPopupQuery, selectMemberQuery } from './popup-queries';

/**
 * The regions that run beside the line (call.machine.ts): the inbound pop-up, the member lookup, one-touch
 * recording and the hang-up request. They are orthogonal because none of them may wait for another: the
 * screen pop must not wait for the lookup, and the agent may answer before either finishes.
 */

/** Inbound pop-up: window or dialog by the CTI pop-up mode; a blocked window falls back to the dialog. */
export const popupRegion = callSetup.createStateConfig({
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'isInbound', target: 'opening' }, { target: 'none' }] },
    // Outbound calls are placed from a screen or the outbound pop-up the agent already has open.
    none: {},
    opening: {
      invoke: {
        src: 'openPopup',
        input: ({ context }) => ({ popupId: 'inbound', query: inboundPopupQuery(context), mode: context.popupMode }),
        onDone: [
          { guard: ({ event }) => event.output === 'blocked', actions: raise({ type: 'popup.blocked' }) },
          { guard: ({ event }) => event.output === 'window', target: 'window' },
          { target: 'dialog' },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { command: 'popup' } } },
      },
      on: { 'popup.blocked': { target: 'openingDialog', actions: 'markPopupFallback' } },
    },
    openingDialog: {
      invoke: {
        src: 'openPopup',
        input: ({ context }) => ({ popupId: 'inbound', query: inboundPopupQuery(context), mode: 'dialog' }),
        onDone: 'dialog',
        onError: { target: 'failed', actions: { type: 'storeError', params: { command: 'popup' } } },
      },
    },
    window: { on: { REOPEN_POPUP: 'opening' } },
    dialog: { on: { REOPEN_POPUP: 'opening' } },
    failed: { on: { REOPEN_POPUP: 'opening' } },
  },
});

/**
 * Member lookup by the caller's number; more than one member opens the select-member pop-up, unless one
 * was already chosen for the call (the page was reloaded mid-call).
 */
export const memberRegion = callSetup.createStateConfig({
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasNumberToLookUp', target: 'lookingUp' }, { target: 'skipped' }] },
    skipped: {},
    lookingUp: {
      invoke: {
        src: 'lookupMembers',
        input: ({ context }) => ({ phoneNumber: context.number, uniqueid: context.uniqueid }),
        onDone: [
          {
            guard: ({ event }) => event.output.memberCount > 1 && !event.output.memberChosen,
            target: 'selectingMember',
            actions: assign({ memberCount: ({ event }) => event.output.memberCount }),
          },
          { target: 'found', actions: assign({ memberCount: ({ event }) => event.output.memberCount }) },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { command: 'lookup' } } },
      },
    },
    /** 0 or 1 member: the inbound pop-up shows it (or offers to add one). */
    found: {},
    selectingMember: {
      invoke: {
        src: 'openPopup',
        input: ({ context }) => ({
          popupId: 'inbound-select-member',
          query: selectMemberQuery(context),
          mode: context.popupFallback ? 'dialog' : context.popupMode,
        }),
        onDone: [
          { guard: ({ event }) => event.output === 'blocked', target: 'selectingMemberInDialog', actions: 'markPopupFallback' },
          { target: 'selectMemberOpen' },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { command: 'popup' } } },
      },
    },
    selectingMemberInDialog: {
      invoke: {
        src: 'openPopup',
        input: ({ context }) => ({ popupId: 'inbound-select-member', query: selectMemberQuery(context), mode: 'dialog' }),
        onDone: 'selectMemberOpen',
        onError: { target: 'failed', actions: { type: 'storeError', params: { command: 'popup' } } },
      },
    },
    selectMemberOpen: {},
    failed: { on: { RETRY_LOOKUP: 'lookingUp' } },
  },
});

/** One-touch recording, allowed while talking or held. */
export const recordingRegion = callSetup.createStateConfig({
  initial: 'off',
  states: {
    off: { on: { TOGGLE_RECORDING: { guard: 'isConnected', target: 'turningOn' } } },
    turningOn: {
      invoke: {
        src: 'toggleRecording',
        onDone: [
          { guard: ({ event }) => event.output.recording === false, target: 'off' },
          { target: 'on', actions: assign({ recording: true }) },
        ],
        onError: { target: 'off', actions: { type: 'storeError', params: { command: 'recording' } } },
      },
    },
    on: { on: { TOGGLE_RECORDING: { guard: 'isConnected', target: 'turningOff' } } },
    turningOff: {
      invoke: {
        src: 'toggleRecording',
        onDone: [
          { guard: ({ event }) => event.output.recording === true, target: 'on' },
          { target: 'off', actions: assign({ recording: false }) },
        ],
        onError: { target: 'on', actions: { type: 'storeError', params: { command: 'recording' } } },
      },
    },
  },
});

/**
 * Hang-up request, beside the line so a failure leaves the line exactly where it was (ringing, talking,
 * held, consulting) without remembering it.
 */
export const hangupRegion = callSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: { on: { HANGUP: 'requesting' } },
    requesting: {
      invoke: {
        src: 'hangUp',
        input: ({ context }) => ({ channel: context.channel || null }),
        onDone: { target: '#call.ended', actions: { type: 'endBecause', params: { reason: 'local-hangup' } } },
        onError: { target: 'idle', actions: { type: 'storeError', params: { command: 'hangup' } } },
      },
    },
  },
});
