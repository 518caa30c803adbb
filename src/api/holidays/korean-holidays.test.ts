import { describe, expect, it } from 'vitest';
import { electionDayByLaw, isKoreanHoliday, koreanHolidays, lunarToSolar } from './korean-holidays';

/** `date name_kr` per holiday, the shape the official calendar (월력요항) is easiest to compare in. */
const listOf = (year: number) => koreanHolidays(year).map((h) => `${h.date} ${h.name_kr}`);
const ofKind = (year: number, kind: string) =>
  koreanHolidays(year)
    .filter((h) => h.kind === kind)
    .map((h) => `${h.date} ${h.name_kr}`);

// The official lists (월력요항 and the later 임시공휴일 and election announcements), checked by hand
// against the government's calendar, not derived from this module.
describe('koreanHolidays pinned to the official lists', () => {
  it('2024', () => {
    expect(listOf(2024)).toEqual([
      '2024-01-01 신정',
      '2024-02-09 설날 전날',
      '2024-02-10 설날',
      '2024-02-11 설날 다음 날',
      '2024-02-12 대체공휴일(설날)', // Seollal's last day on a Sunday
      '2024-03-01 삼일절',
      '2024-04-10 제22대 국회의원선거',
      '2024-05-05 어린이날',
      '2024-05-06 대체공휴일(어린이날)', // a Sunday
      '2024-05-15 부처님 오신 날',
      '2024-06-06 현충일',
      '2024-08-15 광복절',
      '2024-09-16 추석 전날',
      '2024-09-17 추석',
      '2024-09-18 추석 다음 날',
      '2024-10-01 임시공휴일(국군의 날)',
      '2024-10-03 개천절',
      '2024-10-09 한글날',
      '2024-12-25 성탄절',
    ]);
  });

  it('2025', () => {
    expect(listOf(2025)).toEqual([
      '2025-01-01 신정',
      '2025-01-27 임시공휴일',
      '2025-01-28 설날 전날',
      '2025-01-29 설날',
      '2025-01-30 설날 다음 날',
      '2025-03-01 삼일절',
      '2025-03-03 대체공휴일(삼일절)', // a Saturday (national days since 2021)
      '2025-05-05 어린이날',
      '2025-05-05 부처님 오신 날',
      '2025-05-06 대체공휴일(부처님 오신 날)', // two holidays on one day: one substitute
      '2025-06-03 제21대 대통령선거',
      '2025-06-06 현충일',
      '2025-08-15 광복절',
      '2025-10-03 개천절',
      '2025-10-05 추석 전날',
      '2025-10-06 추석',
      '2025-10-07 추석 다음 날',
      '2025-10-08 대체공휴일(추석)', // Chuseok's first day on a Sunday; 10-09 is 한글날 anyway
      '2025-10-09 한글날',
      '2025-12-25 성탄절',
    ]);
  });

  it('2026 (노동절 and 제헌절 are public holidays from 2026)', () => {
    expect(listOf(2026)).toEqual([
      '2026-01-01 신정',
      '2026-02-16 설날 전날',
      '2026-02-17 설날',
      '2026-02-18 설날 다음 날',
      '2026-03-01 삼일절',
      '2026-03-02 대체공휴일(삼일절)',
      '2026-05-01 노동절',
      '2026-05-05 어린이날',
      '2026-05-24 부처님 오신 날',
      '2026-05-25 대체공휴일(부처님 오신 날)',
      '2026-06-03 제9회 전국동시지방선거',
      '2026-06-06 현충일', // a Saturday: 현충일 never gets a substitute
      '2026-07-17 제헌절',
      '2026-08-15 광복절',
      '2026-08-17 대체공휴일(광복절)',
      '2026-09-24 추석 전날',
      '2026-09-25 추석',
      '2026-09-26 추석 다음 날', // a Saturday: no substitute for Chuseok
      '2026-10-03 개천절',
      '2026-10-05 대체공휴일(개천절)',
      '2026-10-09 한글날',
      '2026-12-25 성탄절',
    ]);
  });

  it('2027', () => {
    expect(listOf(2027)).toEqual([
      '2027-01-01 신정',
      '2027-02-06 설날 전날', // a Saturday: does not count for Seollal
      '2027-02-07 설날', // a Sunday: does
      '2027-02-08 설날 다음 날',
      '2027-02-09 대체공휴일(설날)',
      '2027-03-01 삼일절',
      '2027-05-01 노동절',
      '2027-05-03 대체공휴일(노동절)',
      '2027-05-05 어린이날',
      '2027-05-13 부처님 오신 날',
      '2027-06-06 현충일',
      '2027-07-17 제헌절',
      '2027-07-19 대체공휴일(제헌절)',
      '2027-08-15 광복절',
      '2027-08-16 대체공휴일(광복절)',
      '2027-09-14 추석 전날',
      '2027-09-15 추석',
      '2027-09-16 추석 다음 날',
      '2027-10-03 개천절',
      '2027-10-04 대체공휴일(개천절)',
      '2027-10-09 한글날',
      '2027-10-11 대체공휴일(한글날)',
      '2027-12-25 성탄절',
      '2027-12-27 대체공휴일(성탄절)',
    ]);
  });
});

