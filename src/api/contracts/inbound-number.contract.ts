import type { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { destinationField, textField } from '../entities/entity-fields';
import { ROUTING_CONFIGURATION_ACCESS, routingNumberField } from './routing-number';

/**
 * /configuration/inbound/numbers: the numbers callers dial and where such a call goes when no time
 * condition holds (CONTRACT §10, §11). The routing engine (server/src/services/routing) starts here.
 */
export const inboundNumberEntity = defineEntity({
  name: 'inbound-number',
  table: 'inbound_numbers',
  fields: {
    number: routingNumberField({ required: 'validation.inbound_number_number_required', unique: 'validation.inbound_number_number_taken' }),
    name: textField({ search: true, sort: true, max: 100 }),
    destination: destinationField({ required: 'validation.inbound_number_destination_required' }),
  },
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: ROUTING_CONFIGURATION_ACCESS,
  export: true,
  routes: { all: true },
  screens: { list: '/configuration/inbound/numbers' },
});

export type InboundNumberRecord = z.infer<typeof inboundNumberEntity.contract.record>;
