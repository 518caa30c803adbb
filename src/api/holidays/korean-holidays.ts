import KoreanLunarCalendar from 'korean-lunar-calendar';
import type { Holiday } from '../contracts/holiday.contract';

/**
 * Korean public holidays (관공서의 공휴일), computed: pure, no I/O, shared by the client and the server
 * (CONTRACT §11, docs/telephony.md "Korean public holidays").
 *
 * - Solar and lunar days follow 공휴일에 관한 법률 and 관공서의 공휴일에 관한 규정 as in force now.
 *   Lunar dates are converted with `korean-lunar-calendar` (the KASI table, 1000–2050); pinned against
 *   the official calendar (월력요항) in korean-holidays.test.ts. After 2050 there is no table, and
 *   the lunar holidays (and their substitutes) are missing from the list.
 * - Substitute holidays (대체공휴일) follow the rules as they changed: 2014, 2021, 2023 and 2026.
 * - Election days and temporary holidays (임시공휴일) are official data (OFFICIAL_DAYS) up to
 *   OFFICIAL_THROUGH; regular elections after it are computed by 공직선거법 §34 (see electionsByLaw).
 *   A by-election, an early presidential election or a new 임시공휴일 is only known when announced:
 *   add it to OFFICIAL_DAYS.
 * - Years before 2014 use today's list of days (less the days that were not holidays then where noted
 *   in SOLAR); they are not a historical record (식목일, the two-day new year and the 1989–1990
 *   substitutes are not modelled).
 */

type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6; // as Date.getUTCDay: 0 Sunday … 6 Saturday
const SATURDAY: Weekday = 6;
const SUNDAY: Weekday = 0;

interface SubstituteRule {
  /** First year the day gets a substitute. */
  since: number;
  /** Which weekend days cost it a day off; overlapping another holiday always does. */
  weekend: readonly Weekday[];
}

interface DayRule {
  id: string;
  name: string;
  name_kr: string;
  substitute?: SubstituteRule;
  /** Whether the day is a holiday that year (default: always). */
  inYear?: (year: number) => boolean;
}

// 2014 (규정 개정 2013-11): Seollal and Chuseok when they fall on a Sunday (itself a 공휴일) or another
// holiday, never for a Saturday; Children's Day also for a Saturday.
const LUNAR_NEW_YEAR_RULE: SubstituteRule = { since: 2014, weekend: [SUNDAY] };
const CHILDREN_RULE: SubstituteRule = { since: 2014, weekend: [SATURDAY, SUNDAY] };
// 2021 (applied from 광복절 2021): the national days 3·1절, 광복절, 개천절, 한글날.
const NATIONAL_DAY_RULE: SubstituteRule = { since: 2021, weekend: [SATURDAY, SUNDAY] };
// 2023 (규정 개정 2023-05): Buddha's Birthday and Christmas.
const RULE_2023: SubstituteRule = { since: 2023, weekend: [SATURDAY, SUNDAY] };
// 2026 (공휴일에 관한 법률 개정 2026): 제헌절 and 노동절 became public holidays, with substitutes.
const RULE_2026: SubstituteRule = { since: 2026, weekend: [SATURDAY, SUNDAY] };
// 신정 and 현충일 never get a substitute.

/** Fixed solar days, `MM-DD`. */
const SOLAR: readonly (DayRule & { monthDay: string })[] = [
  { id: 'new_year', monthDay: '01-01', name: "New Year's Day", name_kr: '신정' },
  { id: 'samil', monthDay: '03-01', name: 'Independence Movement Day', name_kr: '삼일절', substitute: NATIONAL_DAY_RULE },
  { id: 'labour', monthDay: '05-01', name: 'Labour Day', name_kr: '노동절', substitute: RULE_2026, inYear: (y) => y >= 2026 },
  { id: 'children', monthDay: '05-05', name: "Children's Day", name_kr: '어린이날', substitute: CHILDREN_RULE },
  { id: 'memorial', monthDay: '06-06', name: 'Memorial Day', name_kr: '현충일' },
  // Dropped in 2008, a holiday again from 2026.
  { id: 'constitution', monthDay: '07-17', name: 'Constitution Day', name_kr: '제헌절', substitute: RULE_2026, inYear: (y) => y <= 2007 || y >= 2026 },
  { id: 'liberation', monthDay: '08-15', name: 'Liberation Day', name_kr: '광복절', substitute: NATIONAL_DAY_RULE },
  { id: 'foundation', monthDay: '10-03', name: 'National Foundation Day', name_kr: '개천절', substitute: NATIONAL_DAY_RULE },
  // Not a holiday 1991–2012.
  { id: 'hangul', monthDay: '10-09', name: 'Hangul Day', name_kr: '한글날', substitute: NATIONAL_DAY_RULE, inYear: (y) => y <= 1990 || y >= 2013 },
  { id: 'christmas', monthDay: '12-25', name: 'Christmas Day', name_kr: '성탄절', substitute: RULE_2023 },
];

