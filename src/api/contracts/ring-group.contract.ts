import type { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { destinationField, enumField, extensionsField, numberField, textField } from '../entities/entity-fields';
import { ROUTING_CONFIGURATION_ACCESS, routingNumberField } from './routing-number';

/** How a ring group rings its members (Asterisk's names): all at once, in turn, in turn from the last answerer, the first free. */
export const RING_GROUP_STRATEGIES = ['ringall', 'hunt', 'memoryhunt', 'firstavailable'] as const;
export type RingGroupStrategy = (typeof RING_GROUP_STRATEGIES)[number];

/** How long a ring group rings when `ring_time_s` is blank. */
export const RING_GROUP_DEFAULT_RING_TIME_S = 20;

/**
 * /configuration/inbound/ring-group (CONTRACT §10): a number that rings `members` (extensions of the
 * company or outside numbers, digits) by `strategy` for `ring_time_s`, then goes to
 * `no_answer_destination` (hang up when none). Specification §5: the number and the display name are
 * required, with a combined message when both are missing.
 */
export const ringGroupEntity = defineEntity({
  name: 'ring-group',
  table: 'ring_groups',
  fields: {
    number: routingNumberField({ required: 'validation.ring_group_number_required', unique: 'validation.ring_group_number_taken' }),
    display_name: textField({ required: 'validation.ring_group_display_name_required', search: true, sort: true, max: 100 }),
    strategy: enumField(RING_GROUP_STRATEGIES, { default: 'ringall', filter: true, sort: true }),
    ring_time_s: numberField({ min: 1, max: 300, sort: true }),
    members: extensionsField({ max: 100, outsideNumbers: { invalid: 'validation.ring_group_member_digits' } }),
    no_answer_destination: destinationField(),
  },
  combined: [{ fields: ['number', 'display_name'], message: 'validation.ring_group_required' }],
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: ROUTING_CONFIGURATION_ACCESS,
  export: true,
  // The destination picker lists ring groups (src/ui/resource/destination-targets.ts).
  routes: { all: true },
  screens: { list: '/configuration/inbound/ring-group' },
});

export type RingGroupRecord = z.infer<typeof ringGroupEntity.contract.record>;
