/**
 * Groups a digits-only Korean number for reading: 01055550001 → 010-5555-0001, 0221234567 →
 * 02-2123-4567. Display only (dialling uses the digits); anything else is shown as it is.
 */
export function formatPhoneNumber(digits: string): string {
  if (!/^0\d{8,10}$/.test(digits)) return digits;
  const area = digits.startsWith('02') ? 2 : 3;
  const rest = digits.slice(area);
  const middle = rest.length - 4;
  return `${digits.slice(0, area)}-${rest.slice(0, middle)}-${rest.slice(middle)}`;
}

/** Specification section 9: a phone number counts as mobile if it starts with 01. */
export const isMobileNumber = (number: string) => number.replace(/\D/g, '').startsWith('01');
