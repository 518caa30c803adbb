import { z } from 'zod';
import { AGENT_STATES } from '../queues/queue-log';

/**
 * `queue/status`, `queue/reset` and the `queue_status` socket event (CONTRACT §12; docs/queues.md): the
 * live board of each queue, as `boardOf` computes it (src/api/queues/queue-board.ts).
 */
const queueNumber = z.string().trim().regex(/^[0-9]{2,10}$/, 'validation.queue_number_invalid');

export const queueStatusBodySchema = z.object({ queue: queueNumber.optional() }).strict();
export const queueResetBodySchema = z.object({ queue: queueNumber }).strict();

export const queueStatusSchema = z.object({
  queue: z.string(),
  name: z.string(),
  service_level_s: z.number(),
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
