import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Destination } from '../../../../src/api/entities/entity-fields';
import type { CompanyScope } from '../../db/company-scope';
import { callbackGroups, inboundNumbers, ivrs, queues, ringGroups, soundFiles } from '../../db/schema';
import { FieldValidationError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import type { AnyServerResource } from '../../resources/resource-definition';
import { companyHasExtension } from '../../services/telephony/company-directory';

/**
 * What the routing entities add on the server (issue 17; docs/resources.md "Routing entities"):
 *
 * - One number, one thing: the number of an inbound number, IVR, ring group, callback group or queue
 *   is not the number of another of them or of a live user's extension in the company (422 under
 *   `number`, naming what holds it). Each entity's own clash is its unique field's message.
 * - Where a call goes must exist: a destination's target is an extension of a live user, or the number
 *   of a queue, ring group, IVR or callback group, or the id of a sound file, of the company (422 under
 *   `<field>.target`, `options.<i>.destination.target` for an IVR's keys). Deleting a target later
 *   leaves the destination pointing nowhere: the routing engine hangs such a call up.
 */

type Holder = 'inbound_number' | 'ivr' | 'ring_group' | 'callback_group' | 'queue' | 'extension';

const ROUTING_TABLES = {
  inbound_number: inboundNumbers,
  ivr: ivrs,
  ring_group: ringGroups,
  callback_group: callbackGroups,
  queue: queues,
} as const;

const TAKEN: Record<Holder, MessageId> = {
  inbound_number: 'validation.routing_number_taken_inbound_number',
  ivr: 'validation.routing_number_taken_ivr',
  ring_group: 'validation.routing_number_taken_ring_group',
  callback_group: 'validation.routing_number_taken_callback_group',
  queue: 'validation.routing_number_taken_queue',
  extension: 'validation.routing_number_taken_extension',
};

const column = (table: unknown, name: string) => (table as Record<string, AnyPgColumn>)[name]!;

async function exists(scope: CompanyScope, table: (typeof ROUTING_TABLES)[keyof typeof ROUTING_TABLES] | typeof soundFiles, ...conditions: SQL[]): Promise<boolean> {
  const [row] = await scope.db
    .select({ id: table.id })
    .from(table)
    .where(scope.where(table, ...conditions))
    .limit(1);
  return row !== undefined;
}

/** What else in the company answers at `number`, if anything (records of `own` are its unique check's). */
export async function numberHolder(scope: CompanyScope, number: string, own: keyof typeof ROUTING_TABLES): Promise<Holder | null> {
  for (const [holder, table] of Object.entries(ROUTING_TABLES) as [keyof typeof ROUTING_TABLES, (typeof ROUTING_TABLES)[keyof typeof ROUTING_TABLES]][]) {
    // The entity's own clash is its unique field's (the derived check, and the unique index in a race).
    if (holder === own) continue;
    if (await exists(scope, table, eq(column(table, 'number'), number))) return holder;
  }
  if (await companyHasExtension(scope.db, scope.companyId, number)) return 'extension';
  return null;
}

/** Whether a destination's target is something of the company that a call can reach. */
export async function destinationProblem(scope: CompanyScope, destination: Destination | null | undefined): Promise<MessageId | null> {
  if (!destination || destination.target === null) return null;
  const target = destination.target;
  switch (destination.type) {
    case 'extension':
      return (await companyHasExtension(scope.db, scope.companyId, target)) ? null : 'validation.destination_extension_unknown';
    case 'queue':
      return (await exists(scope, queues, eq(column(queues, 'number'), target))) ? null : 'validation.destination_queue_unknown';
    case 'ring_group':
      return (await exists(scope, ringGroups, eq(column(ringGroups, 'number'), target))) ? null : 'validation.destination_ring_group_unknown';
    case 'ivr':
      return (await exists(scope, ivrs, eq(column(ivrs, 'number'), target))) ? null : 'validation.destination_ivr_unknown';
    case 'callback_group':
      return (await exists(scope, callbackGroups, eq(column(callbackGroups, 'number'), target))) ? null : 'validation.destination_callback_group_unknown';
    case 'sound_file': {
      const id = Number(target);
      if (!/^[0-9]{1,9}$/.test(target)) return 'validation.destination_sound_file_unknown';
      return (await exists(scope, soundFiles, eq(soundFiles.id, id))) ? null : 'validation.destination_sound_file_unknown';
    }
    default:
      return null;
  }
}

/** The parts of a routing entity: its number kept apart, its destinations (`fields`, and IVR options) checked. */
export function routingParts(own: keyof typeof ROUTING_TABLES, destinationFields: readonly string[]): Partial<AnyServerResource> {
  return {
    validate: async (scope, values) => {
      const record = values as Record<string, unknown>;
      const problems: Record<string, MessageId[]> = {};
      const number = record.number;
      if (typeof number === 'string' && number !== '') {
        const holder = await numberHolder(scope, number, own);
        if (holder) problems.number = [TAKEN[holder]];
      }
      for (const field of destinationFields) {
        const problem = await destinationProblem(scope, record[field] as Destination | null | undefined);
        if (problem) problems[`${field}.target`] = [problem];
      }
      if (Array.isArray(record.options)) {
        for (const [index, option] of (record.options as { destination?: Destination | null }[]).entries()) {
          const problem = await destinationProblem(scope, option.destination);
          if (problem) problems[`options.${index}.destination.target`] = [problem];
        }
      }
      if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
    },
  };
}

/** Time conditions have no number; their destination is checked like the others'. */
export const timeConditionParts: Partial<AnyServerResource> = {
  validate: async (scope, values) => {
    const problem = await destinationProblem(scope, (values as { destination?: Destination | null }).destination);
    if (problem) throw new FieldValidationError({ 'destination.target': [problem] });
  },
};

export const ROUTING_ENTITY_PARTS: Readonly<Record<string, Partial<AnyServerResource>>> = {
  'inbound-number': routingParts('inbound_number', ['destination']),
  ivr: routingParts('ivr', ['timeout_destination', 'invalid_destination']),
  'ring-group': routingParts('ring_group', ['no_answer_destination']),
  'callback-group': routingParts('callback_group', []),
  'time-condition': timeConditionParts,
};
