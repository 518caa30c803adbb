// Time conditions as dialplan lines, meeting them in the order routeCall does (holiday, custom temporary
// holiday, lunch hour, working hour; by id within a type) with the same rule for when each holds
// (src/api/routing/time-condition-rules.ts), in Asia/Seoul.

import { koreanHolidays } from '../../../../src/api/holidays/korean-holidays';
import type { TimeConditionOfRouting } from '../../../../src/api/routing/route-call';
import { conditionRank } from '../../../../src/api/routing/time-condition-rules';
import { same, type ConfigLine } from './config-sections';

export const ROUTING_TIMEZONE = 'Asia/Seoul';
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const range = (names: readonly string[] | null, start: number, end: number) => {
  const name = (n: number) => (names ? (names[n - 1] ?? String(n)) : String(n));
  return start === end ? name(start) : `${name(start)}-${name(end)}`;
};
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The time of day as GotoIfTime takes it. Our end is exclusive (09:00–18:00 ends before 18:00);
 * Asterisk's documented form names the last minute inside (09:00-17:59), which holds whichever way a
 * version reads the end. A blank end is midnight, an end equal to the start the whole day.
 */
function timesOf(c: TimeConditionOfRouting): string {
  if (c.start_hour === null) return '*';
  const start = c.start_hour * 60 + (c.start_minute ?? 0);
  const end = c.end_hour === null ? 24 * 60 : c.end_hour * 60 + (c.end_minute ?? 0);
  if (end === start) return '*';
  return `${clock(start)}-${clock((end - 1 + 24 * 60) % (24 * 60))}`;
}

function weekdaysOf(c: TimeConditionOfRouting): string {
  if (c.start_weekday === null) return '*';
  return range(WEEKDAYS, c.start_weekday, c.end_weekday ?? c.start_weekday);
}

/**
 * The calendar span as (days of month, months) pairs. GotoIfTime crosses its two fields, so a span over
 * several months (Dec 24 … Jan 2) becomes one pair per piece: the first month from its day, the
 * months between whole, the last month up to its day.
 */
function calendarOf(c: TimeConditionOfRouting): [mdays: string, months: string][] {
  if (c.start_month === null) return [[c.start_date === null ? '*' : range(null, c.start_date, c.end_date ?? c.start_date), '*']];
  const startMonth = c.start_month;
  const endMonth = c.end_month ?? startMonth;
  const startDate = c.start_date ?? 1;
  const endDate = c.end_date ?? (c.start_date === null || endMonth !== startMonth ? 31 : c.start_date);
  const days = (from: number, to: number) => (from === 1 && to === 31 ? '*' : range(null, from, to));
  if (startMonth === endMonth && startDate <= endDate) return [[days(startDate, endDate), range(MONTHS, startMonth, startMonth)]];
  const pieces: [string, string][] = [[days(startDate, 31), range(MONTHS, startMonth, startMonth)]];
  const firstWhole = (startMonth % 12) + 1;
  const lastWhole = ((endMonth + 10) % 12) + 1;
  // Months strictly between the first and the last (none when they are next to each other).
  if (firstWhole !== endMonth) pieces.push(['*', range(MONTHS, firstWhole, lastWhole)]);
  pieces.push([days(1, endDate), range(MONTHS, endMonth, endMonth)]);
  return pieces;
}

/** The condition's ranges as GotoIfTime specs, any one of which holding means the moment is inside. */
export function timeSpecs(c: TimeConditionOfRouting): string[] {
  return calendarOf(c).map(([mdays, months]) => `${timesOf(c)},${weekdaysOf(c)},${mdays},${months},${ROUTING_TIMEZONE}`);
}

/** The conditions in the order routeCall meets them. */
export function inRoutingOrder(conditions: readonly TimeConditionOfRouting[]): TimeConditionOfRouting[] {
  return [...conditions].sort((a, b) => conditionRank(a.type) - conditionRank(b.type) || a.id - b.id);
}

/** Dates (`2026-02-16`) as runs of consecutive days within a month: [month, first day, last day]. */
function dayRuns(dates: readonly string[]): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (const date of [...new Set(dates)].sort()) {
    const month = Number(date.slice(5, 7));
    const day = Number(date.slice(8, 10));
    const last = runs.at(-1);
    if (last && last[0] === month && last[2] === day - 1) last[2] = day;
    else runs.push([month, day, day]);
  }
  return runs;
}

/**
 * The Korean public holidays of `year` and the next, each year's dates behind a guard on the year:
 * GotoIfTime has no year field, and lunar holidays move from one year to the next.
 */
function koreanHolidayLines(c: TimeConditionOfRouting, year: number, target: string): ConfigLine[] {
  const lines: ConfigLine[] = [];
  const label = (y: number | 'end') => `kh${c.id}-${y}`;
  for (const y of [year, year + 1]) {
    const next = y === year ? label(year + 1) : label('end');
    lines.push(same(`n(${label(y)}),GotoIf($[\${STRFTIME(\${EPOCH},${ROUTING_TIMEZONE},%Y)}!=${y}]?${next})`));
    for (const [month, first, last] of dayRuns(koreanHolidays(y).map((h) => h.date))) {
      lines.push(same(`n,GotoIfTime(*,*,${range(null, first, last)},${MONTHS[month - 1]},${ROUTING_TIMEZONE}?${target})`));
    }
  }
  lines.push(same(`n(${label('end')}),NoOp(Korean public holidays ${year}-${year + 1})`));
  return lines;
}

/**
 * One condition's lines: a jump to `target` when it holds. A working-hour condition holds outside its
 * ranges: with one range the false branch jumps; with several, being inside any skips the jump.
 */
export function conditionLines(c: TimeConditionOfRouting, target: string, year: number): ConfigLine[] {
  const specs = timeSpecs(c);
  if (c.type === 'working_hour') {
    if (specs.length === 1) return [same(`n,GotoIfTime(${specs[0]}?:${target})`)];
    const open = `open${c.id}`;
    return [...specs.map((spec) => same(`n,GotoIfTime(${spec}?${open})`)), same(`n,Goto(${target})`), same(`n(${open}),NoOp(working hours ${c.id})`)];
  }
  const lines = specs.map((spec) => same(`n,GotoIfTime(${spec}?${target})`));
  if (c.type === 'holiday' && c.korean_holidays === true) lines.push(...koreanHolidayLines(c, year, target));
  return lines;
}
