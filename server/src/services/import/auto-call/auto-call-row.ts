import { isPhoneNumberText } from '../../../../../src/api/contracts/member.contract';
import { normalisePhoneNumber } from '../../../lib/phone';
import { restoreLeadingZero } from '../member/member-row';
import type { RowConverter } from '../row-converters';

/**
 * What an auto-call number import checks each row against (loaded on the request thread when the
 * upload or its commit comes, handed to the worker as plain data): the campaign the numbers go to and
 * the numbers it has already (normalised).
 */
export interface AutoCallImportContext {
  /** Null only for the sample download, which needs no campaign. */
  campaignId: number | null;
  existing: string[];
}

/**
 * One sheet row → `[campaign_id, phone_number]`, or its problem: no number, not a phone number, a
 * number already in the campaign, or one met earlier in the same file. Numbers are normalised as
 * members' are (`+82 10-5555-0001` → `01055550001`; Excel's lost leading 0 restored), so a number
 * typed two ways is one number. Made once per import: the file's numbers are remembered row to row.
 */
export function autoCallRowConverter(context: AutoCallImportContext): RowConverter {
  const inCampaign = new Set(context.existing);
  const inFile = new Set<string>();
  const campaign = String(context.campaignId ?? '');
  return (cells) => {
    const typed = restoreLeadingZero((cells.phone_number ?? '').trim());
    if (typed === '') return { ok: false, problems: [{ field: 'phone_number', messageId: 'validation.auto_call_number_required' }] };
    if (!isPhoneNumberText(typed)) return { ok: false, problems: [{ field: 'phone_number', messageId: 'validation.phone_number_invalid' }] };
    const number = normalisePhoneNumber(typed);
    if (inCampaign.has(number)) return { ok: false, problems: [{ field: 'phone_number', messageId: 'validation.auto_call_number_in_campaign' }] };
    if (inFile.has(number)) return { ok: false, problems: [{ field: 'phone_number', messageId: 'validation.auto_call_number_duplicate' }] };
    inFile.add(number);
    return { ok: true, columns: [campaign, number] };
  };
}
