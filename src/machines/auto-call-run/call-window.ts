/**
 * The campaign's call window (CONTRACT §10 `call_window`, times in Asia/Seoul). Korea has had no daylight
 * saving since 1988, so Seoul is always UTC+9 and no time-zone database is needed.
 */
export interface CallWindow {
  /** "HH:MM", inclusive. */
  start: string;
  /** "HH:MM", exclusive: at 21:00 sharp nothing more is dialled. */
  end: string;
}

/** 08:00–21:00: the hours anchors.md gives for calling, and the campaign default. */
export const DEFAULT_CALL_WINDOW: CallWindow = { start: '08:00', end: '21:00' };

const SEOUL_OFFSET_MINUTES = 9 * 60;
const MINUTES_PER_DAY = 24 * 60;

function minutesOf(hhmm: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new Error(`a call window time must be HH:MM, got "${hhmm}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since midnight in Seoul for an epoch time in milliseconds. */
export function seoulMinuteOfDay(epochMs: number): number {
  const minutes = Math.floor(epochMs / 60_000) + SEOUL_OFFSET_MINUTES;
  return ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** Whether dialling is allowed at `epochMs`. A window whose end is before its start runs over midnight. */
export function isInCallWindow(window: CallWindow, epochMs: number): boolean {
  const now = seoulMinuteOfDay(epochMs);
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
