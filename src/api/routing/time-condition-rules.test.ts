import type { TimeConditionRule } from './time-condition-rules';
import { NO_RANGES, conditionHolds, conditionInEffect, insideRanges, seoulMoment } from './time-condition-rules';

const blank: TimeConditionRule = {
  type: 'holiday',
  ...NO_RANGES,
};
const at = (weekday: number, hour: number, minute = 0, month = 3, date = 4) => ({ weekday, month, date, hour, minute });

describe('conditionHolds', () => {
  it('a working-hour condition holds outside its ranges (after hours), inside not', () => {
    const work: TimeConditionRule = { ...blank, type: 'working_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 0 };
    expect(conditionHolds(work, at(1, 9))).toBe(false);
    expect(conditionHolds(work, at(5, 17, 59))).toBe(false);
    expect(conditionHolds(work, at(5, 18))).toBe(true); // the end is not included
    expect(conditionHolds(work, at(3, 8, 59))).toBe(true);
    expect(conditionHolds(work, at(6, 12))).toBe(true); // Saturday
  });

  it('a lunch hour holds inside its time of day, every chosen weekday', () => {
    const lunch: TimeConditionRule = { ...blank, type: 'lunch_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 12, start_minute: 0, end_hour: 13, end_minute: 0 };
    expect(conditionHolds(lunch, at(2, 12, 30))).toBe(true);
    expect(conditionHolds(lunch, at(2, 13))).toBe(false);
    expect(conditionHolds(lunch, at(7, 12, 30))).toBe(false);
  });

  it('weekday ranges wrap over the weekend; a blank end is the start day alone', () => {
    expect(insideRanges({ ...blank, start_weekday: 5, end_weekday: 1 }, at(7, 10))).toBe(true);
    expect(insideRanges({ ...blank, start_weekday: 5, end_weekday: 1 }, at(3, 10))).toBe(false);
    expect(insideRanges({ ...blank, start_weekday: 3 }, at(3, 10))).toBe(true);
    expect(insideRanges({ ...blank, start_weekday: 3 }, at(4, 10))).toBe(false);
  });

  it('calendar spans run from the start day to the end day and wrap over the new year', () => {
    const yearEnd: TimeConditionRule = { ...blank, start_month: 12, start_date: 24, end_month: 1, end_date: 2 };
    expect(insideRanges(yearEnd, at(1, 10, 0, 12, 31))).toBe(true);
    expect(insideRanges(yearEnd, at(1, 10, 0, 1, 2))).toBe(true);
    expect(insideRanges(yearEnd, at(1, 10, 0, 1, 3))).toBe(false);
    expect(insideRanges(yearEnd, at(1, 10, 0, 12, 23))).toBe(false);
    // A single day: the end left blank.
    const founding: TimeConditionRule = { ...blank, start_month: 5, start_date: 1 };
    expect(insideRanges(founding, at(1, 10, 0, 5, 1))).toBe(true);
    expect(insideRanges(founding, at(1, 10, 0, 5, 2))).toBe(false);
    // Whole months: days left blank.
    expect(insideRanges({ ...blank, start_month: 7, end_month: 8 }, at(1, 10, 0, 8, 31))).toBe(true);
    // Days of every month: no month.
    expect(insideRanges({ ...blank, start_date: 10, end_date: 12 }, at(1, 10, 0, 2, 11))).toBe(true);
  });

  it('times of day wrap past midnight; an end equal to the start is the whole day; a blank end is midnight', () => {
    const night: TimeConditionRule = { ...blank, start_hour: 22, start_minute: 0, end_hour: 6, end_minute: 0 };
    expect(insideRanges(night, at(1, 23))).toBe(true);
    expect(insideRanges(night, at(1, 5, 59))).toBe(true);
    expect(insideRanges(night, at(1, 6))).toBe(false);
    expect(insideRanges({ ...blank, start_hour: 9, end_hour: 9 }, at(1, 3))).toBe(true);
    expect(insideRanges({ ...blank, start_hour: 20 }, at(1, 23, 59))).toBe(true);
    expect(insideRanges({ ...blank, start_hour: 20 }, at(1, 19, 59))).toBe(false);
  });
});

describe('conditionInEffect', () => {
  it('meets holidays first, then lunch hour, then working hour; none when nothing holds', () => {
    const work = { ...blank, id: 1, type: 'working_hour' as const, start_weekday: 1, end_weekday: 5, start_hour: 9, end_hour: 18 };
    const lunch = { ...blank, id: 2, type: 'lunch_hour' as const, start_weekday: 1, end_weekday: 7, start_hour: 12, end_hour: 13 };
    const holiday = { ...blank, id: 3, type: 'holiday' as const, start_month: 3, start_date: 1 };
    const all = [work, lunch, holiday];
    expect(conditionInEffect(all, at(2, 12, 30, 3, 1))?.id).toBe(3);
    expect(conditionInEffect(all, at(2, 12, 30))?.id).toBe(2);
    expect(conditionInEffect(all, at(6, 10))?.id).toBe(1);
    expect(conditionInEffect(all, at(2, 10))).toBeNull();
  });
});

describe('seoulMoment', () => {
  it('reads a moment in Asia/Seoul (UTC+9)', () => {
    // 2026-01-04 15:30 UTC is Monday 2026-01-05 00:30 in Seoul.
    expect(seoulMoment(new Date('2026-01-04T15:30:00Z'))).toEqual({ weekday: 1, month: 1, date: 5, hour: 0, minute: 30 });
  });
});
