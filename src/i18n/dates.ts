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
 * Formats of specification section 9, in the page's language (CONTRACT §9: the `ko` locale for dayjs in
 * Korean): 'Jan 6, 2024 8:30:05 AM' in English, '1월 6, 2024 8:30:05 오전' in Korean.
 */
export const DATE_FORMAT = 'MMM D, YYYY';
export const TIME_FORMAT = 'h:mm:ss A';

const inSeoul = (value: ConfigType) => dayjs(value).tz(DISPLAY_TIME_ZONE);

/** 'Jan 5, 2024' / '1월 5, 2024' */
export function formatDate(value: ConfigType, language: Language = readLanguage()): string {
  return inSeoul(value).locale(intlLocale(language)).format(DATE_FORMAT);
}

/** '12:04:05 PM' / '12:04:05 오후' */
export function formatTime(value: ConfigType, language: Language = readLanguage()): string {
  return inSeoul(value).locale(intlLocale(language)).format(TIME_FORMAT);
}

/**
 * A Seoul wall-clock time as the pop-up addresses carry it ('13:05:07', the inbound `title`) in the
 * section 9 format: '1:05:07 PM' / '1:05:07 오후'. Anything else comes back as it was.
 */
export function formatClockTime(clock: string, language: Language = readLanguage()): string {
  if (!/^\d{2}:\d{2}:\d{2}$/.test(clock)) return clock;
  // Any day will do for a time of day: Seoul keeps no summer time.
  return dayjs.tz(`2000-01-01 ${clock}`, DISPLAY_TIME_ZONE).locale(intlLocale(language)).format(TIME_FORMAT);
}

/** 'Jan 5, 2024 12:04:05 PM': a moment that may not be today. */
export function formatDateTime(value: ConfigType, language: Language = readLanguage()): string {
  return `${formatDate(value, language)} ${formatTime(value, language)}`;
}

/** '3 minutes ago' / '3분 전', measured in Asia/Seoul (specification section 9). */
export function timeAgo(value: ConfigType, now: ConfigType = Date.now(), language: Language = readLanguage()): string {
  return inSeoul(value).locale(intlLocale(language)).from(inSeoul(now));
}
