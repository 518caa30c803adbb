import { bigserial, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/** The columns of a rolled slot (queue_stats_15m and queue_agent_stats_15m). */
const slotColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  queue: text('queue').notNull(),
  agent: text('agent').notNull().default(''),
  slot: timestamp('slot', { withTimezone: true, mode: 'date' }).notNull(),
  offered: integer('offered').notNull().default(0),
  answered: integer('answered').notNull().default(0),
  within: integer('within').notNull().default(0),
  abandoned: integer('abandoned').notNull().default(0),
  waitS: doublePrecision('wait_s').notNull().default(0),
  talkS: doublePrecision('talk_s').notNull().default(0),
  talked: integer('talked').notNull().default(0),
});

/**
 * The queue log rolled up (docs/queues.md "The rolled-up queue log"): per queue and 15-minute slot of
 * entry, the sums a report row is made of (`agent` is always ''). A slot is written once every call that
 * entered in it has ended; `queue_stats_rolled` says up to where. Recomputable from the log: delete a
 * company's rows and its mark, and the next roll writes them again.
 */
export const queueStats15m = pgTable('queue_stats_15m', slotColumns(), (t) => [
  uniqueIndex('queue_stats_15m_company_agent_slot_queue_unique').on(t.companyId, t.agent, t.slot, t.queue),
]);

/**
 * The same per answering agent: many more rows (agents × queues × slots), kept apart so the queue
 * totals every report reads first stay a small, dense table (bench:statistics).
 */
export const queueAgentStats15m = pgTable('queue_agent_stats_15m', slotColumns(), (t) => [
  uniqueIndex('queue_agent_stats_15m_company_agent_slot_queue_unique').on(t.companyId, t.agent, t.slot, t.queue),
]);

/** Up to where (exclusive) a company's queue log is rolled up into queue_stats_15m. */
export const queueStatsRolled = pgTable('queue_stats_rolled', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .unique()
    .references(() => companies.id),
  rolledTo: timestamp('rolled_to', { withTimezone: true, mode: 'date' }).notNull(),
});
