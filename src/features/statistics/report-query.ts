import type { CallDirection } from '../../api/contracts/call.contract';
import type { InboundStatisticsBody, StatisticsBody } from '../../api/contracts/statistics.contract';
import { BUCKETS, STATISTICS_GROUPS, type Bucket, type StatisticsGroup } from '../../api/queues/queue-statistics';
import { CALL_DIRECTIONS } from '../../api/contracts/call.contract';
import { seoulDay } from '../../api/routing/route-call';
import type { StatisticsKind } from '../../api/resources/statistics-api';

/** What the filter bar holds: whole Seoul days, both ends included. */
export interface ReportFilter {
  /** `YYYY-MM-DD`, or '' when cleared. */
  fromDay: string;
  toDay: string;
  bucket: Bucket;
  /** '' for every queue / extension / direction. */
  queue: string;
  extension: string;
  direction: CallDirection | '';
  /** Inbound only: one series per queue or answering agent, side by side; '' for one series. */
  groupBy: StatisticsGroup | '';
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last seven Seoul days by day: what a manager most often opens a report for. */
export function defaultFilter(now: Date): ReportFilter {
  const today = seoulDay(now);
  return { fromDay: addDays(today, -6), toDay: today, bucket: 'day', queue: '', extension: '', direction: '', groupBy: '' };
}

const isDay = (value: string | undefined): value is string => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The filter a pop-up's query asks for (`from`, `to` as Seoul days, `bucket`, `queue`, `extension`,
 * `direction`); anything missing or unreadable keeps the default.
 */
export function filterFromQuery(query: Readonly<Record<string, string>>, now: Date): ReportFilter {
  const start = defaultFilter(now);
  return {
    fromDay: isDay(query.from) ? query.from : start.fromDay,
    toDay: isDay(query.to) ? query.to : start.toDay,
    bucket: (BUCKETS as readonly string[]).includes(query.bucket ?? '') ? (query.bucket as Bucket) : start.bucket,
    queue: query.queue ?? '',
    extension: query.extension ?? '',
    direction: (CALL_DIRECTIONS as readonly string[]).includes(query.direction ?? '') ? (query.direction as CallDirection) : '',
    groupBy: (STATISTICS_GROUPS as readonly string[]).includes(query.group_by ?? '') ? (query.group_by as StatisticsGroup) : '',
  };
}

/** The pop-up query that shows the same report in a window. */
export function queryOfFilter(filter: ReportFilter, kind: StatisticsKind): Record<string, string> {
  const query: Record<string, string> = { from: filter.fromDay, to: filter.toDay, bucket: filter.bucket };
  if (filter.queue.trim()) query.queue = filter.queue.trim();
  if (filter.extension.trim()) query.extension = filter.extension.trim();
  if (kind === 'calls' && filter.direction) query.direction = filter.direction;
  if (kind === 'inbound' && filter.groupBy) query.group_by = filter.groupBy;
  return query;
}

/**
 * The request for a filter: from the first day's Seoul midnight to the midnight after the last day.
 * Null while a day is missing. A reversed or too long range is sent as it is: the server's 422 says so
 * under `to`, in the same words as everywhere else.
 */
export function bodyOfFilter(filter: ReportFilter, kind: StatisticsKind): StatisticsBody | InboundStatisticsBody | null {
  if (!filter.fromDay || !filter.toDay) return null;
  return {
    from: `${filter.fromDay}T00:00:00+09:00`,
    to: `${addDays(filter.toDay, 1)}T00:00:00+09:00`,
    bucket: filter.bucket,
    ...(filter.queue.trim() ? { queue: filter.queue.trim() } : {}),
    ...(filter.extension.trim() ? { extension: filter.extension.trim() } : {}),
    ...(kind === 'calls' && filter.direction ? { direction: filter.direction } : {}),
    ...(kind === 'inbound' && filter.groupBy ? { group_by: filter.groupBy } : {}),
  };
}
