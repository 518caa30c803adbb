import useSWR from 'swr';
import { z } from 'zod';
import { callbackSchema } from '../../api/contracts/callback.contract';
import { extensionStatusResponseSchema, statisticsResponseSchema } from '../../api/contracts/statistics.contract';
import type { ApiError } from '../../api/errors';
import { postParsed } from '../../api/post-parsed';
import { pageSchema } from '../../api/resources/resource-contract';
import type { MessageId } from '../../i18n/message-ids';
import type { WidgetData } from './dashboard-widget';

/**
 * Each widget's data hook (docs/queues.md "Dashboard"). Every request is its own SWR key, so one that
 * fails leaves the others on screen and a retry asks only for it; they refresh every minute (SWR skips
 * that while the tab is hidden).
 */
const REFRESH_MS = 60_000;

function useWidgetRequest<T>(path: string, body: object | null, parse: (data: unknown) => T): WidgetData<T> {
  const { data, error, mutate } = useSWR<T, ApiError>(body ? [path, body] : null, ([p, b]: readonly [string, object]) => postParsed(p, b, parse), {
    refreshInterval: REFRESH_MS,
  });
  return { data, error, retry: () => void mutate() };
}

/** The call log's results the dashboard counts, in the order it shows them. */
export const MY_CALL_COUNTS = [
  { direction: 'inbound', disposition: 'answered', labelId: 'dashboard.my_calls.inbound_answered' },
  { direction: 'inbound', disposition: 'missed', labelId: 'dashboard.my_calls.inbound_missed' },
  { direction: 'inbound', disposition: 'abandoned', labelId: 'dashboard.my_calls.inbound_abandoned' },
  { direction: 'outbound', disposition: 'answered', labelId: 'dashboard.my_calls.outbound_answered' },
  { direction: 'outbound', disposition: 'missed', labelId: 'dashboard.my_calls.outbound_missed' },
] as const satisfies readonly { direction: 'inbound' | 'outbound'; disposition: string; labelId: MessageId }[];
export type MyCallCount = (typeof MY_CALL_COUNTS)[number] & { total: number };

const totalOnly = z.object({ total: z.number().int() });

/**
 * My calls today: for each result, the `total` of the call log list (`cti/calls/history`) with the same
 * filters the number's link opens, so the number and the list behind it always agree. One key for the
 * five requests: the widget shows all of them or its error.
 */
export function useMyCallsToday(extension: string, day: string): WidgetData<MyCallCount[]> {
  const { data, error, mutate } = useSWR<MyCallCount[], ApiError>(
    ['cti/calls/history', { dashboard: 'my-calls', extension, day }],
    () =>
      Promise.all(
        MY_CALL_COUNTS.map(async (count) => {
          const body = { page: 1, per_page: 10, date_from: day, date_to: day, extension, direction: count.direction, disposition: count.disposition };
          const { total } = await postParsed('cti/calls/history', body, (answer) => totalOnly.parse(answer));
          return { ...count, total };
        }),
      ),
    { refreshInterval: REFRESH_MS },
  );
  return { data, error, retry: () => void mutate() };
}

const callbackPage = pageSchema(callbackSchema);
export type OpenCallbacks = z.infer<typeof callbackPage>;

/** My open callbacks: the callback list's first page, open or in progress, assigned to me. */
export function useMyOpenCallbacks(): WidgetData<OpenCallbacks> {
  return useWidgetRequest('callback/list', { page: 1, per_page: 10, status: 'active', assignment: 'mine' }, (data) => callbackPage.parse(data));
}

export type ExtensionDay = z.infer<typeof extensionStatusResponseSchema>['data'][number];

/** My states today: the extension's seconds in each state (`statistics/extension-status`); null for a day without a row. */
export function useMyStatesToday(extension: string, day: string): WidgetData<ExtensionDay | null> {
  return useWidgetRequest('statistics/extension-status', { date: day, extension }, (data) => extensionStatusResponseSchema.parse(data).data.find((row) => row.extension === extension) ?? null);
}

export type StatisticsRows = z.infer<typeof statisticsResponseSchema>['data'];

/** Queue calls today from `statistics/inbound`, one queue or all, by day or by hour. */
export function useInboundToday(range: { from: string; to: string }, bucket: 'day' | '1h', queue?: string): WidgetData<StatisticsRows> {
  return useWidgetRequest('statistics/inbound', { from: range.from, to: range.to, bucket, ...(queue ? { queue } : {}) }, (data) => statisticsResponseSchema.parse(data).data);
}

export interface ServiceLevelRow {
  /** null: every queue together. */
  queue: string | null;
  offered: number;
  answered: number;
  service_level: number | null;
}

/**
 * Today's service level overall and per queue (`statistics/inbound`, bucket day): one request for the
 * whole and one per queue, under one key, so the table is whole or shows its error.
 */
export function useServiceLevelToday(range: { from: string; to: string }, queues: readonly string[]): WidgetData<ServiceLevelRow[]> {
  const { data, error, mutate } = useSWR<ServiceLevelRow[], ApiError>(
    ['statistics/inbound', { dashboard: 'service-level', ...range, queues }],
    () =>
      Promise.all(
        [null, ...queues].map(async (queue) => {
          const body = { from: range.from, to: range.to, bucket: 'day', ...(queue ? { queue } : {}) };
          const rows = await postParsed('statistics/inbound', body, (answer) => statisticsResponseSchema.parse(answer).data);
          const offered = rows.reduce((sum, row) => sum + row.offered, 0);
          const answered = rows.reduce((sum, row) => sum + row.answered, 0);
          // A day's range is one bucket; should it ever be more, the last one with a level is today's.
          const level = rows.map((row) => row.service_level).filter((value) => value !== null).at(-1) ?? null;
          return { queue, offered, answered, service_level: level };
        }),
      ),
    { refreshInterval: REFRESH_MS },
  );
  return { data, error, retry: () => void mutate() };
}
