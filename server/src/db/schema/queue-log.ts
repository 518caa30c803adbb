import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { QueueLogVerb } from '../../../../src/api/queues/queue-log';
import { companies } from '../schema';

/**
 * The queue log (docs/queues.md): one row per queue or agent event, as Asterisk's `queue_log`, written by
 * the queue-log recorder from the PBX's events and never changed afterwards. Every board and report is
 * computed from it, so a report can be recomputed after a fix.
 */
export const queueLog = pgTable(
  'queue_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    event: text('event').$type<QueueLogVerb>().notNull(),
    uniqueid: text('uniqueid').notNull().default(''),
    queue: text('queue').notNull().default(''),
    agent: text('agent').notNull().default(''),
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull().default({}),
  },
  (t) => [index('queue_log_company_at_idx').on(t.companyId, t.at), index('queue_log_company_queue_at_idx').on(t.companyId, t.queue, t.at)],
);
