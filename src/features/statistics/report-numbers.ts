import type { Language } from '../../api/contracts/session.contract';
import type { Bucket } from '../../api/queues/queue-statistics';
import type { StatisticsRows } from '../../api/resources/statistics-api';
import { DISPLAY_TIME_ZONE, formatDate, formatHourMinute } from '../../i18n/dates';
import { intlLocale } from '../../i18n/language-store';

export type StatisticsRow = StatisticsRows[number];

/** The numbers across the whole range (the totals strip and the table's last row). */
export interface ReportTotals {
  offered: number;
  answered: number;
  abandoned: number;
  /** 0–1; null without answered calls. */
  service_level: number | null;
  /** Average speed of answer, seconds. */
  avg_wait_s: number | null;
  /** Average handle (talk) time, seconds. */
  avg_talk_s: number | null;
}

/**
 * Adds the buckets up. The rows carry ratios, not their parts, so the service level and ASA are weighted
 * back by each bucket's answered calls (exact: both are per answered call). AHT is per completed call,
 * which the rows do not count; weighting by answered calls is the nearest the rows allow and equals it
 * whenever every answered call has ended (any past range).
 */
export function reportTotals(rows: readonly StatisticsRow[]): ReportTotals {
  let offered = 0;
  let answered = 0;
  let abandoned = 0;
  let within = 0;
  let wait = 0;
  let talk = 0;
  let talked = 0;
  for (const row of rows) {
    offered += row.offered;
    answered += row.answered;
    abandoned += row.abandoned;
    if (row.answered > 0) {
      within += (row.service_level ?? 0) * row.answered;
      wait += (row.avg_wait_s ?? 0) * row.answered;
      if (row.avg_talk_s !== null) {
        talk += row.avg_talk_s * row.answered;
        talked += row.answered;
      }
    }
  }
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return { offered, answered, abandoned, service_level: ratio(within, answered), avg_wait_s: ratio(wait, answered), avg_talk_s: ratio(talk, talked) };
}

/** A grouped report's rows as one series: each bucket's groups added up (reportTotals), in time order. */
export function combinedRows(rows: readonly StatisticsRow[]): StatisticsRow[] {
  const byBucket = new Map<string, StatisticsRow[]>();
  for (const row of rows) byBucket.set(row.bucket_start, [...(byBucket.get(row.bucket_start) ?? []), row]);
  return [...byBucket.entries()].sort(([a], [b]) => Date.parse(a) - Date.parse(b)).map(([bucket_start, parts]) => ({ bucket_start, ...reportTotals(parts) }));
}

/** A grouped report's groups (queue or agent), each with its totals over the range, in the server's order. */
export function groupTotals(rows: readonly StatisticsRow[]): { group: string; totals: ReportTotals }[] {
  const byGroup = new Map<string, StatisticsRow[]>();
  for (const row of rows) byGroup.set(row.group ?? '', [...(byGroup.get(row.group ?? '') ?? []), row]);
  return [...byGroup.entries()].map(([group, parts]) => ({ group, totals: reportTotals(parts) }));
}

/** '83.3 %' / '83.3%' as the page's language writes a percentage; '–' for none. */
export function formatPercent(value: number | null, language: Language): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** Seconds as `m:ss` (`h:mm:ss` from an hour): how call centres read waits and talk times. '–' for none. */
export function formatSeconds(value: number | null): string {
  if (value === null) return '–';
  const total = Math.round(value);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const SEOUL_OFFSET_MS = 9 * 3_600_000;
const seoulClock = (at: number) => {
  const local = new Date(at + SEOUL_OFFSET_MS);
  return { hour: local.getUTCHours(), minute: local.getUTCMinutes() };
};

/** A bucket as the table names it, in Seoul time: 'Nov 27, 2026 9:15 AM', 'Nov 27, 2026', 'Nov 23, 2026 – Nov 29, 2026'. */
export function bucketLabel(bucketStart: string, bucket: Bucket, language: Language): string {
  const at = Date.parse(bucketStart);
  if (bucket === 'day') return formatDate(at, language);
  if (bucket === 'week') return `${formatDate(at, language)} – ${formatDate(at + 6 * 86_400_000, language)}`;
  const { hour, minute } = seoulClock(at);
  return `${formatDate(at, language)} ${formatHourMinute(hour, minute, language)}`;
}

/** A bucket as the chart's time axis names it, shorter: '9:15 AM' within a day, 'Nov 27' / '11월 27일' for days and weeks. */
export function axisLabel(bucketStart: string, bucket: Bucket, language: Language): string {
  const at = Date.parse(bucketStart);
  if (bucket === 'day' || bucket === 'week') {
    return new Intl.DateTimeFormat(intlLocale(language), { timeZone: DISPLAY_TIME_ZONE, month: 'short', day: 'numeric' }).format(at);
  }
  const { hour, minute } = seoulClock(at);
  return formatHourMinute(hour, minute, language);
}

/** The table's column headings, in the page's language, for the export's first row. */
export interface ExportHeadings {
  time: string;
  offered: string;
  answered: string;
  abandoned: string;
  serviceLevel: string;
  asa: string;
  aht: string;
  total: string;
  /** The group column's heading (a queue or agent), for a grouped report. */
  group?: string;
}

type Cell = string | number | null;
const round = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/**
 * The export's rows: the headings, one row per bucket and the totals, as numbers a spreadsheet can add
 * up (service level in percent with one decimal, ASA and AHT in whole seconds; empty where there is none).
 */
export function exportRows(rows: readonly StatisticsRow[], bucket: Bucket, headings: ExportHeadings, language: Language): Cell[][] {
  const line = (label: string, row: ReportTotals): Cell[] => [
    label,
    row.offered,
    row.answered,
    row.abandoned,
    round(row.service_level === null ? null : row.service_level * 100, 1),
    round(row.avg_wait_s, 0),
    round(row.avg_talk_s, 0),
  ];
  const columns = [headings.time, headings.offered, headings.answered, headings.abandoned, headings.serviceLevel, headings.asa, headings.aht];
  if (headings.group === undefined) return [columns, ...rows.map((row) => line(bucketLabel(row.bucket_start, bucket, language), row)), line(headings.total, reportTotals(rows))];
  // Grouped: the group first on each line, each group's buckets then its total, so a filter or a pivot works.
  return [
    [headings.group, ...columns],
    ...groupTotals(rows).flatMap(({ group, totals }) => [
      ...rows.filter((row) => (row.group ?? '') === group).map((row) => [group, ...line(bucketLabel(row.bucket_start, bucket, language), row)]),
      [group, ...line(headings.total, totals)],
    ]),
  ];
}
