import { z } from 'zod';
import { defineResourceContract } from '../resources/resource-contract';
import { calendarDaySchema, recordIdNumber } from './input-bounds';

/**
 * The call log (issue 4 item 6, specification §7 "Call logs"): one record per PBX call (uniqueid), kept
 * by the server's call recorder from the telephony events, read through `cti/calls/history` (a page,
 * with filters) and `cti/calls/show-call` (one call with its timestamped events). Nobody writes calls
 * through the API: the PBX is the only source.
 */

export const CALL_DIRECTIONS = ['inbound', 'outbound', 'internal'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/**
 * Set when the call has ended; null while it is still going on. `blocked`: the blacklist refused the caller
 * (nothing rang). `routed`: the routing sent the caller where no agent rings (a message played, voicemail,
 * a callback request, hung up), by design rather than missed.
 */
export const CALL_DISPOSITIONS = ['answered', 'missed', 'abandoned', 'blocked', 'routed'] as const;
export type CallDisposition = (typeof CALL_DISPOSITIONS)[number];

/**
 * `call_started` / `call_ended`: the caller entered / left a queue (extension = the queue; state = how it
 * ended). `call_blocked`: the PBX refused the caller before routing (extension = what they dialled).
 * `call_routed`: the routing sent the caller where nothing rings (state = the destination's type,
 * extension = its target: sound file id, callback group number; '' for voicemail and hang-up).
 */
export const CALL_EVENT_TYPES = ['inbound_call', 'call_state', 'one_touch_recording', 'call_started', 'call_ended', 'call_blocked', 'call_routed'] as const;
export type CallEventType = (typeof CALL_EVENT_TYPES)[number];

/** Asterisk-style uniqueid: `1732345678.12` (epoch seconds, a dot, a sequence). */
export const uniqueIdSchema = z
  .string({ error: 'validation.unique_id_invalid' })
  .trim()
  .regex(/^\d{1,20}\.\d{1,20}$/, 'validation.unique_id_invalid');

export const callSchema = z.object({
  id: z.number().int(),
  uniqueid: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  /** Who placed the call: an outside number (normalised digits) or an extension. */
  caller_number: z.string(),
  /** What was dialled: an extension, queue, ring group or outside number. */
  callee_number: z.string(),
  /** The agent's extension: the one that answered (inbound) or placed the call (outbound, internal). */
  extension: z.string().nullable(),
  /** Every extension that rang, talked or placed the call. */
  extensions: z.array(z.string()),
  /** The queue or ring group that routed the call. */
  queue: z.string().nullable(),
  started_at: z.string(),
  ringing_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Seconds from the first event to the end. */
  duration: z.number().int().nullable(),
  /** Seconds from the answer to the end. */
  talk_time: z.number().int().nullable(),
  disposition: z.enum(CALL_DISPOSITIONS).nullable(),
  /** The whole-call recording, only for answered calls. */
  recording_file: z.string().nullable(),
  one_touch_files: z.array(z.string()),
  /** Outbound and internal: the caller id number the call presented (docs/telephony.md "Caller ID"); null for the extension's default. */
  caller_id: z.string().nullable(),
  /** Seconds the caller waited: from the first event to the answer, or to the end if nobody answered. */
  wait_duration: z.number().int().nullable(),
  /**
   * The member the agent chose for the call (`cti/calls/member`, the select-member pop-up), else the one
   * its consultation was written for, else the company's only member with the outside number (null when
   * several share it and nobody chose).
   */
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  /** Who has `extension` now. */
  agent_name: z.string().nullable(),
  /** The first consultation written for this call (its `call_uniqueid`), for the view pop-up. */
  consultation: z.object({ id: z.number().int(), member_id: z.number().int().nullable() }).nullable(),
});

export const callEventSchema = z.object({
  type: z.enum(CALL_EVENT_TYPES),
  /** `call_state` only: ringing, answered, held, transferred, hangup. */
  state: z.string().nullable(),
  extension: z.string(),
  /** The other party as that extension saw it, or the recording file for `one_touch_recording`. */
  number: z.string(),
  occurred_at: z.string(),
});

/** A calendar day, read in Asia/Seoul (the market's time zone, specification §9). */
const dayFilter = calendarDaySchema;

export const callContract = defineResourceContract({
  entity: 'call',
  path: 'cti/calls',
  record: callSchema,
  input: z.object({}),
  filters: {
    date_from: dayFilter,
    date_to: dayFilter,
    extension: z.string().trim().regex(/^[0-9]{1,10}$/, 'validation.invalid_value'),
    direction: z.enum(CALL_DIRECTIONS, { error: 'validation.invalid_value' }),
    disposition: z.enum(CALL_DISPOSITIONS, { error: 'validation.invalid_value' }),
    /** Caller or callee number, any format (normalised like members' numbers). */
    number: z.string().trim().max(40, 'validation.invalid_value'),
  },
  sortFields: ['started_at', 'duration', 'talk_time', 'id'],
  defaultSort: { sort_by: 'started_at', sort_order: 'desc' },
  searchable: true,
  // Written by the PBX only: read-only, listed at the specification's own path, no `view` by id
  // (`cti/calls/show-call` takes the uniqueid).
  operations: [],
  routes: { list: 'cti/calls/history', view: false },
  // Every company user reads the log; which calls an agent sees is narrowed on the server (docs/calls.md).
  access: {
    read: { roles: ['manager', 'agent'] },
    create: { roles: [] },
    update: { roles: [] },
    delete: { roles: [] },
  },
});

export const CALL_PATHS = {
  history: 'cti/calls/history',
  showCall: 'cti/calls/show-call',
  /** The company's extensions, for the history's extension filter. */
  extensions: 'cti/calls/extensions',
  /** The member the agent chose for a call (several members share the caller's number). */
  member: 'cti/calls/member',
} as const;

export const callExtensionsResponseSchema = z.object({
  data: z.array(z.object({ extension: z.string(), name: z.string() })),
});

export const showCallBodySchema = z.object({ unique_id: uniqueIdSchema });
export const callDetailSchema = z.object({ data: callSchema, events: z.array(callEventSchema) });

/**
 * `cti/calls/member`: who the call is about, as the agent chose in the select-member pop-up; choosing
 * again replaces it. The call may not be logged yet (the recorder writes it a moment after the ring):
 * the choice is kept by uniqueid and shows once it is.
 */
export const callMemberBodySchema = z.object({ uniqueid: uniqueIdSchema, member_id: recordIdNumber() });
export const callMemberResponseSchema = z.object({
  data: z.object({ uniqueid: z.string(), member_id: z.number().int(), member_name: z.string() }),
});

export type CallMemberBody = z.infer<typeof callMemberBodySchema>;
export type Call = z.infer<typeof callSchema>;
export type CallEvent = z.infer<typeof callEventSchema>;
export type CallDetail = z.infer<typeof callDetailSchema>;
