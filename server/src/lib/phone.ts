import { isPhoneNumberText, normalisePhoneNumber } from '../../../src/api/contracts/member.contract';

// One normaliser for client and server: it lives with the member contract.
export { normalisePhoneNumber };

/**
 * The digits a search term asks the phone number for, normalised like stored numbers; '' when the term
 * is not a number as people type one (2–20 digits and separators): "주문 2026" or "order 3" search text
 * only, never every number that happens to contain those digits.
 */
export function phoneSearchDigits(term: string): string {
  return isPhoneNumberText(term.trim()) ? normalisePhoneNumber(term) : '';
}
