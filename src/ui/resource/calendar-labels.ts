import type { Language } from '../../api/contracts/session.contract';
import { intlLocale } from '../../i18n/language-store';
import type { CalendarUnit } from './resource-view';

/** The values each calendar picker offers (api/entities/entity-fields.ts INTEGER_RANGES). */
export const CALENDAR_RANGES: Record<CalendarUnit, readonly [number, number]> = {
  weekday: [1, 7],
  month: [1, 12],
  day: [1, 31],
  hour: [0, 23],
  minute: [0, 59],
};

export const calendarValues = (unit: CalendarUnit): number[] => {
  const [min, max] = CALENDAR_RANGES[unit];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
};

/**
 * A calendar value in the page's language: ISO weekdays (1 Monday) and months by name as Intl writes
 * them ('Monday' / '월요일', 'January' / '1월'); days as numbers; hours and minutes with two digits.
 */
export function calendarLabel(unit: CalendarUnit, value: number, language: Language): string {
  const locale = intlLocale(language);
  switch (unit) {
    case 'weekday':
      // 1 January 2024 was a Monday.
      return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, value));
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, value - 1, 1));
    case 'day':
      return String(value);
    case 'hour':
    case 'minute':
      return String(value).padStart(2, '0');
  }
}
