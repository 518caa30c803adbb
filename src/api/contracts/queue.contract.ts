import { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { childrenField, destinationField, enumField, extensionField, numberField, readOnly, soundFileField, switchField, textField } from '../entities/entity-fields';
import { ROUTING_CONFIGURATION_ACCESS, routingNumberField } from './routing-number';

/**
 * How a queue offers a waiting caller to its free members (Asterisk's queues.conf names): every member
 * at once, the one idle longest, the one with the fewest answered calls, round robin carrying on after
 * the last one rung, always in list order from the first, or at random.
 */
export const QUEUE_STRATEGIES = ['ringall', 'leastrecent', 'fewestcalls', 'rrmemory', 'linear', 'random'] as const;
export type QueueStrategy = (typeof QUEUE_STRATEGIES)[number];

/** A queue's service-level threshold when blank: the common target, 80 % answered within 20 s. */
export const QUEUE_DEFAULT_SERVICE_LEVEL_S = 20;

/** The longest board label (`queue-status/label/edit/{id}`, docs/queues.md "Board label and colours"). */
export const QUEUE_BOARD_LABEL_MAX = 30;
/** The highest wait threshold a board takes (a day). */
export const QUEUE_BOARD_WAIT_MAX_S = 86_400;

const boardSeconds = z.number().int().nullable().default(null);

/** The highest member penalty accepted (Asterisk takes any non-negative number; a form needs a bound). */
export const QUEUE_MAX_PENALTY = 100;

/**
 * /configuration/inbound/queue (CONTRACT §10): callers to `number` wait until a member (an extension of
 * the company) is free and offered the call by `strategy`; members with a higher `penalty` are offered
 * calls only when no lower-penalty member is free. A member rests `wrapup_s` after each queue call; a
 * caller waiting longer than `max_wait_s` leaves for `overflow_destination` (hang up when none). The
 * board measures its service level against `service_level_s`. Callers hear `hold_music_sound_file_id`
 * and, every `announce_every_s`, `announce_sound_file_id` and their position when `announce_position`.
 * `enabled` is what the user info's `companyQueueStatuses` shows. Specification §5: number and name are
 * required, with a combined message when both are missing.
 */
export const queueEntity = defineEntity({
  name: 'queue',
  table: 'queues',
  fields: {
    number: routingNumberField({ required: 'validation.queue_number_required', unique: 'validation.queue_number_taken' }),
    name: textField({ required: 'validation.queue_name_required', search: true, sort: true, max: 100 }),
    strategy: enumField(QUEUE_STRATEGIES, { default: 'ringall', filter: true, sort: true }),
    members: childrenField(
      {
        extension: extensionField({ required: 'validation.queue_member_extension_required' }),
        penalty: numberField({ min: 0, max: QUEUE_MAX_PENALTY }),
      },
      { max: 200 },
    ),
    wrapup_s: numberField({ min: 0, max: 3600, sort: true }),
    service_level_s: numberField({ min: 1, max: 3600 }),
    max_wait_s: numberField({ min: 1, max: 86_400 }),
    overflow_destination: destinationField(),
    hold_music_sound_file_id: soundFileField(),
    announce_sound_file_id: soundFileField(),
    announce_position: switchField(),
    announce_every_s: numberField({ min: 1, max: 3600 }),
    enabled: switchField({ default: true, filter: true }),
    // Set from the queue board (`queue/label`, the pop-up queue-status/label/edit/{id}), not from this
    // form: read-only here, so saving the queue keeps them. Blank: the name, and the colours from
    // service_level_s (half of it amber, all of it red).
    // (A record from before them, as some tests and caches hold, reads as blank.)
    board_label: readOnly({ ...textField({ max: QUEUE_BOARD_LABEL_MAX, hidden: true }), record: z.string().nullable().default(null), empty: null }),
    wait_warning_s: readOnly({ ...numberField({ min: 1, max: QUEUE_BOARD_WAIT_MAX_S, hidden: true }), record: boardSeconds }),
    wait_danger_s: readOnly({ ...numberField({ min: 1, max: QUEUE_BOARD_WAIT_MAX_S, hidden: true }), record: boardSeconds }),
  },
  combined: [{ fields: ['number', 'name'], message: 'validation.queue_required' }],
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: ROUTING_CONFIGURATION_ACCESS,
  export: true,
  // The destination picker lists queues (src/ui/resource/destination-targets.ts).
  routes: { all: true },
  screens: { list: '/configuration/inbound/queue' },
});

export type QueueRecord = z.infer<typeof queueEntity.contract.record>;
export type QueueMember = QueueRecord['members'][number];
