import { TIME_CONDITION_TYPES, type TimeConditionRecord, type TimeConditionType } from '../contracts/time-condition.contract';

/**
 * When a time condition holds (CONTRACT §11), one pure rule shared by the week view of /time-conditions
 * and the routing engine (server/src/services/routing). Korean public holidays (`korean_holidays`) are
 * not decided here: the engine knows the calendar and treats such a day as inside a holiday condition.
 *
 * A condition names up to three ranges, each checked on its own against the moment (Asia/Seoul):
 * - weekdays `start_weekday`…`end_weekday` (ISO, 1 Monday … 7 Sunday), both included; Fri…Mon wraps over
 *   the weekend; a blank end means the start day alone;
 * - a span of the calendar from `start_month`/`start_date` to `end_month`/`end_date`, both days included;
 *   Dec 24…Jan 2 wraps over the new year. A blank start day is the month's first, a blank end day its
 *   last (31) when the span covers whole months, else the start day; a blank end month is the start
 *   month. Without a start month the days repeat every month (`start_date`…`end_date`);
 * - a time of day from `start_hour`:`start_minute` up to, not including, `end_hour`:`end_minute`
 *   (blank minutes are 0; a blank end is midnight, the end of the day); an end before the start wraps
 *   past midnight (22:00…06:00), an end equal to the start is the whole day. Each day stands alone:
 *   01:00 after a Friday belongs to Saturday.
 * A range whose start is blank does not restrict. The moment is inside when it is in every range.
 *
 * `holiday`, `lunch_hour` and `custom_temporary_holiday` conditions hold inside their ranges; a
 * `working_hour` condition holds outside them (its destination takes calls after hours).
 */
export type TimeConditionRule = Pick<
  TimeConditionRecord,
  'type' | 'start_weekday' | 'end_weekday' | 'start_month' | 'end_month' | 'start_date' | 'end_date' | 'start_hour' | 'start_minute' | 'end_hour' | 'end_minute'
>;

/** A moment in Asia/Seoul: ISO weekday 1–7, month 1–12, day of month 1–31, hour 0–23, minute 0–59. */
export interface RoutingMoment {
  weekday: number;
  month: number;
  date: number;
  hour: number;
  minute: number;
}

/** `value` within `start`…`end`, both included, wrapping when the end comes before the start. */
function inCycle(value: number, start: number, end: number): boolean {
  return start <= end ? value >= start && value <= end : value >= start || value <= end;
}

function inWeekdays(c: TimeConditionRule, at: RoutingMoment): boolean {
  if (c.start_weekday === null) return true;
  return inCycle(at.weekday, c.start_weekday, c.end_weekday ?? c.start_weekday);
}

function inCalendar(c: TimeConditionRule, at: RoutingMoment): boolean {
  if (c.start_month === null) {
    if (c.start_date === null) return true;
    return inCycle(at.date, c.start_date, c.end_date ?? c.start_date);
  }
  const endMonth = c.end_month ?? c.start_month;
  const startDate = c.start_date ?? 1;
  const endDate = c.end_date ?? (c.start_date === null || endMonth !== c.start_month ? 31 : c.start_date);
  return inCycle(at.month * 100 + at.date, c.start_month * 100 + startDate, endMonth * 100 + endDate);
}

function inTimeOfDay(c: TimeConditionRule, at: RoutingMoment): boolean {
  if (c.start_hour === null) return true;
  const start = c.start_hour * 60 + (c.start_minute ?? 0);
  const end = c.end_hour === null ? 24 * 60 : c.end_hour * 60 + (c.end_minute ?? 0);
  const now = at.hour * 60 + at.minute;
  if (end === start) return true;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Whether the moment is inside every range the condition names. */
export function insideRanges(condition: TimeConditionRule, at: RoutingMoment): boolean {
  return inWeekdays(condition, at) && inCalendar(condition, at) && inTimeOfDay(condition, at);
}

/** Whether the condition holds at the moment (a working-hour condition outside its ranges, the others inside). */
export function conditionHolds(condition: TimeConditionRule, at: RoutingMoment): boolean {
  const inside = insideRanges(condition, at);
  return condition.type === 'working_hour' ? !inside : inside;
}

/** Rank of a type in the order conditions are met (holiday first, working hour last). */
export const conditionRank = (type: TimeConditionType | null): number => (type === null ? TIME_CONDITION_TYPES.length : TIME_CONDITION_TYPES.indexOf(type));

/**
 * The condition a call at the moment meets: the first that holds in the order holiday, custom temporary
 * holiday, lunch hour, working hour, and by id within a type; null when none holds (the inbound number's
 * own destination).
 */
export function conditionInEffect<C extends TimeConditionRule & { id: number }>(conditions: readonly C[], at: RoutingMoment): C | null {
  const ordered = [...conditions].sort((a, b) => conditionRank(a.type) - conditionRank(b.type) || a.id - b.id);
  return ordered.find((condition) => conditionHolds(condition, at)) ?? null;
}

/** The moment as the routing sees it: `when` in Asia/Seoul. */
export function seoulMoment(when: Date): RoutingMoment {
  // Korea keeps no daylight saving: UTC+9 all year.
  const seoul = new Date(when.getTime() + 9 * 60 * 60 * 1000);
  const day = seoul.getUTCDay();
  return { weekday: day === 0 ? 7 : day, month: seoul.getUTCMonth() + 1, date: seoul.getUTCDate(), hour: seoul.getUTCHours(), minute: seoul.getUTCMinutes() };
}

/** A condition's ranges, none named (each range restricts nothing): what a new condition starts from. */
export const NO_RANGES: Omit<TimeConditionRule, 'type'> = {
  start_weekday: null,
  end_weekday: null,
  start_month: null,
  end_month: null,
  start_date: null,
  end_date: null,
  start_hour: null,
  start_minute: null,
  end_hour: null,
  end_minute: null,
};
