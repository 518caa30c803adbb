/**
 * The number the CTI server accepts for dial, click-to-call, transfers and forwarding: digits only,
 * 1 to 20, after dropping the separators people type (spaces, hyphens, dots, brackets). The server
 * applies the same rule (server/src/telephony/phone-number.ts); checking it here lets the UI disable a
 * button instead of showing a 422. Returns null when the text is not a dialable number.
 */
export function dialableNumber(raw: string): string | null {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  return /^[0-9]{1,20}$/.test(compact) ? compact : null;
}