describe('2028–2030: lunar days, substitutes and elections computed by law', () => {
  it('2028', () => {
    expect(ofKind(2028, 'lunar')).toEqual([
      '2028-01-26 설날 전날',
      '2028-01-27 설날',
      '2028-01-28 설날 다음 날',
      '2028-05-02 부처님 오신 날',
      '2028-10-02 추석 전날',
      '2028-10-03 추석',
      '2028-10-04 추석 다음 날',
    ]);
    // 추석 and 개천절 on the same Tuesday: one day lost, one substitute after Chuseok.
    expect(ofKind(2028, 'substitute')).toEqual(['2028-10-05 대체공휴일(추석)']);
    expect(ofKind(2028, 'election')).toEqual(['2028-04-12 국회의원선거']);
  });

  it('2029', () => {
    expect(ofKind(2029, 'lunar')).toEqual([
      '2029-02-12 설날 전날',
      '2029-02-13 설날',
      '2029-02-14 설날 다음 날',
      '2029-05-20 부처님 오신 날',
      '2029-09-21 추석 전날',
      '2029-09-22 추석',
      '2029-09-23 추석 다음 날',
    ]);
    expect(ofKind(2029, 'substitute')).toEqual([
      '2029-05-07 대체공휴일(어린이날)', // Saturday
      '2029-05-21 대체공휴일(부처님 오신 날)', // Sunday
      '2029-09-24 대체공휴일(추석)', // the Sunday, not the Saturday, counts
    ]);
    expect(ofKind(2029, 'election')).toEqual([]);
  });

  it('2030', () => {
    expect(ofKind(2030, 'lunar')).toEqual([
      '2030-02-02 설날 전날',
      '2030-02-03 설날',
      '2030-02-04 설날 다음 날',
      '2030-05-09 부처님 오신 날',
      '2030-09-11 추석 전날',
      '2030-09-12 추석',
      '2030-09-13 추석 다음 날',
    ]);
    expect(ofKind(2030, 'substitute')).toEqual(['2030-02-05 대체공휴일(설날)', '2030-05-06 대체공휴일(어린이날)']);
    // President: term ends 2030-06-03, from 70 days before (03-25, a Monday) → Wednesday 03-27.
    // Local: from 05-31 → Wednesday 06-05, but 06-06 is 현충일 → the next week's Wednesday.
    expect(ofKind(2030, 'election')).toEqual(['2030-03-27 대통령선거', '2030-06-12 전국동시지방선거']);
  });
});

