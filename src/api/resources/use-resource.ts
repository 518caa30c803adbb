import useSWR, { unstable_serialize, useSWRConfig, type SWRResponse } from 'swr';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import type { ApiKey } from '../swr';
import { listenForStaleFromOtherWindows } from './cross-window-stale';
import { allKey, listKey, viewKey } from './resource-keys';
import type { AnyResourceContract, ListQuery, Page, RecordOf } from './resource-contract';

/**
 * SWR hooks derived from a contract. Answers are parsed with the contract's schemas, so a screen never
 * renders a shape the server did not promise.
 */

const postKey = <T,>([path, body]: ApiKey, parse: (data: unknown) => T): Promise<T> => postParsed(path, body, parse);

/** One page of a list, and whether the page shown is this query's. */
export type ResourcePageResponse<R> = SWRResponse<Page<R>, ApiError> & {
  /**
   * The page shown is an earlier query's, kept on screen while this one loads (`keepPreviousData`). When
   * this query then fails (a 422 for a search longer than the server takes), that page is stale: show
   * the error instead (QA: the list answered 422 and silently kept its old rows).
   */
  isPrevious: boolean;
};

/** One page of a list; `path` lists from another route of the entity (e.g. `member/company/{name}`). */
export function useResourcePage<C extends AnyResourceContract>(
  contract: C,
  query: ListQuery<C>,
  options: { path?: string; enabled?: boolean; refreshEveryMs?: number } = {},
): ResourcePageResponse<RecordOf<C>> {
  // A list is what a write in a pop-up window changes most visibly.
  listenForStaleFromOtherWindows();
  const { cache } = useSWRConfig();
  const key = options.enabled === false ? null : listKey(contract, query, options.path);
  const response = useSWR(key, (k: ApiKey) => postKey(k, (data) => parsePage(contract, data)), {
    keepPreviousData: true,
    // SWR skips the refresh while the tab is hidden or offline.
    ...(options.refreshEveryMs ? { refreshInterval: options.refreshEveryMs } : {}),
  });
  // What SWR holds for this very query; anything else it returns is the previous query's page.
  const own = key === null ? undefined : (cache.get(unstable_serialize(key))?.data as Page<RecordOf<C>> | undefined);
  return Object.assign(response, { isPrevious: response.data !== undefined && response.data !== own });
}

/** Every record (`<path>`, capped by the server); for pickers and settings lists. */
export function useResourceAll<C extends AnyResourceContract>(contract: C, query: object = {}): SWRResponse<RecordOf<C>[], ApiError> {
  return useSWR(allKey(contract, query), (k: ApiKey) =>
    postKey(k, (data) => (contract.record.array().parse((data as { data: unknown }).data) as RecordOf<C>[])),
  );
}

export function useResourceRecord<C extends AnyResourceContract>(contract: C, id: number | null): SWRResponse<RecordOf<C>, ApiError> {
  return useSWR(id === null ? null : viewKey(contract, id), (k: ApiKey) =>
    postKey(k, (data) => contract.record.parse((data as { data: unknown }).data) as RecordOf<C>),
  );
}

function parsePage<C extends AnyResourceContract>(contract: C, data: unknown): Page<RecordOf<C>> {
  const page = data as Page<unknown>;
  return { ...page, data: contract.record.array().parse(page.data) as RecordOf<C>[] };
}
