import { DATE_FORMATS, formatClockTime, formatDate, formatDateTime, formatDay, formatTime, parseDay, timeAgo, DISPLAY_TIME_ZONE } from './dates';

// 2024-01-05 23:30:05 UTC is already 2024-01-06 08:30:05 in Seoul (UTC+9).
const instant = new Date('2024-01-05T23:30:05Z');
/** A Seoul wall-clock moment. */
const seoul = (local: string) => new Date(`${local}+09:00`);

describe('date helpers in English (specification section 9)', () => {
  it("formats dates as 'MMM D, YYYY' in Seoul time", () => {
    expect(DISPLAY_TIME_ZONE).toBe('Asia/Seoul');
    expect(DATE_FORMATS.en).toEqual({ date: 'MMM D, YYYY', time: 'h:mm:ss A' });
    localStorage.setItem('language', 'en');
    expect(formatDate(instant)).toBe('Jan 6, 2024');
    expect(formatDate(seoul('2026-11-27T07:50:15'), 'en')).toBe('Nov 27, 2026');
  });

  it("formats times as 'h:mm:ss A' in Seoul time, noon and midnight included", () => {
    expect(formatTime(instant, 'en')).toBe('8:30:05 AM');
    expect(formatTime(seoul('2026-11-27T12:00:00'), 'en')).toBe('12:00:00 PM');
    expect(formatTime(seoul('2026-11-27T00:30:00'), 'en')).toBe('12:30:00 AM');
    expect(formatTime(seoul('2026-11-27T23:59:59'), 'en')).toBe('11:59:59 PM');
  });

  it('formats date-times as the date, then the time', () => {
    expect(formatDateTime(seoul('2026-11-27T07:50:15'), 'en')).toBe('Nov 27, 2026 7:50:15 AM');
    expect(formatDateTime(new Date('2026-11-24T04:11:19Z'), 'en')).toBe('Nov 24, 2026 1:11:19 PM');
  });
});

describe('date helpers in Korean: Korean order (CONTRACT §9 departs)', () => {
  it("formats dates as '2026. 11. 27.' in Seoul time", () => {
    expect(formatDate(seoul('2026-11-27T07:50:15'), 'kr')).toBe('2026. 11. 27.');
    expect(formatDate(instant, 'kr')).toBe('2024. 1. 6.');
  });

  it("formats times as '오전 7:50:15', noon as 오후 12 and half past midnight as 오전 12", () => {
    expect(formatTime(seoul('2026-11-27T07:50:15'), 'kr')).toBe('오전 7:50:15');
    expect(formatTime(seoul('2026-11-27T12:00:00'), 'kr')).toBe('오후 12:00:00');
    expect(formatTime(seoul('2026-11-27T00:30:00'), 'kr')).toBe('오전 12:30:00');
    expect(formatTime(seoul('2026-11-27T13:05:07'), 'kr')).toBe('오후 1:05:07');
  });

  it("formats date-times as '2026. 11. 27. 오전 7:50:15'", () => {
    expect(formatDateTime(seoul('2026-11-27T07:50:15'), 'kr')).toBe('2026. 11. 27. 오전 7:50:15');
    expect(formatDateTime(new Date('2026-11-24T04:11:19Z'), 'kr')).toBe('2026. 11. 24. 오후 1:11:19');
  });

  it('follows the stored language by default', () => {
    localStorage.setItem('language', 'kr');
    expect(formatDateTime(instant)).toBe('2024. 1. 6. 오전 8:30:05');
    localStorage.setItem('language', 'en');
    expect(formatDateTime(instant)).toBe('Jan 6, 2024 8:30:05 AM');
  });
});

describe("a pop-up address's Seoul clock time ('13:05:07')", () => {
  it('reads in the page language', () => {
    expect(formatClockTime('13:05:07', 'en')).toBe('1:05:07 PM');
    expect(formatClockTime('00:00:09', 'en')).toBe('12:00:09 AM');
    expect(formatClockTime('09:05:07', 'kr')).toBe('오전 9:05:07');
    expect(formatClockTime('12:00:00', 'kr')).toBe('오후 12:00:00');
    expect(formatClockTime('00:30:00', 'kr')).toBe('오전 12:30:00');
    expect(formatClockTime('soon', 'en')).toBe('soon');
  });
});

describe('calendar days (date filters and date custom fields)', () => {
  it('shows a YYYY-MM-DD day in the page format, whatever the time zone', () => {
    expect(formatDay('2026-11-27', 'en')).toBe('Nov 27, 2026');
    expect(formatDay('2026-11-27', 'kr')).toBe('2026. 11. 27.');
    expect(formatDay('2024-01-06', 'kr')).toBe('2024. 1. 6.');
    expect(formatDay('2025-02-30', 'en')).toBe('2025-02-30');
    expect(formatDay('', 'en')).toBe('');
  });

  it('reads back what it shows, in both languages', () => {
    for (const day of ['2026-11-27', '2024-01-06', '2024-02-29']) {
      expect(parseDay(formatDay(day, 'en'), 'en')).toBe(day);
      expect(parseDay(formatDay(day, 'kr'), 'kr')).toBe(day);
    }
  });

  it('reads year-first days in either language', () => {
    for (const language of ['en', 'kr'] as const) {
      for (const text of ['2026. 11. 27.', '2026.11.27', '2026-11-27', '2026/11/27', '2026년 11월 27일', '20261127', ' 2026. 11. 27 ']) {
        expect(parseDay(text, language)).toBe('2026-11-27');
      }
    }
  });

  it("reads English's own orders in English only", () => {
    for (const text of ['Nov 27, 2026', 'nov 27 2026', 'November 27, 2026', 'Nov. 27, 2026', '27 Nov 2026', '11/27/2026']) {
      expect(parseDay(text, 'en')).toBe('2026-11-27');
      expect(parseDay(text, 'kr')).toBeNull();
    }
    expect(parseDay('Sept 1, 2026', 'en')).toBe('2026-09-01');
  });

  it('refuses days that do not exist and text that is not a day; empty is no day', () => {
    expect(parseDay('2025. 2. 30.', 'kr')).toBeNull();
    expect(parseDay('Feb 29, 2025', 'en')).toBeNull();
    expect(parseDay('13/01/2026', 'en')).toBeNull();
    expect(parseDay('Ma 3, 2026', 'en')).toBeNull();
    expect(parseDay('tomorrow', 'en')).toBeNull();
    expect(parseDay('  ', 'kr')).toBe('');
  });
});

describe('time ago', () => {
  it('says how long ago, in English or in Korean', () => {
    const now = new Date(instant.getTime() + 3 * 60_000);
    expect(timeAgo(instant, now, 'en')).toBe('3 minutes ago');
    expect(timeAgo(instant, now, 'kr')).toBe('3분 전');
    expect(timeAgo(instant, new Date(instant.getTime() + 2 * 86_400_000), 'kr')).toBe('2일 전');
  });

  it('follows the stored language by default', () => {
    localStorage.setItem('language', 'kr');
    expect(timeAgo(instant, new Date(instant.getTime() + 3_600_000))).toBe('한 시간 전');
    localStorage.setItem('language', 'en');
    expect(timeAgo(instant, new Date(instant.getTime() + 3_600_000))).toBe('an hour ago');
  });
});
