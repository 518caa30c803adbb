import { Intent } from '@blueprintjs/core';
import { extensionStatusLabel, type ExtensionStatusLabel } from '../../api/cti/status-codes';
import type { MessageId } from '../../i18n/message-ids';

/**
 * The labels of the extension status codes (specification section 4): 1 busy, 4 and -1 logout,
 * 8 ringing, 11 rest, 21 lunch, 31 after-call, 12/22/32 consultation-available, anything else default.
 * "default" reads "Available": status 0 is the available agent (CONTRACT §7).
 */
export const STATUS_LABEL_MESSAGES: Record<ExtensionStatusLabel, MessageId> = {
  busy: 'cti.status.busy',
  logout: 'cti.status.logout',
  ringing: 'cti.status.ringing',
  rest: 'cti.status.rest',
  lunch: 'cti.status.lunch',
  after_call: 'cti.status.after_call',
  consultation_available: 'cti.status.consultation_available',
  default: 'cti.status.default',
};

export const STATUS_LABEL_INTENTS: Record<ExtensionStatusLabel, Intent> = {
  busy: Intent.DANGER,
  logout: Intent.NONE,
  ringing: Intent.WARNING,
  rest: Intent.PRIMARY,
  lunch: Intent.PRIMARY,
  after_call: Intent.PRIMARY,
  consultation_available: Intent.SUCCESS,
  default: Intent.SUCCESS,
};

export function statusLabelOf(code: number | null | undefined): ExtensionStatusLabel {
  return extensionStatusLabel(code ?? 0);
}
