import useSWR, { type SWRResponse } from 'swr';
import {
  memberFromCallerResponseSchema,
  memberPhoneLookupSchema,
  type MemberInput,
  type MemberPhoneLookup,
} from '../contracts/member.contract';
import { memberSettingsSchema, type MemberSettings } from '../contracts/member-settings.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';

/**
 * The member calls beyond the generic ones (specification §7). The phone root and the inbound pop-up
 * use `lookupMembersByPhone`; member forms and filters use `useMemberSettings`.
 */

export const MEMBER_SETTINGS_PATH = 'member/get-settings';
export const memberPhonePath = (number: string) => `member/phone-number/${encodeURIComponent(number)}`;
export const memberCompanyPath = (companyName: string) => `member/company/${encodeURIComponent(companyName)}`;


/** `member/phone-number/{number}`: any format (hyphens, spaces, +82); the server normalises it. */
export function lookupMembersByPhone(number: string): Promise<MemberPhoneLookup> {
  return postParsed(memberPhonePath(number), {}, (data) => memberPhoneLookupSchema.parse(data));
}

/** `member/store/caller`: a member created from a call; answers the member and memberCount. */
export function storeMemberFromCaller(input: Partial<MemberInput> & { phone_number: string }) {
  return postParsed('member/store/caller', input, (data) => memberFromCallerResponseSchema.parse(data));
}

/** The groups, levels and custom fields a member form offers; stale whenever members or settings change. */
export function useMemberSettings(): SWRResponse<MemberSettings, ApiError> {
  return useSWR([MEMBER_SETTINGS_PATH, {}] as const, ([path, body]) => postParsed(path, body, (data) => memberSettingsSchema.parse(data)));
}
