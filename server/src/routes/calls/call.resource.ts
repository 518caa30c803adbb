import { eq, gte, like, lt, or, sql } from 'drizzle-orm';
import { callContract } from '../../../../src/api/contracts/call.contract';
import { calls, type CallRow } from '../../db/schema';
import { normalisePhoneNumber } from '../../lib/phone';
import { defineServerResource } from '../../resources/resource-definition';
import { escapeLike } from '../members/member-search';
import { withCallParties } from './call-parties';
import { callVisibility } from './call-visibility';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Days are the market's (Asia/Seoul, UTC+9 all year): 2026-01-05 runs from 00:00 to 24:00 in Seoul. */
const seoulMidnight = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000);

/** Numbers in any format contain the normalised digits; text without digits matches nothing. */
function numberContains(term: string) {
  const digits = normalisePhoneNumber(term);
  if (!digits) return sql`false`;
  const pattern = `%${escapeLike(digits)}%`;
  return or(like(calls.callerNumber, pattern), like(calls.calleeNumber, pattern));
}

export function callRecord(row: CallRow) {
  return {
    id: row.id,
    uniqueid: row.uniqueid,
    direction: row.direction,
    caller_number: row.callerNumber,
    callee_number: row.calleeNumber,
    extension: row.extension,
    extensions: row.extensions,
    queue: row.queue,
    started_at: row.startedAt.toISOString(),
    ringing_at: iso(row.ringingAt),
    answered_at: iso(row.answeredAt),
    ended_at: iso(row.endedAt),
    duration: row.durationSeconds,
    talk_time: row.talkSeconds,
    disposition: row.disposition,
    recording_file: row.recordingFile,
    one_touch_files: row.oneTouchFiles,
    caller_id: row.callerId,
    wait_duration: waitSeconds(row),
    // Filled for a page at a time by withCallParties.
    member_id: null,
    member_name: null,
    agent_name: null,
    consultation: null,
  };
}

function waitSeconds(row: CallRow): number | null {
  const until = row.answeredAt ?? row.endedAt;
  return until ? Math.max(0, Math.round((until.getTime() - row.startedAt.getTime()) / 1000)) : null;
}

/** The call log as a resource: read-only (the recorder writes it), listed by `cti/calls/history`, narrowed to the calls the caller may see. */
export const callResource = defineServerResource({
  contract: callContract,
  table: calls,
  toRecord: callRecord,
  toValues: () => ({}),
  sortColumns: { started_at: calls.startedAt, duration: calls.durationSeconds, talk_time: calls.talkSeconds, id: calls.id },
  // A uniqueid as it is, or a number in any format.
  search: (term) => (/^\d+\.\d+$/.test(term) ? eq(calls.uniqueid, term) : numberContains(term)),
  filters: {
    date_from: (day: string) => gte(calls.startedAt, seoulMidnight(day)),
    date_to: (day: string) => lt(calls.startedAt, seoulMidnight(day, 1)),
    extension: (extension: string) => sql`${calls.extensions} @> array[${extension}]::text[]`,
    direction: (direction) => eq(calls.direction, direction),
    disposition: (disposition) => eq(calls.disposition, disposition),
    number: numberContains,
  },
  enrich: withCallParties,
  visibility: callVisibility,
});
