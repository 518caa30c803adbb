import type { WorktimeHours } from '../../api/contracts/company-worktime.contract';
import type { Language } from '../../api/contracts/session.contract';
import { formatHourMinute } from '../../i18n/dates';
import type { Translate } from '../../i18n/use-t';
import { calendarLabel } from '../../ui/resource/calendar-labels';

/** The days a working-hour condition names: 'Monday–Friday', 'Saturday', or every day. */
function days(hours: WorktimeHours, t: Translate, language: Language): string {
  if (hours.start_weekday === null) return t('worktime.hours.every_day');
  const start = calendarLabel('weekday', hours.start_weekday, language);
  if (hours.end_weekday === null || hours.end_weekday === hours.start_weekday) return start;
  return `${start}–${calendarLabel('weekday', hours.end_weekday, language)}`;
}

/** The times: '9:00 AM–6:00 PM', or all day (no start, or an end equal to the start; a blank end is midnight). */
function times(hours: WorktimeHours, t: Translate, language: Language): string {
  if (hours.start_hour === null) return t('worktime.hours.all_day');
  const start = hours.start_hour * 60 + (hours.start_minute ?? 0);
  const end = hours.end_hour === null ? 24 * 60 : hours.end_hour * 60 + (hours.end_minute ?? 0);
  if (start === end) return t('worktime.hours.all_day');
  return `${formatHourMinute(hours.start_hour, hours.start_minute ?? 0, language)}–${formatHourMinute(Math.floor(end / 60) % 24, end % 60, language)}`;
}

/** One working-hour condition in words, e.g. 'Monday–Friday, 9:00 AM–6:00 PM' / '월요일–금요일, 오전 9:00–오후 6:00'. */
export function describeHours(hours: WorktimeHours, t: Translate, language: Language): string {
  return t('worktime.hours.range', { days: days(hours, t, language), times: times(hours, t, language) });
}
