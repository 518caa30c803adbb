import { NO_RANGES } from './time-condition-rules';
import { forceAt, nextSpanChange, openAt, scheduledOpen, workingHourConditions } from './company-worktime';
import type { TimeConditionRule } from './time-condition-rules';

/** Company work time: open while no working-hour condition holds; the switch until the next change of span. Times Asia/Seoul; 2026-11-25 is a Wednesday. */

const OFFICE: TimeConditionRule & { id: number } = { ...NO_RANGES, id: 4, type: 'working_hour', start_weekday: 1, end_weekday: 5, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 30 };
const LUNCH: TimeConditionRule & { id: number } = { ...NO_RANGES, id: 2, type: 'lunch_hour', start_hour: 12, end_hour: 13 };
const at = (local: string) => new Date(`${local}+09:00`);

describe('company work time', () => {
  it('is open while no working-hour condition holds; lunch does not close it', () => {
    expect(scheduledOpen([OFFICE, LUNCH], at('2026-11-25T10:00'))).toBe(true);
    expect(scheduledOpen([OFFICE, LUNCH], at('2026-11-25T12:30'))).toBe(true);
    expect(scheduledOpen([OFFICE, LUNCH], at('2026-11-25T18:30'))).toBe(false);
    expect(scheduledOpen([OFFICE], at('2026-11-28T10:00'))).toBe(false);
    expect(scheduledOpen([], at('2026-11-28T10:00'))).toBe(true);
    expect(workingHourConditions([OFFICE, LUNCH, { ...OFFICE, id: 1 }]).map((c) => c.id)).toEqual([1, 4]);
  });

  it.each([
    ['2026-11-25T10:00:20', '2026-11-25T18:30'], // open: until closing
    ['2026-11-25T18:29:59', '2026-11-25T18:30'],
    ['2026-11-25T18:30', '2026-11-26T09:00'], // closed: until opening the next morning
    ['2026-11-27T20:00', '2026-11-30T09:00'], // Friday evening: until Monday
  ])('from %s the hours next change at %s', (from, change) => {
    expect(nextSpanChange([OFFICE, LUNCH], at(from))).toEqual(at(change));
  });

  it('finds no change without working-hour conditions', () => {
    expect(nextSpanChange([LUNCH], at('2026-11-25T10:00'))).toBeNull();
  });

  it('a force holds from when it was set until its end', () => {
    const state = { force: 'closed' as const, forcedAt: at('2026-11-25T10:00'), forceUntil: at('2026-11-25T18:30') };
    expect(forceAt(state, at('2026-11-25T11:00'))).toBe('closed');
    expect(forceAt(state, at('2026-11-25T09:59'))).toBeNull();
    expect(forceAt(state, at('2026-11-25T18:30'))).toBeNull();
    expect(forceAt({ ...state, forceUntil: null }, at('2027-01-01T00:00'))).toBe('closed');
    expect(forceAt(null, at('2026-11-25T11:00'))).toBeNull();
    expect(openAt([OFFICE], state, at('2026-11-25T11:00'))).toBe(false);
    expect(openAt([OFFICE], state, at('2026-11-25T19:00'))).toBe(false);
    expect(openAt([OFFICE], { ...state, force: 'open' }, at('2026-11-25T11:00'))).toBe(true);
  });
});
