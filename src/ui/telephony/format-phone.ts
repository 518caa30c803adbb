import { isMobileNumber as isMobileNormalised, isPhoneNumberText, normalisePhoneNumber } from '../../api/contracts/member.contract';

/** The domestic digits of a number as the PBX or a person wrote it (`+82 10-…` → `010…`); other text as it is. */
export const domestic = (number: string) => (isPhoneNumberText(number) ? normalisePhoneNumber(number) : number);

/**
 * Groups a Korean number for reading: 01055550001 and +821055550001 → 010-5555-0001, 0221234567 →
 * 02-2123-4567. Display only (dialling uses the number as it came); anything else is shown as it is.
 */
export function formatPhoneNumber(number: string): string {
  const digits = domestic(number);
  if (!/^0\d{8,10}$/.test(digits)) return number;
  const area = digits.startsWith('02') ? 2 : 3;
  const rest = digits.slice(area);
  const middle = rest.length - 4;
  return `${digits.slice(0, area)}-${rest.slice(0, middle)}-${rest.slice(middle)}`;
}

/** Specification section 9: a phone number counts as mobile if it starts with 01 (in its domestic form). */
export const isMobileNumber = (number: string) => isMobileNormalised(domestic(number));