describe('substitute rules as they changed', () => {
  it('pins the substitutes of 2014–2023 (official)', () => {
    const substitutes = [2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023].flatMap((y) => ofKind(y, 'substitute'));
    expect(substitutes).toEqual([
      '2014-09-10 대체공휴일(추석)',
      '2015-09-29 대체공휴일(추석)',
      '2016-02-10 대체공휴일(설날)',
      '2017-01-30 대체공휴일(설날)',
      '2017-10-06 대체공휴일(추석)', // 개천절 on Chuseok's eve (개천절 itself had no substitute yet)
      '2018-05-07 대체공휴일(어린이날)',
      '2018-09-26 대체공휴일(추석)',
      '2019-05-06 대체공휴일(어린이날)',
      '2020-01-27 대체공휴일(설날)',
      '2021-08-16 대체공휴일(광복절)',
      '2021-10-04 대체공휴일(개천절)',
      '2021-10-11 대체공휴일(한글날)',
      '2022-09-12 대체공휴일(추석)',
      '2022-10-10 대체공휴일(한글날)',
      '2023-01-24 대체공휴일(설날)',
      '2023-05-29 대체공휴일(부처님 오신 날)',
    ]);
  });

  it('gives none before 2014, none for 신정 or 현충일, none for Christmas before 2023', () => {
    expect(ofKind(2013, 'substitute')).toEqual([]); // 2013-02-10 Seollal on a Sunday
    expect(isKoreanHoliday('2023-01-02')).toBeNull(); // 신정 2023 on a Sunday
    expect(isKoreanHoliday('2022-12-26')).toBeNull(); // 성탄절 2022 on a Sunday
    expect(isKoreanHoliday('2028-12-25')?.name_kr).toBe('성탄절');
  });

  it('knows 한글날 and 제헌절 were not holidays in between', () => {
    expect(isKoreanHoliday('2012-10-09')).toBeNull();
    expect(isKoreanHoliday('2013-10-09')?.name_kr).toBe('한글날');
    expect(isKoreanHoliday('2025-07-17')).toBeNull();
    expect(isKoreanHoliday('2025-05-01')).toBeNull();
  });
});

describe('elections by law (공직선거법 §34)', () => {
  // The regular holidays only: the election days themselves are in the list.
  const holiday = (d: string) => koreanHolidays(Number(d.slice(0, 4))).some((h) => h.date === d && h.kind !== 'election');
  it('reproduces the official regular election days', () => {
    expect(electionDayByLaw('2016-04-09', holiday)).toBe('2016-04-13');
    expect(electionDayByLaw('2020-04-09', holiday)).toBe('2020-04-15');
    expect(electionDayByLaw('2024-04-09', holiday)).toBe('2024-04-10');
    expect(electionDayByLaw('2018-05-31', holiday)).toBe('2018-06-13'); // 06-06 현충일 → next week
    expect(electionDayByLaw('2022-05-31', holiday)).toBe('2022-06-01');
    expect(electionDayByLaw('2026-05-31', holiday)).toBe('2026-06-03');
    expect(electionDayByLaw('2022-02-28', holiday)).toBe('2022-03-09'); // 03-01 삼일절 → next week
  });
});

describe('lunar conversion (korean-lunar-calendar) against known Seollal dates', () => {
  it('converts lunar 1/1', () => {
    // date-holidays 3.37 gives 2025-01-30; the KASI table and the government say 01-29.
    expect(lunarToSolar(2025, 1, 1)).toBe('2025-01-29');
    expect(lunarToSolar(2024, 1, 1)).toBe('2024-02-10');
    expect(lunarToSolar(2026, 1, 1)).toBe('2026-02-17');
    expect(lunarToSolar(2050, 1, 1)).toBe('2050-01-23');
    expect(lunarToSolar(2051, 1, 1)).toBeNull();
  });

  it('lists only solar days after the table ends (2051 on)', () => {
    expect(koreanHolidays(2060).some((h) => h.kind === 'lunar')).toBe(false);
    expect(koreanHolidays(2060)[0]).toEqual({ date: '2060-01-01', name: "New Year's Day", name_kr: '신정', kind: 'solar' });
  });
});

describe('isKoreanHoliday', () => {
  it('answers the holiday on a day, the first of two, or null', () => {
    expect(isKoreanHoliday('2025-10-08')).toEqual({
      date: '2025-10-08',
      name: 'Substitute holiday (Chuseok)',
      name_kr: '대체공휴일(추석)',
      kind: 'substitute',
    });
    expect(isKoreanHoliday('2025-05-05')?.name).toBe("Children's Day");
    expect(isKoreanHoliday('2025-05-07')).toBeNull();
    expect(isKoreanHoliday('not a day')).toBeNull();
  });

  it('hands out copies of the list', () => {
    const list = koreanHolidays(2025);
    list.pop();
    expect(koreanHolidays(2025)).toHaveLength(20);
    expect(koreanHolidays(2025.5)).toEqual([]);
  });
});
