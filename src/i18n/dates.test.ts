import { formatClockTime, formatDate, formatDateTime, formatTime, timeAgo, DISPLAY_TIME_ZONE } from './dates';

// 2024-01-05 23:30:05 UTC is already 2024-01-06 08:30:05 in Seoul (UTC+9).
const instant = new Date('2024-01-05T23:30:05Z');

describe('date helpers (specification section 9)', () => {
  it("formats dates as 'MMM D, YYYY' in Seoul time", () => {
    expect(DISPLAY_TIME_ZONE).toBe('Asia/Seoul');
    localStorage.setItem('language', 'en');
    expect(formatDate(instant)).toBe('Jan 6, 2024');
  });

  it("formats times as 'h:mm:ss A' in Seoul time", () => {
    expect(formatTime(instant)).toBe('8:30:05 AM');
  });

  it('uses the ko locale in Korean (CONTRACT §9): month and AM/PM in Korean, same order', () => {
    expect(formatDate(instant, 'kr')).toBe('1월 6, 2024');
    expect(formatTime(instant, 'kr')).toBe('8:30:05 오전');
    expect(formatDateTime(new Date('2026-11-24T04:11:19Z'), 'kr')).toBe('11월 24, 2026 1:11:19 오후');
    expect(formatDateTime(new Date('2026-11-24T04:11:19Z'), 'en')).toBe('Nov 24, 2026 1:11:19 PM');
  });

  it("shows a pop-up address's Seoul clock time ('13:05:07') as 'h:mm:ss A'", () => {
    expect(formatClockTime('13:05:07', 'en')).toBe('1:05:07 PM');
    expect(formatClockTime('00:00:09', 'en')).toBe('12:00:09 AM');
    expect(formatClockTime('09:05:07', 'kr')).toBe('9:05:07 오전');
    expect(formatClockTime('soon', 'en')).toBe('soon');
  });

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
