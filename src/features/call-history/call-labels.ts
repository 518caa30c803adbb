import { Intent } from '@blueprintjs/core';
import type { CallDirection, CallDisposition, CallEvent } from '../../api/contracts/call.contract';
import type { MessageId } from '../../i18n/message-ids';

/** Typed tables, so every value shown has a message id in both catalogues (check:i18n). */
export const DIRECTION_LABELS: Record<CallDirection, MessageId> = {
  inbound: 'call.direction.inbound',
  outbound: 'call.direction.outbound',
  internal: 'call.direction.internal',
};

export const DISPOSITION_LABELS: Record<CallDisposition, MessageId> = {
  answered: 'call.disposition.answered',
  missed: 'call.disposition.missed',
  abandoned: 'call.disposition.abandoned',
  blocked: 'call.disposition.blocked',
  routed: 'call.disposition.routed',
};

export const DISPOSITION_INTENTS: Record<CallDisposition, Intent> = {
  answered: Intent.SUCCESS,
  missed: Intent.DANGER,
  abandoned: Intent.WARNING,
  // Refused on purpose (the blacklist): nothing to follow up.
  blocked: Intent.NONE,
  // Sent by the routing where no agent rings (out of hours, a message, a callback request): by design.
  routed: Intent.PRIMARY,
};

const STATE_LABELS: Record<string, MessageId> = {
  ringing: 'call.event.state.ringing',
  answered: 'call.event.state.answered',
  held: 'call.event.state.held',
  transferred: 'call.event.state.transferred',
  hangup: 'call.event.state.hangup',
};

/** How a caller left a queue (`call_ended`'s state). */
const LEFT_QUEUE_LABELS: Record<string, MessageId> = {
  answered: 'call.event.call_ended.answered',
  abandoned: 'call.event.call_ended.abandoned',
  missed: 'call.event.call_ended.missed',
};

/** Where the routing sent a call that rang nobody (`call_routed`'s state: the destination's type). */
const ROUTED_LABELS: Record<string, MessageId> = {
  sound_file: 'call.event.call_routed.sound_file',
  voicemail: 'call.event.call_routed.voicemail',
  callback_group: 'call.event.call_routed.callback_group',
  hangup: 'call.event.call_routed.hangup',
};

export function eventLabel(event: CallEvent): MessageId {
  if (event.type === 'inbound_call') return 'call.event.inbound_call';
  if (event.type === 'one_touch_recording') return 'call.event.one_touch_recording';
  if (event.type === 'call_started') return 'call.event.call_started';
  if (event.type === 'call_blocked') return 'call.event.call_blocked';
  if (event.type === 'call_routed') return ROUTED_LABELS[event.state ?? ''] ?? 'call.event.call_routed.hangup';
  if (event.type === 'call_ended') return LEFT_QUEUE_LABELS[event.state ?? ''] ?? 'call.event.call_ended.missed';
  return STATE_LABELS[event.state ?? ''] ?? 'call.event.state.ringing';
}

/** `75` → `1:15`; null (still going on) → `–`. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '–';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
