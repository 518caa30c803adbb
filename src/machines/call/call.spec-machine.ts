import { assign, not, setup, stateIn } from 'xstate';

/**
 * Pure specifications of a call for model-based testing (no invoke): two machines, because the line and
 * the screen pop are orthogonal and their product would multiply the paths without testing anything new.
 * Server answers are explicit events (`*_OK` / `*_FAIL` answer the pending CTI request; `FAR_*` are the
 * server's call_state pushes).
 */

export type CallLineSpecEvent =
  | { type: 'INBOUND_RINGS' }
  | { type: 'DIAL' }
  | { type: 'DIAL_OK' }
  | { type: 'DIAL_FAIL' }
  | { type: 'ANSWER' }
  | { type: 'ANSWER_OK' }
  | { type: 'ANSWER_FAIL' }
  | { type: 'FAR_RINGING' }
  | { type: 'FAR_ANSWERED' }
  | { type: 'FAR_HELD' }
  | { type: 'FAR_HANGUP' }
  | { type: 'FAR_TRANSFERRED' }
  | { type: 'TRANSFER_BLIND' }
  | { type: 'TRANSFER_ATTENDED' }
  | { type: 'TRANSFER_OK' }
  | { type: 'TRANSFER_FAIL' }
  | { type: 'COMPLETE_TRANSFER' }
  | { type: 'HANGUP' }
  | { type: 'HANGUP_OK' }
  | { type: 'HANGUP_FAIL' };

/**
 * The line: inbound ringing → answered → held → blind or attended transfer → ended; outbound dialing →
 * ringing → the same. The agent's HANGUP is a request beside the line (it fails without moving the line);
 * the spec offers it outside transfers (and transfers outside a pending hang-up), so every `HANGUP_OK`
 * answers exactly one request. The real machine allows both; the spec is the part the UI drives.
 */
export const callLineSpecMachine = setup({
  types: {} as { context: { direction: 'inbound' | 'outbound' | null }; events: CallLineSpecEvent },
  guards: {
    isInbound: ({ context }) => context.direction === 'inbound',
    notTransferring: not(stateIn('#callLineSpec.active.line.transferring')),
    /** Keeps one hang-up request in flight at a time, so HANGUP_OK / HANGUP_FAIL answer exactly one. */
    notHangingUp: not(stateIn('#callLineSpec.active.hangup.requesting')),
  },
}).createMachine({
  id: 'callLineSpec',
  context: { direction: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        INBOUND_RINGS: { target: 'active', actions: assign({ direction: 'inbound' }) },
        DIAL: { target: 'active', actions: assign({ direction: 'outbound' }) },
      },
    },
    active: {
      type: 'parallel',
      on: { FAR_HANGUP: 'ended', FAR_TRANSFERRED: 'ended' },
      states: {
        line: {
          initial: 'starting',
          states: {
            starting: { always: [{ guard: 'isInbound', target: 'ringing' }, { target: 'dialing' }] },
            dialing: {
              on: { DIAL_OK: 'ringing', DIAL_FAIL: '#callLineSpec.ended', FAR_RINGING: 'ringing', FAR_ANSWERED: 'answered', FAR_HELD: 'held' },
            },
            ringing: { on: { ANSWER: { guard: 'isInbound', target: 'answering' }, FAR_ANSWERED: 'answered', FAR_HELD: 'held' } },
            answering: { on: { ANSWER_OK: 'answered', ANSWER_FAIL: 'ringing', FAR_ANSWERED: 'answered' } },
            answered: {
              on: {
                FAR_HELD: 'held',
                TRANSFER_BLIND: { guard: 'notHangingUp', target: 'transferring.blind' },
                TRANSFER_ATTENDED: { guard: 'notHangingUp', target: 'transferring.attended' },
              },
            },
            held: { on: { FAR_ANSWERED: 'answered' } },
            transferring: {
              initial: 'blind',
              states: {
                blind: { on: { TRANSFER_OK: '#callLineSpec.ended', TRANSFER_FAIL: '#callLineSpec.active.line.answered' } },
                attended: {
                  initial: 'dialing',
                  states: {
                    dialing: { on: { TRANSFER_OK: 'consulting', TRANSFER_FAIL: '#callLineSpec.active.line.answered' } },
                    consulting: { on: { COMPLETE_TRANSFER: 'completing' } },
                    completing: { on: { HANGUP_OK: '#callLineSpec.ended', HANGUP_FAIL: 'consulting' } },
                  },
                },
              },
            },
          },
        },
        hangup: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                HANGUP: { guard: 'notTransferring', target: 'requesting' },
              },
            },
            requesting: { on: { HANGUP_OK: '#callLineSpec.ended', HANGUP_FAIL: 'idle' } },
          },
        },
      },
    },
    ended: { type: 'final' },
  },
});

export type ScreenPopSpecEvent =
  | { type: 'POPUP_WINDOW' }
  | { type: 'POPUP_DIALOG' }
  | { type: 'POPUP_BLOCKED' }
  | { type: 'LOOKUP_NONE' }
  | { type: 'LOOKUP_ONE' }
  | { type: 'LOOKUP_MANY' }
  | { type: 'LOOKUP_FAIL' }
  | { type: 'RETRY_LOOKUP' }
  | { type: 'SELECT_MEMBER_OPENED' }
  | { type: 'REOPEN_POPUP' };

/**
 * The inbound screen pop while the call rings: the inbound pop-up (window, dialog, or blocked → dialog)
 * and the member lookup (more than one member → the select-member pop-up). `POPUP_*` answers the pending
 * inbound pop-up request; SELECT_MEMBER_OPENED answers the select-member one.
 */
export const screenPopSpecMachine = setup({
  types: {} as { context: { fallback: boolean }; events: ScreenPopSpecEvent },
}).createMachine({
  id: 'screenPopSpec',
  context: { fallback: false },
  type: 'parallel',
  states: {
    popup: {
      initial: 'opening',
      states: {
        opening: {
          on: {
            POPUP_WINDOW: 'window',
            POPUP_DIALOG: 'dialog',
            POPUP_BLOCKED: { target: 'openingDialog', actions: assign({ fallback: true }) },
          },
        },
        openingDialog: { on: { POPUP_DIALOG: 'dialog' } },
        window: { on: { REOPEN_POPUP: 'opening' } },
        dialog: { on: { REOPEN_POPUP: 'opening' } },
      },
    },
    member: {
      initial: 'lookingUp',
      states: {
        lookingUp: {
          on: { LOOKUP_NONE: 'found', LOOKUP_ONE: 'found', LOOKUP_MANY: 'selectingMember', LOOKUP_FAIL: 'failed' },
        },
        found: {},
        selectingMember: { on: { SELECT_MEMBER_OPENED: 'selectMemberOpen' } },
        selectMemberOpen: {},
        failed: { on: { RETRY_LOOKUP: 'lookingUp' } },
      },
    },
  },
});