/**
 * Lunar days: the lunar date of the middle day and the days before and after it. Seollal's eve is the
 * day before lunar 1/1 (lunar 12/29 or 12/30), hence counted in solar days from lunar 1/1.
 */
const LUNAR: readonly (DayRule & { lunarMonth: number; lunarDay: number; block?: [string, string, string, string] })[] = [
  {
    id: 'seollal',
    lunarMonth: 1,
    lunarDay: 1,
    name: 'Seollal',
    name_kr: '설날',
    substitute: LUNAR_NEW_YEAR_RULE,
    block: ['Seollal (day before)', '설날 전날', 'Seollal (day after)', '설날 다음 날'],
  },
  { id: 'buddha', lunarMonth: 4, lunarDay: 8, name: "Buddha's Birthday", name_kr: '부처님 오신 날', substitute: RULE_2023 },
  {
    id: 'chuseok',
    lunarMonth: 8,
    lunarDay: 15,
    name: 'Chuseok',
    name_kr: '추석',
    substitute: LUNAR_NEW_YEAR_RULE,
    block: ['Chuseok (day before)', '추석 전날', 'Chuseok (day after)', '추석 다음 날'],
  },
];

/**
 * Official election days and 임시공휴일 (관보, 월력요항), 2014 on. Up to OFFICIAL_THROUGH this list is
 * the whole truth; after it regular elections are computed by law.
 */
const OFFICIAL_DAYS: readonly Holiday[] = [
  { date: '2014-06-04', name: 'Local elections', name_kr: '제6회 전국동시지방선거', kind: 'election' },
  { date: '2015-08-14', name: 'Temporary holiday', name_kr: '임시공휴일', kind: 'custom' },
  { date: '2016-04-13', name: 'National Assembly election', name_kr: '제20대 국회의원선거', kind: 'election' },
  { date: '2016-05-06', name: 'Temporary holiday', name_kr: '임시공휴일', kind: 'custom' },
  { date: '2017-05-09', name: 'Presidential election', name_kr: '제19대 대통령선거', kind: 'election' },
  { date: '2017-10-02', name: 'Temporary holiday', name_kr: '임시공휴일', kind: 'custom' },
  { date: '2018-06-13', name: 'Local elections', name_kr: '제7회 전국동시지방선거', kind: 'election' },
  { date: '2020-04-15', name: 'National Assembly election', name_kr: '제21대 국회의원선거', kind: 'election' },
  { date: '2020-08-17', name: 'Temporary holiday', name_kr: '임시공휴일', kind: 'custom' },
  { date: '2022-03-09', name: 'Presidential election', name_kr: '제20대 대통령선거', kind: 'election' },
  { date: '2022-06-01', name: 'Local elections', name_kr: '제8회 전국동시지방선거', kind: 'election' },
  { date: '2023-10-02', name: 'Temporary holiday', name_kr: '임시공휴일', kind: 'custom' },
  { date: '2024-04-10', name: 'National Assembly election', name_kr: '제22대 국회의원선거', kind: 'election' },
  { date: '2024-10-01', name: 'Temporary holiday (Armed Forces Day)', name_kr: '임시공휴일(국군의 날)', kind: 'custom' },
  { date: '2025-01-27', name: 'Temporary holiday', name_kr: '임시공휴일', kind: 'custom' },
  { date: '2025-06-03', name: 'Presidential election', name_kr: '제21대 대통령선거', kind: 'election' },
  { date: '2026-06-03', name: 'Local elections', name_kr: '제9회 전국동시지방선거', kind: 'election' },
];
/** The last year whose official election days and temporary holidays are all in OFFICIAL_DAYS. */
export const OFFICIAL_THROUGH = 2026;

