import { z } from 'zod';
import { CALL_DIRECTIONS } from './call.contract';
import { AGENT_STATES } from '../queues/queue-log';
import { BUCKETS, STATISTICS_GROUPS } from '../queues/queue-statistics';

/**
 * `statistics/inbound`, `statistics/calls` and `statistics/extension-status` (CONTRACT §12;
 * docs/queues.md "Statistics"). Moments are ISO with an offset; buckets are Asia/Seoul.
 */

/** The most a report covers at once: a quarter (by 15 minutes, 8,928 rows). */
export const STATISTICS_MAX_DAYS = 93;

const moment = z.iso.datetime({ offset: true, message: 'validation.statistics_moment_invalid' });
const number = z.string().trim().regex(/^[0-9]{2,10}$/, 'validation.statistics_number_invalid');

const reportFields = {
  from: moment,
  to: moment,
  bucket: z.enum(BUCKETS, { message: 'validation.statistics_bucket_invalid' }),
  queue: number.optional(),
  extension: number.optional(),
};

function checkRange(body: { from: string; to: string }, context: z.RefinementCtx): void {
  const from = Date.parse(body.from);
  const to = Date.parse(body.to);
  if (!(to > from)) context.addIssue({ code: 'custom', path: ['to'], message: 'validation.statistics_range_order' });
  else if (to - from > STATISTICS_MAX_DAYS * 86_400_000) context.addIssue({ code: 'custom', path: ['to'], message: 'validation.statistics_range_too_long' });
}

/** `statistics/calls`: the call log, one direction if asked. */
export const statisticsBodySchema = z
  .object({ ...reportFields, direction: z.enum(CALL_DIRECTIONS).optional() })
  .strict()
  .superRefine(checkRange);
export type StatisticsBody = z.infer<typeof statisticsBodySchema>;

/** `statistics/inbound`: the queue log, one series or one per queue or answering agent (`group_by`). */
export const inboundStatisticsBodySchema = z
  .object({ ...reportFields, group_by: z.enum(STATISTICS_GROUPS, { message: 'validation.statistics_group_invalid' }).optional() })
  .strict()
  .superRefine(checkRange);
export type InboundStatisticsBody = z.infer<typeof inboundStatisticsBodySchema>;

export const statisticsRowSchema = z.object({
  bucket_start: z.string(),
  offered: z.number().int(),
  answered: z.number().int(),
  abandoned: z.number().int(),
  service_level: z.number().nullable(),
  avg_wait_s: z.number().nullable(),
  avg_talk_s: z.number().nullable(),
  /** The queue or agent, in a report grouped by one. */
  group: z.string().optional(),
});
export const statisticsResponseSchema = z.object({ data: z.array(statisticsRowSchema) });

export const extensionStatusBodySchema = z
  .object({
    /** A Seoul day, `YYYY-MM-DD`. */
    date: z.iso.date({ message: 'validation.statistics_date_invalid' }),
    extension: number.optional(),
  })
  .strict();

const intervalSchema = z.object({ state: z.enum(AGENT_STATES), reason: z.enum(['rest', 'lunch', 'after', 'dnd']).nullable(), start: z.string(), end: z.string() });
export const extensionStatusResponseSchema = z.object({
  data: z.array(
    z.object({
      extension: z.string(),
      name: z.string(),
      /** Seconds in each state that day. */
      seconds: z.partialRecord(z.enum(AGENT_STATES), z.number()),
      intervals: z.array(intervalSchema),
    }),
  ),
});
