import useSWR, { type SWRResponse } from 'swr';
import { isInternalNumber, isPhoneNumberText, type MemberPhoneLookup } from './contracts/member.contract';
import type { ApiError } from './errors';
import { lookupMembersByPhone } from './resources/member-api';

/**
 * The caller lookup of an inbound call: `POST member/phone-number/{number}` →
 * `{ phone_number, memberCount, data: Member[] }` (server/src/routes/members/member-extra.routes.ts).
 *
 * Two readers ask for the same number within milliseconds of the ring: the phone root (it only needs
 * `memberCount`, to decide on the select-member pop-up) and the inbound pop-up (it shows the members).
 * Answers are shared for a few seconds so one ring costs one query when both run in the same window.
 */
const SHARE_MS = 5_000;
const recent = new Map<string, { at: number; answer: Promise<MemberPhoneLookup> }>();

export function lookupCallerMembers(number: string, now: number = Date.now()): Promise<MemberPhoneLookup> {
  // A withheld caller ("anonymous", "unavailable", "") or a colleague's extension has no members to find.
  if (!isCustomerNumber(number)) return Promise.resolve({ phone_number: '', memberCount: 0, data: [] });
  const hit = recent.get(number);
  if (hit && now - hit.at < SHARE_MS) return hit.answer;
  const answer = lookupMembersByPhone(number);
  recent.set(number, { at: now, answer });
  // A failed lookup must be retried for real, not served from the cache.
  answer.catch(() => recent.delete(number));
  for (const [key, value] of recent) if (now - value.at >= SHARE_MS) recent.delete(key);
  return answer;
}

/** A number a customer may have: not withheld, not an extension. */
const isCustomerNumber = (number: string) => isPhoneNumberText(number) && !isInternalNumber(number);

/** SWR key of the caller lookup; `null` (no number, a withheld one, an extension) fetches nothing. */
export const callerMembersKey = (number: string | null | undefined) =>
  number && isCustomerNumber(number) ? (['member/phone-number', number] as const) : null;

/** The members whose phone number is `number` (any format; the server normalises it). */
export function useCallerMembers(number: string | null | undefined): SWRResponse<MemberPhoneLookup, ApiError> {
  return useSWR(callerMembersKey(number), ([, n]: readonly [string, string]) => lookupCallerMembers(n));
}
