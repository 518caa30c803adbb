import type { IconName } from '@blueprintjs/icons';
import type { RoutedDestination, RoutingStepType } from '../../api/routing/routing.contract';
import type { MessageId } from '../../i18n/message-ids';
import type { Translate } from '../../i18n/use-t';
import { DESTINATION_TYPE_LABELS } from '../../ui/resource/destination-targets';

/** Icons of the path's steps, the week's destinations and the flow's nodes: one picture per kind of place. */
export const STEP_ICONS: Record<RoutingStepType | RoutedDestination['type'], IconName> = {
  blacklist: 'blocked-person',
  blocked: 'blocked-person',
  inbound_number: 'phone',
  time_condition: 'time',
  ivr: 'diagram-tree',
  ivr_option: 'key',
  ivr_timeout: 'stopwatch',
  ivr_invalid: 'error',
  extension: 'person',
  queue: 'people',
  ring_group: 'group-objects',
  callback_group: 'phone-forward',
  sound_file: 'volume-up',
  voicemail: 'envelope',
  hangup: 'cross-circle',
  unknown: 'help',
};

export const STEP_LABELS: Record<RoutingStepType, MessageId> = {
  blacklist: 'routing-simulate.step.blacklist',
  inbound_number: 'routing-simulate.step.inbound_number',
  time_condition: 'routing-simulate.step.time_condition',
  ivr: 'routing-simulate.step.ivr',
  ivr_option: 'routing-simulate.step.ivr_option',
  ivr_timeout: 'routing-simulate.step.ivr_timeout',
  ivr_invalid: 'routing-simulate.step.ivr_invalid',
  extension: 'routing-simulate.step.extension',
  queue: 'routing-simulate.step.queue',
  ring_group: 'routing-simulate.step.ring_group',
  callback_group: 'routing-simulate.step.callback_group',
  sound_file: 'routing-simulate.step.sound_file',
  voicemail: 'routing-simulate.step.voicemail',
  hangup: 'routing-simulate.step.hangup',
  unknown: 'routing-simulate.step.unknown',
};

/** What a destination's type is called: the destination picker's words, and two of the simulator's own. */
export function destinationTypeLabel(t: Translate, type: RoutedDestination['type']): string {
  if (type === 'blocked') return t('routing-simulate.destination.blocked');
  if (type === 'unknown') return t('routing-simulate.destination.unknown');
  return t(DESTINATION_TYPE_LABELS[type]);
}

/** Where a call ends, in words: "Queue 500", "Voicemail". */
export function destinationText(t: Translate, destination: RoutedDestination): string {
  const label = destinationTypeLabel(t, destination.type);
  return destination.target ? `${label} ${destination.target}` : label;
}
