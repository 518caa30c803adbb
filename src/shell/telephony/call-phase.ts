import { Intent } from '@blueprintjs/core';
import type { CallView } from '../../machines/call/call.selectors';
import type { MessageId } from '../../i18n/message-ids';

/** What a call's line state reads as, in every window that shows the call. */
const PHASE_MESSAGES: Record<string, MessageId> = {
  dialing: 'cti.call.phase.dialing',
  ringing: 'cti.call.phase.ringing',
  answering: 'cti.call.phase.answering',
  answered: 'cti.call.phase.answered',
  holding: 'cti.call.phase.holding',
  held: 'cti.call.phase.held',
  unholding: 'cti.call.phase.unholding',
  transferring: 'cti.call.phase.transferring',
  ended: 'cti.call.phase.ended',
};

export function callPhaseMessage(call: Pick<CallView, 'phase' | 'line'>): MessageId {
  if (call.line === 'transferring.attended.consulting') return 'cti.call.phase.consulting';
  return PHASE_MESSAGES[call.phase] ?? 'cti.call.phase.unknown';
}

export function callPhaseIntent(call: Pick<CallView, 'phase'>): Intent {
  switch (call.phase) {
    case 'ringing':
    case 'dialing':
      return Intent.WARNING;
    case 'answered':
      return Intent.SUCCESS;
    case 'ended':
      return Intent.NONE;
    default:
      return Intent.PRIMARY;
  }
}
