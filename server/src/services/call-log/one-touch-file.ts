/**
 * One-touch recording files are named `otr-<YYYYMMDD>-<HHMMSS>-<extension>-<uniqueid>.wav` by every
 * driver (telephony/identifiers.ts, docs/telephony.md), so the file alone says which call it belongs to.
 */
const ONE_TOUCH_FILE = /^otr-\d{8}-\d{6}-([0-9]{1,10})-(\d{1,20}\.\d{1,20})\.wav$/;

export function parseOneTouchFile(file: string): { extension: string; uniqueid: string } | null {
  const match = ONE_TOUCH_FILE.exec(file);
  return match ? { extension: match[1]!, uniqueid: match[2]! } : null;
}
