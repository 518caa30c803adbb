import { z } from 'zod';
import { AGENT_STATES } from '../queues/queue-log';
import { recordIdNumber } from './input-bounds';
import { QUEUE_BOARD_LABEL_MAX, QUEUE_BOARD_WAIT_MAX_S } from './queue.contract';

/**
 * `queue/status`, `queue/reset` and the `queue_status` socket event (CONTRACT §12; docs/queues.md): the
 * live board of each queue, as `boardOf` computes it (src/api/queues/queue-board.ts).
 */
const queueNumber = z.string().trim().regex(/^[0-9]{2,10}$/, 'validation.queue_number_invalid');

export const queueStatusBodySchema = z.object({ queue: queueNumber.optional() }).strict();
export const queueResetBodySchema = z.object({ queue: queueNumber }).strict();

export const queueStatusSchema = z.object({
  /** The queue's record id (what `queue/label` and its pop-up take). */
  id: z.number().int(),
  queue: z.string(),
  name: z.string(),
  /** The short name shown on the boards instead of `name`; null: the name. */
  label: z.string().nullable(),
  service_level_s: z.number(),
  /** A wait at or above it is amber; null: half of `service_level_s`. */
  wait_warning_s: z.number().nullable(),
  /** A wait at or above it is red; null: `service_level_s`. */
  wait_danger_s: z.number().nullable(),
  waiting: z.array(z.object({ uniqueid: z.string(), caller: z.string(), entered_at: z.string(), waited_s: z.number() })),
  longest_wait_s: z.number(),
  offered: z.number().int(),
  answered: z.number().int(),
  abandoned: z.number().int(),
  timed_out: z.number().int(),
  service_level: z.number().nullable(),
  service_level_with_abandoned: z.number().nullable(),
  avg_wait_s: z.number().nullable(),
  avg_talk_s: z.number().nullable(),
  reset_at: z.string().nullable(),
  reset_by: z.string().nullable(),
  agents: z.array(
    z.object({
      extension: z.string(),
      name: z.string(),
      exten_status: z.number().int(),
      status: z.number().int(),
      state: z.enum(AGENT_STATES),
      reason: z.enum(['rest', 'lunch', 'after', 'dnd']).nullable(),
      since: z.string().nullable(),
    }),
  ),
});
export type QueueStatusRecord = z.infer<typeof queueStatusSchema>;

export const queueStatusResponseSchema = z.object({ data: z.array(queueStatusSchema) });
export const queueResetResponseSchema = z.object({ data: queueStatusSchema });

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Seconds typed in a form or sent as a number; blank is null (the rule from service_level_s). */
const waitSeconds = z.preprocess(
  (value) => (blank(value) ? null : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ error: 'validation.queue_label_seconds_invalid' })
    .int('validation.queue_label_seconds_invalid')
    .min(1, 'validation.queue_label_seconds_invalid')
    .max(QUEUE_BOARD_WAIT_MAX_S, 'validation.queue_label_seconds_invalid')
    .nullable(),
);

/**
 * `queue/label` (the pop-up `queue-status/label/edit/{id}`, docs/queues.md "Board label and colours"):
 * a queue's board label (up to 30 characters; blank: its name) and the waits at which the board turns
 * amber and red (blank: from service_level_s). The warning must be below the danger when both are given.
 */
export const queueLabelBodySchema = z
  .object({
    id: recordIdNumber(),
    label: z.preprocess((value) => (blank(value) ? null : value), z.string().trim().max(QUEUE_BOARD_LABEL_MAX, 'validation.queue_label_too_long').nullable()),
    wait_warning_s: waitSeconds,
    wait_danger_s: waitSeconds,
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.wait_warning_s !== null && body.wait_danger_s !== null && body.wait_warning_s >= body.wait_danger_s) {
      ctx.addIssue({ code: 'custom', path: ['wait_warning_s'], message: 'validation.queue_label_warning_not_below_danger' });
    }
  });
export type QueueLabelBody = z.output<typeof queueLabelBodySchema>;
export const queueLabelResponseSchema = z.object({ data: queueStatusSchema });
