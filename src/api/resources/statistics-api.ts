import useSWR from 'swr';
import type { z } from 'zod';
import {
  extensionStatusResponseSchema,
  statisticsResponseSchema,
  type InboundStatisticsBody,
  type StatisticsBody,
} from '../contracts/statistics.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';

/** Which report: queue calls from the queue log, or every call of the call log (docs/queues.md "Statistics on the server"). */
export type StatisticsKind = 'inbound' | 'calls';
export type StatisticsRows = z.infer<typeof statisticsResponseSchema>['data'];
export type ExtensionStatusDay = z.infer<typeof extensionStatusResponseSchema>['data'];
export interface ExtensionStatusBody {
  date: string;
  extension?: string;
}

const PATHS: Record<StatisticsKind, string> = { inbound: 'statistics/inbound', calls: 'statistics/calls' };

/**
 * A report's rows for one query; null asks nothing (the filter is not complete). A report is a
 * question asked once: no polling, and the same query shown twice reads once.
 */
export function useStatistics(kind: StatisticsKind, body: StatisticsBody | InboundStatisticsBody | null) {
  return useSWR<StatisticsRows, ApiError>(
    body ? [PATHS[kind], body] : null,
    ([path, query]: [string, StatisticsBody | InboundStatisticsBody]) => postParsed(path, query, (data) => statisticsResponseSchema.parse(data).data),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** `statistics/extension-status`: each extension's Seoul day in states. */
export function useExtensionStatus(body: ExtensionStatusBody | null) {
  return useSWR<ExtensionStatusDay, ApiError>(
    body ? ['statistics/extension-status', body] : null,
    ([path, query]: [string, ExtensionStatusBody]) => postParsed(path, query, (data) => extensionStatusResponseSchema.parse(data).data),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