/**
 * Regular elections after OFFICIAL_THROUGH, by 공직선거법 §34: the first Wednesday on or after a day
 * counted back from the end of the term; if that Wednesday is a holiday, or the day before or after
 * it is, the Wednesday of the next week (§34②).
 * - National Assembly: terms end May 29 every 4 years from 2024; 50 days before → from April 9.
 * - Local (전국동시지방선거): terms end June 30 every 4 years from 2026; 30 days before → from May 31.
 * - President: the term that began 2025-06-04 ends 2030-06-03, then every 5 years; 70 days before →
 *   from March 25. An early election (as in 2017 and 2025) changes this: add it to OFFICIAL_DAYS.
 */
const ELECTIONS_BY_LAW: readonly { name: string; name_kr: string; firstYear: number; every: number; from: string }[] = [
  { name: 'Presidential election', name_kr: '대통령선거', firstYear: 2030, every: 5, from: '03-25' },
  { name: 'National Assembly election', name_kr: '국회의원선거', firstYear: 2028, every: 4, from: '04-09' },
  { name: 'Local elections', name_kr: '전국동시지방선거', firstYear: 2030, every: 4, from: '05-31' },
];

// ---- dates as UTC midnight, so no time zone or daylight saving shifts a day ----

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (iso: string, days: number) => {
  const d = utc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
};
const weekdayOf = (iso: string) => utc(iso).getUTCDay() as Weekday;

/** The solar date of a lunar date (never a leap month), or null outside the conversion table. */
export function lunarToSolar(year: number, month: number, day: number): string | null {
  const calendar = new KoreanLunarCalendar();
  if (!calendar.setLunarDate(year, month, day, false)) return null;
  const solar = calendar.getSolarCalendar();
  return `${solar.year}-${pad(solar.month)}-${pad(solar.day)}`;
}

/** A holiday before substitutes are worked out, with what the substitute rules need. */
interface Entry {
  holiday: Holiday;
  substitute?: SubstituteRule;
  /** Label for a substitute: `대체공휴일(<label_kr>)`. */
  label: string;
  label_kr: string;
  /** A substitute comes after this day (the last day of Seollal or Chuseok; else the day itself). */
  after: string;
  /** Order among entries on one day: substitutes are charged to the later ones first. */
  rank: number;
}

function baseEntries(year: number): Entry[] {
  const entries: Entry[] = [];
  SOLAR.forEach((rule, index) => {
    if (rule.inYear && !rule.inYear(year)) return;
    const date = `${year}-${rule.monthDay}`;
    entries.push({
      holiday: { date, name: rule.name, name_kr: rule.name_kr, kind: 'solar' },
      substitute: rule.substitute,
      label: rule.name,
      label_kr: rule.name_kr,
      after: date,
      rank: index,
    });
  });
  LUNAR.forEach((rule, index) => {
    const day = lunarToSolar(year, rule.lunarMonth, rule.lunarDay);
    if (!day) return;
    const rank = 100 + index;
    const common = { substitute: rule.substitute, label: rule.name, label_kr: rule.name_kr, rank };
    if (!rule.block) {
      entries.push({ ...common, holiday: { date: day, name: rule.name, name_kr: rule.name_kr, kind: 'lunar' }, after: day });
      return;
    }
    const [beforeName, beforeKr, afterName, afterKr] = rule.block;
    const last = addDays(day, 1);
    entries.push(
      { ...common, holiday: { date: addDays(day, -1), name: beforeName, name_kr: beforeKr, kind: 'lunar' }, after: last },
      { ...common, holiday: { date: day, name: rule.name, name_kr: rule.name_kr, kind: 'lunar' }, after: last },
      { ...common, holiday: { date: last, name: afterName, name_kr: afterKr, kind: 'lunar' }, after: last },
    );
  });
  return entries;
}

/**
 * How many days off each day's holidays lose, charged to the entries that get a substitute: one for
 * each further holiday on the day, and one if the day is a weekend day that counts for one of them;
 * never more than the entries entitled to a substitute. (2025-05-05, Children's Day and Buddha's
 * Birthday on a Monday: one substitute, 대체공휴일(부처님 오신 날).)
 */
