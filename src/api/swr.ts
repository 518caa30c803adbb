import type { SWRConfiguration } from 'swr';
import { http } from './http';
import { toApiError, type ApiError } from './errors';

/**
 * Server data lives in SWR (guides/architecture.md): keys are tuples `[path, body?]`, because every
 * application call is a POST (specification section 7) and the body is part of what identifies the data.
 * Example: `useSWR<MemberPage>(['/member/list', { page: 1, per_page: 10 }])`.
 */
export type ApiKey = readonly [path: string, body?: unknown];

/** POSTs through the one axios instance; failures reach components as ApiError (`error.fieldErrors` etc.). */
export async function apiFetcher<T = unknown>(key: ApiKey | string): Promise<T> {
  const [path, body] = typeof key === 'string' ? [key] : key;
  try {
    const { data } = await http.post<T>(path, body);
    return data;
  } catch (err) {
    throw toApiError(err);
  }
}

/**
 * 4xx answers will not change by asking again (and a 401 is already in the session's hands);
 * network failures and 5xx are worth a few retries.
 */
export function shouldRetry(err: unknown): boolean {
  const status = toApiError(err).status;
  return status === null || status >= 500;
}

/** Mount once: `<SWRConfig value={swrConfig}>`. */
export const swrConfig = {
  fetcher: apiFetcher,
  shouldRetryOnError: shouldRetry,
  errorRetryCount: 3,
  // Agents keep the app open all day and switch windows constantly (pop-ups): refetching every list
  // on each focus would hammer the server. Screens that need it opt in per hook.
  revalidateOnFocus: false,
} satisfies SWRConfiguration<unknown, ApiError>;
