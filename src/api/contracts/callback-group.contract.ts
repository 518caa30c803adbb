import type { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { extensionsField, numberField, textField } from '../entities/entity-fields';
import { ROUTING_CONFIGURATION_ACCESS, routingNumberField } from './routing-number';

/** What the routing engine uses when a callback group leaves these blank. */
export const CALLBACK_GROUP_DEFAULTS = { callback_delay_s: 0, max_attempts: 3 } as const;

/**
 * /configuration/inbound/callback-group (CONTRACT §10): a caller routed here leaves their number and
 * is called back: a callback for `members` (extensions of the company), tried after
 * `callback_delay_s`, at most `max_attempts` times.
 */
export const callbackGroupEntity = defineEntity({
  name: 'callback-group',
  table: 'callback_groups',
  fields: {
    number: routingNumberField({ required: 'validation.callback_group_number_required', unique: 'validation.callback_group_number_taken' }),
    name: textField({ required: 'validation.callback_group_name_required', search: true, sort: true, max: 100 }),
    members: extensionsField({ max: 100 }),
    callback_delay_s: numberField({ min: 0, max: 86_400, sort: true }),
    max_attempts: numberField({ min: 1, max: 10 }),
  },
  combined: [{ fields: ['number', 'name'], message: 'validation.callback_group_required' }],
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: ROUTING_CONFIGURATION_ACCESS,
  export: true,
  routes: { all: true },
  screens: { list: '/configuration/inbound/callback-group' },
});

export type CallbackGroupRecord = z.infer<typeof callbackGroupEntity.contract.record>;
