import dayjs, { type ConfigType } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/ko';
import type { Language } from '../api/contracts/session.contract';
import { intlLocale, readLanguage } from './language-store';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(relativeTime);

/** The market is Korean (specification section 1): times are shown in Seoul time wherever the browser is. */
export const DISPLAY_TIME_ZONE = 'Asia/Seoul';

/**
 * The formats every date and time on screen goes through, by language. English keeps the formats of
 * specification section 9 ('MMM D, YYYY', 'h:mm:ss A'); Korean reads in Korean order (CONTRACT §9
 * departs), as Intl's `ko-KR` writes it: '2026. 11. 27.', '오전 7:50:15'.
 */
export const DATE_FORMATS: Record<Language, { date: string; time: string }> = {
  en: { date: 'MMM D, YYYY', time: 'h:mm:ss A' },
  kr: { date: 'YYYY. M. D.', time: 'A h:mm:ss' },
};

const inSeoul = (value: ConfigType) => dayjs(value).tz(DISPLAY_TIME_ZONE);

/** 'Jan 5, 2024' / '2024. 1. 5.' */
export function formatDate(value: ConfigType, language: Language = readLanguage()): string {
  return inSeoul(value).locale(intlLocale(language)).format(DATE_FORMATS[language].date);
}

/** '12:04:05 PM' / '오후 12:04:05' */
export function formatTime(value: ConfigType, language: Language = readLanguage()): string {
  return inSeoul(value).locale(intlLocale(language)).format(DATE_FORMATS[language].time);
}

/**
 * A Seoul wall-clock time as the pop-up addresses carry it ('13:05:07', the inbound `title`) in the
 * page's format: '1:05:07 PM' / '오후 1:05:07'. Anything else comes back as it was.
 */
export function formatClockTime(clock: string, language: Language = readLanguage()): string {
  if (!/^\d{2}:\d{2}:\d{2}$/.test(clock)) return clock;
  // Any day will do for a time of day: Seoul keeps no summer time.
  return dayjs.tz(`2000-01-01 ${clock}`, DISPLAY_TIME_ZONE).locale(intlLocale(language)).format(DATE_FORMATS[language].time);
}

/** A time of day without seconds in the page's format: '9:00 AM' / '오전 9:00' (24:00 reads as midnight, 12:00 AM). */
export function formatHourMinute(hour: number, minute: number, language: Language = readLanguage()): string {
  return dayjs
    .utc(Date.UTC(2000, 0, 1, hour % 24, minute))
    .locale(intlLocale(language))
    .format(DATE_FORMATS[language].time.replace(':ss', ''));
}

/** 'Jan 5, 2024 12:04:05 PM' / '2024. 1. 5. 오후 12:04:05': a moment that may not be today. */
export function formatDateTime(value: ConfigType, language: Language = readLanguage()): string {
  return `${formatDate(value, language)} ${formatTime(value, language)}`;
}

/** '3 minutes ago' / '3분 전', measured in Asia/Seoul (specification section 9). */
export function timeAgo(value: ConfigType, now: ConfigType = Date.now(), language: Language = readLanguage()): string {
  return inSeoul(value).locale(intlLocale(language)).from(inSeoul(now));
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day `YYYY-MM-DD` when it exists (no 2025-02-30), else null. */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A calendar day (`YYYY-MM-DD`, what date filters and date custom fields hold) in the page's format:
 * 'Nov 27, 2026' / '2026. 11. 27.'. It is a day, not a moment: no time zone applies. Anything that is not
 * such a day comes back as it was.
 */
export function formatDay(day: string, language: Language = readLanguage()): string {
  const match = ISO_DAY.exec(day);
  if (!match || !isoDay(Number(match[1]), Number(match[2]), Number(match[3]))) return day;
  return dayjs(`${day}T12:00:00`).locale(intlLocale(language)).format(DATE_FORMATS[language].date);
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** 'nov', 'Nov.', 'Sept', 'November' → 11 (at least three letters of the name); anything else → null. */
function monthNumber(name: string): number | null {
  const word = name.toLowerCase().replace(/\.$/, '');
  if (word.length < 3) return null;
  const index = MONTH_NAMES.findIndex((month) => month.startsWith(word));
  return index < 0 ? null : index + 1;
}

/**
 * Reads a day typed in the page's language back to `YYYY-MM-DD`, or null when it is not a day that
 * exists. Both languages read year-first days ('2026. 11. 27.', '2026.11.27', '2026-11-27',
 * '2026/11/27', '2026년 11월 27일', '20261127'); English also reads its own order ('Nov 27, 2026',
 * 'November 27 2026', '27 Nov 2026', '11/27/2026'). Empty text is the empty string (no day).
 */
export function parseDay(text: string, language: Language = readLanguage()): string | null {
  const value = text.trim();
  if (value === '') return '';
  const yearFirst = /^(\d{4})\s*(?:[./-]|년)\s*(\d{1,2})\s*(?:[./-]|월)\s*(\d{1,2})\s*(?:\.|일)?$/.exec(value) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (yearFirst) return isoDay(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  if (language !== 'en') return null;
  const monthFirst = /^([A-Za-z]+\.?)\s*(\d{1,2}),?\s+(\d{4})$/.exec(value);
  if (monthFirst) {
    const month = monthNumber(monthFirst[1]!);
    return month ? isoDay(Number(monthFirst[3]), month, Number(monthFirst[2])) : null;
  }
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(value);
  if (dayFirst) {
    const month = monthNumber(dayFirst[2]!);
    return month ? isoDay(Number(dayFirst[3]), month, Number(dayFirst[1])) : null;
  }
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (numeric) return isoDay(Number(numeric[3]), Number(numeric[1]), Number(numeric[2]));
  return null;
}
