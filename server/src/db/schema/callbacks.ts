import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AutoCallbackState, CallbackSource, CallbackStatus } from '../../../../src/api/contracts/callback.contract';
import { companies, users } from '../schema';

/**
 * Callbacks (docs/calls.md). The partial unique index is the de-duplication itself: one open
 * (`open` or `in_progress`) callback per company and normalised number, however many processes or
 * missed calls race to open one.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

export const callbacks = pgTable(
  'callbacks',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Normalised digits (lib/phone.ts). */
    phoneNumber: text('phone_number').notNull(),
    status: text('status').$type<CallbackStatus>().notNull().default('open'),
    assignedUserId: integer('assigned_user_id').references(() => users.id),
    attempts: integer('attempts').notNull().default(0),
    /** The last missed call, or when the callback was added by hand. */
    lastCallAt: stamp('last_call_at').notNull().defaultNow(),
    lastUniqueid: text('last_uniqueid'),
    /** The missed calls counted in `attempts`, so counting the same call twice is impossible. */
    uniqueids: text('uniqueids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    queue: text('queue'),
    source: text('source').$type<CallbackSource>().notNull(),
    note: text('note'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
    closedAt: stamp('closed_at'),
    /**
     * Automatic callbacks of a callback group (docs/calls.md "Automatic callbacks"): null when the
     * system does not call this number back itself. `attempts` stays the caller's missed calls; the
     * system's own tries are `auto_attempts`.
     */
    autoState: text('auto_state').$type<AutoCallbackState>(),
    autoAttempts: integer('auto_attempts').notNull().default(0),
    /** Scheduled: when the next try is due. Calling: when a try that never reported is given up. */
    nextAttemptAt: stamp('next_attempt_at'),
    /** The callback group whose members, delay and attempt limit the tries follow. */
    autoGroup: text('auto_group'),
    /** The try in flight: the agent's extension rung and the call's uniqueid (read back from the call log). */
    autoExtension: text('auto_extension'),
    autoUniqueid: text('auto_uniqueid'),
  },
  (t) => [
    uniqueIndex('callbacks_company_open_number_unique')
      .on(t.companyId, t.phoneNumber)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index('callbacks_company_last_call_idx').on(t.companyId, t.lastCallAt),
    index('callbacks_company_assigned_idx').on(t.companyId, t.assignedUserId),
    check('callbacks_status_check', sql`${t.status} in ('open', 'in_progress', 'done', 'cancelled')`),
    index('callbacks_auto_due_idx').on(t.nextAttemptAt).where(sql`${t.autoState} in ('scheduled', 'calling')`),
    check('callbacks_auto_state_check', sql`${t.autoState} is null or ${t.autoState} in ('scheduled', 'calling', 'connected', 'exhausted', 'stopped')`),
    check('callbacks_source_check', sql`${t.source} in ('missed_call', 'manual')`),
  ],
);

export type CallbackRow = typeof callbacks.$inferSelect;
