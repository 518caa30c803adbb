import type { ApiKey } from '../swr';
import { resourcePaths, type AnyResourceContract, type ListQuery } from './resource-contract';

/**
 * SWR keys of a resource, derived from its contract: tuples `[path, body]` like every key of the app
 * (src/api/swr.ts). A path belongs to an entity when it is the entity's base path or below it, so
 * `member/list`, `member/company/x` and `member/get-settings` all go stale when members change.
 */

/** Drops empty values so `{ search: '' }` and `{}` share one cache entry and one request. */
export function compactQuery<Q extends object>(query: Q): Partial<Q> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<Q>;
}

export function listKey<C extends AnyResourceContract>(contract: C, query: ListQuery<C>, path = resourcePaths(contract).list): ApiKey {
  return [path, compactQuery(query)];
}

export function allKey(contract: AnyResourceContract, query: object = {}): ApiKey {
  return [resourcePaths(contract).all, compactQuery(query)];
}

export function viewKey(contract: AnyResourceContract, id: number): ApiKey {
  return [resourcePaths(contract).view, { id }];
}

/** Whether an SWR key (as SWR hands it to a mutate filter) reads data of one of these base paths. */
export function keyReadsAny(key: unknown, basePaths: readonly string[]): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  if (typeof path !== 'string') return false;
  const clean = path.replace(/^\/+/, '');
  return basePaths.some((base) => clean === base || clean.startsWith(`${base}/`));
}

/** The base paths a write to this contract makes stale: its own and those it names in `invalidates`. */
export function stalePathsAfterWrite(contract: AnyResourceContract): string[] {
  return [contract.path, ...(contract.invalidates ?? [])];
}
