import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CallDirection, CallDisposition, CallEventType } from '../../../../src/api/contracts/call.contract';
import { companies, members, users } from '../schema';

/**
 * The call log (docs/calls.md): one row per PBX call, written by the call recorder
 * (services/call-log) from the telephony events, never through the API. `(company_id, uniqueid)` is
 * unique, so replaying the same events updates the row instead of adding one.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    uniqueid: text('uniqueid').notNull(),
    direction: text('direction').$type<CallDirection>().notNull(),
    /** Normalised digits, or an extension number. */
    callerNumber: text('caller_number').notNull().default(''),
    calleeNumber: text('callee_number').notNull().default(''),
    extension: text('extension'),
    extensions: textList('extensions'),
    queue: text('queue'),
    startedAt: stamp('started_at').notNull(),
    ringingAt: stamp('ringing_at'),
    answeredAt: stamp('answered_at'),
    endedAt: stamp('ended_at'),
    durationSeconds: integer('duration_seconds'),
    talkSeconds: integer('talk_seconds'),
    /** Null while the call goes on. */
    disposition: text('disposition').$type<CallDisposition>(),
    recordingFile: text('recording_file'),
    oneTouchFiles: textList('one_touch_files'),
    /** Outbound: the caller id number the PBX presented (docs/telephony.md "Caller ID"); null for the extension's default. */
    callerId: text('caller_id'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_company_uniqueid_unique').on(t.companyId, t.uniqueid),
    // The history is read newest first within a company, often for a date range.
    index('calls_company_started_idx').on(t.companyId, t.startedAt),
    index('calls_company_caller_idx').on(t.companyId, t.callerNumber),
    index('calls_company_callee_idx').on(t.companyId, t.calleeNumber),
    // The extension filter and an agent's own calls (`extensions @> array[ext]`).
    index('calls_extensions_idx').using('gin', t.extensions),
    // The sweep of calls a restart left in progress (services/call-log/stale-calls.ts) reads only these.
    index('calls_in_progress_idx').on(t.id).where(sql`${t.endedAt} is null`),
    check('calls_direction_check', sql`${t.direction} in ('inbound', 'outbound', 'internal')`),
    check('calls_disposition_check', sql`${t.disposition} is null or ${t.disposition} in ('answered', 'missed', 'abandoned', 'blocked', 'routed')`),
  ],
);

/** Every telephony event of a call, with the time the recorder received it (the anchors' "every call event timestamped"). */
export const callEvents = pgTable(
  'call_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    callId: integer('call_id')
      .notNull()
      .references(() => calls.id, { onDelete: 'cascade' }),
    type: text('type').$type<CallEventType>().notNull(),
    state: text('state'),
    extension: text('extension').notNull(),
    number: text('number').notNull().default(''),
    occurredAt: stamp('occurred_at').notNull(),
  },
  (t) => [
    index('call_events_call_idx').on(t.callId, t.occurredAt),
    check('call_events_type_check', sql`${t.type} in ('inbound_call', 'call_state', 'one_touch_recording', 'call_started', 'call_ended', 'call_blocked', 'call_routed')`),
  ],
);

/**
 * The member an agent said a call is about (the select-member pop-up, when several members share the
 * caller's number): one per call, the latest choice. Kept apart from `calls` and keyed by the uniqueid
 * rather than the row's id, because the choice can come before the recorder has written the row (it
 * writes a moment after the ring, and with Redis maybe in another process), and the recorder's upsert
 * must never overwrite it. The call log reads it with the call (routes/calls/call-parties.ts).
 */
export const callMemberChoices = pgTable(
  'call_member_choices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    uniqueid: text('uniqueid').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Who chose; null once that user is gone. */
    chosenBy: integer('chosen_by').references(() => users.id, { onDelete: 'set null' }),
    chosenAt: stamp('chosen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('call_member_choices_company_uniqueid_unique').on(t.companyId, t.uniqueid), index('call_member_choices_member_idx').on(t.memberId)],
);

export type CallRow = typeof calls.$inferSelect;
export type CallEventRow = typeof callEvents.$inferSelect;
