import { assign } from 'xstate';
import { callSetup } from './call.setup';
import { hangupRegion, memberRegion, popupRegion, recordingRegion } from './call.side-regions';

/**
 * One call (one actor per call; the phone root spawns it by uniqueid). Inbound: ringing → answered →
 * held → blind or attended transfer → ended; outbound: dialing → ringing → the same. The far side and
 * the desk phone drive it through the server's `call_state`; the agent's clicks through CTI commands.
 * `hangup` or `transferred` from the server ends it wherever it is.
 */

const ANSWERED = { type: 'callStateIs', params: { state: 'answered' } } as const;
const HELD = { type: 'callStateIs', params: { state: 'held' } } as const;
const RINGING = { type: 'callStateIs', params: { state: 'ringing' } } as const;

export const callMachine = callSetup
  .createMachine({
    id: 'call',
    context: ({ input }) => ({
      ...input,
      uniqueid: input.uniqueid,
      startIn: input.startIn,
      dialMethod: input.dialMethod ?? 'dial',
      popupFallback: false,
      memberCount: null,
      transferTarget: null,
      recording: false,
      error: null,
      endReason: null,
      connected: false,
    }),
    initial: 'active',
    states: {
      active: {
        type: 'parallel',
        on: {
          // Whatever the line is doing, the server's word that the call is gone ends it.
          'socket.call_state': [
            { guard: { type: 'callStateIs', params: { state: 'hangup' } }, target: 'ended', actions: { type: 'endBecause', params: { reason: 'remote-hangup' } } },
            { guard: { type: 'callStateIs', params: { state: 'transferred' } }, target: 'ended', actions: { type: 'endBecause', params: { reason: 'transferred' } } },
          ],
          'socket.inbound_call': { actions: 'mergeInbound' },
          'call.identified': { actions: 'adoptUniqueid' },
          DISMISS_ERROR: { actions: 'clearError' },
        },
        states: {
          line: {
            initial: 'starting',
            states: {
              starting: {
                always: [
                  { guard: 'isInbound', target: 'ringing' },
                  { guard: { type: 'startsIn', params: { state: 'answered' } }, target: 'answered' },
                  { guard: { type: 'startsIn', params: { state: 'held' } }, target: 'held' },
                  { guard: { type: 'startsIn', params: { state: 'ringing' } }, target: 'ringing' },
                  { target: 'dialing' },
                ],
              },
              dialing: {
                invoke: {
                  src: 'dial',
                  input: ({ context }) => ({ number: context.number, method: context.dialMethod }),
                  onDone: { target: 'ringing', actions: 'adoptUniqueid' },
                  onError: {
                    target: '#call.ended',
                    actions: [
                      { type: 'storeError', params: { command: 'dial' } },
                      { type: 'endBecause', params: { reason: 'dial-failed' } },
                    ],
                  },
                },
                // The server may report the call before the dial request answers.
                on: {
                  'socket.call_state': [
                    { guard: RINGING, target: 'ringing' },
                    { guard: ANSWERED, target: 'answered' },
                    { guard: HELD, target: 'held' },
                  ],
                },
              },
              ringing: {
                on: {
                  ANSWER: { guard: 'isInbound', target: 'answering' },
                  'socket.call_state': [
                    { guard: ANSWERED, target: 'answered' },
                    { guard: HELD, target: 'held' },
                  ],
                },
              },
              answering: {
                invoke: {
                  src: 'answer',
                  onDone: 'answered',
                  onError: { target: 'ringing', actions: { type: 'storeError', params: { command: 'answer' } } },
                },
                on: { 'socket.call_state': { guard: ANSWERED, target: 'answered' } },
              },
              answered: {
                entry: assign({ connected: true }),
                on: {
                  HOLD: { guard: 'canHold', target: 'holding' },
                  TRANSFER_BLIND: { guard: 'hasTransferNumber', target: 'transferring.blind', actions: 'rememberTransferTarget' },
                  TRANSFER_ATTENDED: { guard: 'hasTransferNumber', target: 'transferring.attended', actions: 'rememberTransferTarget' },
                  'socket.call_state': { guard: HELD, target: 'held' },
                },
              },
              holding: {
                invoke: {
                  src: 'hold',
                  onDone: 'held',
                  onError: { target: 'answered', actions: { type: 'storeError', params: { command: 'hold' } } },
                },
                on: { 'socket.call_state': { guard: HELD, target: 'held' } },
              },
              held: {
                on: {
                  UNHOLD: { guard: 'canHold', target: 'unholding' },
                  'socket.call_state': { guard: ANSWERED, target: 'answered' },
                },
              },
              unholding: {
                invoke: {
                  src: 'unhold',
                  onDone: 'answered',
                  onError: { target: 'held', actions: { type: 'storeError', params: { command: 'unhold' } } },
                },
                on: { 'socket.call_state': { guard: ANSWERED, target: 'answered' } },
              },
              transferring: {
                // During a transfer the original leg is put on hold and picked up by the PBX: those
                // pushes are part of the transfer, not a change of the call (hangup/transferred still end it).
                on: { 'socket.call_state': [{ guard: ANSWERED }, { guard: HELD }] },
                // Entered only through its children (TRANSFER_BLIND / TRANSFER_ATTENDED target them).
                initial: 'blind',
                states: {
                  blind: {
                    invoke: {
                      src: 'blindTransfer',
                      input: ({ context }) => ({ number: context.transferTarget ?? '' }),
                      onDone: { target: '#call.ended', actions: { type: 'endBecause', params: { reason: 'transferred' } } },
                      onError: { target: '#call.active.line.answered', actions: { type: 'storeError', params: { command: 'blindTransfer' } } },
                    },
                  },
                  attended: {
                    initial: 'dialing',
                    states: {
                      dialing: {
                        invoke: {
                          src: 'attendedTransfer',
                          input: ({ context }) => ({ number: context.transferTarget ?? '' }),
                          onDone: 'consulting',
                          onError: { target: '#call.active.line.answered', actions: { type: 'storeError', params: { command: 'attendedTransfer' } } },
                        },
                      },
                      /** Talking to the transfer target while the caller waits; hanging up our leg completes it. */
                      consulting: { on: { COMPLETE_TRANSFER: 'completing' } },
                      completing: {
                        invoke: {
                          src: 'hangUp',
                          input: ({ context }) => ({ channel: context.channel || null }),
                          onDone: { target: '#call.ended', actions: { type: 'endBecause', params: { reason: 'transferred' } } },
                          onError: { target: 'consulting', actions: { type: 'storeError', params: { command: 'attendedTransfer' } } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          popup: popupRegion,
          member: memberRegion,
          recording: recordingRegion,
          hangup: hangupRegion,
        },
      },
      /** Final: the phone root removes the actor shortly after; the pop-up stays for the consultation note. */
      ended: { type: 'final' },
    },
    output: ({ context }) => ({ callId: context.callId, endReason: context.endReason }),
  });