function substituteClaims(year: number, entries: readonly Entry[], others: readonly string[]): Entry[] {
  const byDate = new Map<string, Entry[]>();
  for (const entry of entries) byDate.set(entry.holiday.date, [...(byDate.get(entry.holiday.date) ?? []), entry]);
  const claims: Entry[] = [];
  for (const [date, onDay] of byDate) {
    const weekday = weekdayOf(date);
    const entitled = onDay
      .filter((e) => e.substitute && year >= e.substitute.since)
      .sort((a, b) => a.rank - b.rank);
    if (entitled.length === 0) continue;
    const holidaysOnDay = onDay.length + others.filter((d) => d === date).length;
    const weekendLoss = entitled.some((e) => e.substitute?.weekend.includes(weekday)) ? 1 : 0;
    const lost = Math.min(entitled.length, holidaysOnDay - 1 + weekendLoss);
    claims.push(...entitled.slice(entitled.length - lost));
  }
  return claims.sort((a, b) => a.after.localeCompare(b.after) || a.rank - b.rank);
}

/** Each claim takes the first day after it that is a weekday and no holiday (nor an earlier substitute). */
function placeSubstitutes(claims: readonly Entry[], taken: Set<string>): Holiday[] {
  const placed: Holiday[] = [];
  for (const claim of claims) {
    let day = addDays(claim.after, 1);
    while (taken.has(day) || weekdayOf(day) === SATURDAY || weekdayOf(day) === SUNDAY) day = addDays(day, 1);
    taken.add(day);
    placed.push({ date: day, name: `Substitute holiday (${claim.label})`, name_kr: `대체공휴일(${claim.label_kr})`, kind: 'substitute' });
  }
  return placed;
}

/** The first Wednesday on or after `from`, moved a week on when it or a neighbouring day is a holiday. */
export function electionDayByLaw(from: string, isHoliday: (date: string) => boolean): string {
  let day = from;
  while (weekdayOf(day) !== 3) day = addDays(day, 1);
  if (isHoliday(day) || isHoliday(addDays(day, -1)) || isHoliday(addDays(day, 1))) day = addDays(day, 7);
  return day;
}

function electionsByLaw(year: number, isHoliday: (date: string) => boolean): Holiday[] {
  if (year <= OFFICIAL_THROUGH) return [];
  return ELECTIONS_BY_LAW.filter((e) => year >= e.firstYear && (year - e.firstYear) % e.every === 0).map((e) => ({
    date: electionDayByLaw(`${year}-${e.from}`, isHoliday),
    name: e.name,
    name_kr: e.name_kr,
    kind: 'election' as const,
  }));
}

function computeYear(year: number): Holiday[] {
  const entries = baseEntries(year);
  const official = OFFICIAL_DAYS.filter((h) => h.date.startsWith(`${year}-`));
  // Elections by law avoid the regular holidays and their substitutes.
  const regular = new Set(entries.map((e) => e.holiday.date));
  for (const s of placeSubstitutes(substituteClaims(year, entries, []), new Set(regular))) regular.add(s.date);
  const extra = [...official, ...electionsByLaw(year, (d) => regular.has(d))];

  const taken = new Set([...entries.map((e) => e.holiday.date), ...extra.map((h) => h.date)]);
  const substitutes = placeSubstitutes(
    substituteClaims(
      year,
      entries,
      extra.map((h) => h.date),
    ),
    taken,
  );
  const all = [...entries.map((e) => e.holiday), ...extra, ...substitutes];
  return all.sort((a, b) => a.date.localeCompare(b.date));
}

const byYear = new Map<number, { list: readonly Holiday[]; byDate: Map<string, Holiday> }>();

function yearData(year: number) {
  let data = byYear.get(year);
  if (!data) {
    const list = Object.freeze(computeYear(year).map((h) => Object.freeze(h)));
    const byDate = new Map<string, Holiday>();
    for (const h of list) if (!byDate.has(h.date)) byDate.set(h.date, h);
    data = { list, byDate };
    byYear.set(year, data);
  }
  return data;
}

/** The Korean public holidays of `year`, sorted by date (two on one day, e.g. 2025-05-05, both listed). */
export function koreanHolidays(year: number): Holiday[] {
  if (!Number.isInteger(year)) return [];
  return [...yearData(year).list];
}

/** The holiday on `date` (`YYYY-MM-DD`), the first listed when there are two, else null. Cached per year. */
export function isKoreanHoliday(date: string): Holiday | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return yearData(Number(date.slice(0, 4))).byDate.get(date) ?? null;
}
