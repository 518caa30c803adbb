import { eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { CallDirection, TreatmentResult } from '../../../../src/api/contracts/consultation.contract';
import { consultations } from '../../db/schema';
import { normalisePhoneNumber, phoneSearchDigits } from '../../lib/phone';
import { escapeLike } from '../members/member-search';

/** Korea has no daylight saving time: a day in Asia/Seoul always starts at 00:00+09:00. */
const SEOUL_OFFSET = '+09:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant a `YYYY-MM-DD` day starts in Asia/Seoul (specification §9: the market is Korean), or null
 * for a day that does not exist (2025-02-30).
 */
export function seoulDayStart(day: string): Date | null {
  const start = new Date(`${day}T00:00:00${SEOUL_OFFSET}`);
  if (Number.isNaN(start.getTime())) return null;
  // Date rolls impossible days over (02-30 → 03-02); the same day read back in Seoul time must match.
  const back = new Date(start.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return back === day ? start : null;
}

const never = sql`false`;

/** Title or content contains the term; a term that is a (partial) phone number also matches the number. */
export function consultationSearch(term: string): SQL | undefined {
  const pattern = `%${escapeLike(term)}%`;
  const text = or(ilike(consultations.title, pattern), ilike(consultations.content, pattern));
  const digits = phoneSearchDigits(term);
  return digits ? or(text, like(consultations.phoneNumber, `%${escapeLike(digits)}%`)) : text;
}

export const consultationFilters = {
  // Both ends are whole days in Seoul: date_to includes everything written that day.
  date_from: (day: string) => {
    const start = seoulDayStart(day);
    return start ? gte(consultations.createdAt, start) : never;
  },
  date_to: (day: string) => {
    const start = seoulDayStart(day);
    return start ? lt(consultations.createdAt, new Date(start.getTime() + DAY_MS)) : never;
  },
  agent_id: (id: number) => eq(consultations.agentId, id),
  treatment_result: (value: TreatmentResult) => eq(consultations.treatmentResult, value),
  direction: (value: CallDirection) => eq(consultations.direction, value),
  inquiry: (name: string) => eq(consultations.inquiry, name),
  department: (name: string) => eq(consultations.department, name),
  big_category: (name: string) => eq(consultations.bigCategory, name),
  small_category: (name: string) => eq(consultations.smallCategory, name),
  // Any format, matched like the member search: "010-5555" finds 01055550001.
  phone_number: (value: string) => {
    const digits = normalisePhoneNumber(value);
    return digits ? like(consultations.phoneNumber, `%${escapeLike(digits)}%`) : undefined;
  },
  member_id: (id: number) => eq(consultations.memberId, id),
  call_uniqueid: (value: string) => eq(consultations.callUniqueid, value),
};

