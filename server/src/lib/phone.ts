import { isPhoneNumberText } from '../../../src/api/contracts/member.contract';
/**
 * Normalises a phone number once, on write and on lookup, so `010-5555-0001`, `010 5555 0001`,
 * `+82 10-5555-0001` and `(010)5555/0001` all match `01055550001`.
 */
export function normalisePhoneNumber(raw: string): string {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D+/g, '');
  // International Korean form: +82 / 0082 followed by the number without its trunk 0.
  if (trimmed.startsWith('+82') || digits.startsWith('0082')) {
    digits = digits.replace(/^(00)?82/, '');
    if (!digits.startsWith('0')) digits = `0${digits}`;
  }
  return digits;
}

/** Specification §9: a phone number counts as mobile if it starts with 01. */
export function isMobileNumber(normalised: string): boolean {
  return normalised.startsWith('01');
}

/**
 * The digits a search term asks the phone number for, normalised like stored numbers; '' when the term
 * is not a number as people type one (2–20 digits and separators): "주문 2026" or "order 3" search text
 * only, never every number that happens to contain those digits.
 */
export function phoneSearchDigits(term: string): string {
  return isPhoneNumberText(term.trim()) ? normalisePhoneNumber(term) : '';
}
