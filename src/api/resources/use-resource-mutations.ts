import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { toApiError } from '../errors';
import { http } from '../http';
import { announceStale } from './cross-window-stale';
import { keyReadsAny, stalePathsAfterWrite } from './resource-keys';
import { resourcePaths, type AnyResourceContract, type InputOf, type RecordOf } from './resource-contract';

export interface ResourceMutations<C extends AnyResourceContract> {
  create: (input: InputOf<C>) => Promise<RecordOf<C>>;
  update: (id: number, input: InputOf<C>) => Promise<RecordOf<C>>;
  remove: (id: number) => Promise<void>;
}

/**
 * Store, update and delete for a contract. Each success revalidates every cached key of the entity and
 * of the entities it names in `invalidates` (a group rename refreshes the member lists). Failures reject
 * with ApiError, whose `fieldErrors` the form places under its fields.
 */
export function useResourceMutations<C extends AnyResourceContract>(contract: C): ResourceMutations<C> {
  // The bound mutate: tests and pop-ups may run with their own SWR cache.
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const paths = resourcePaths(contract);
    const stale = stalePathsAfterWrite(contract);
    const invalidate = () => {
      announceStale(stale);
      return mutate((key) => keyReadsAny(key, stale));
    };
    const send = async <T>(path: string, body: unknown, parse: (data: unknown) => T): Promise<T> => {
      try {
        const { data } = await http.post<unknown>(path, body);
        const result = parse(data);
        await invalidate();
        return result;
      } catch (err) {
        throw toApiError(err);
      }
    };
    const record = (data: unknown) => contract.record.parse((data as { data: unknown }).data) as RecordOf<C>;
    return {
      create: (input) => send(paths.store, input, record),
      update: (id, input) => send(paths.update, { ...input, id }, record),
      remove: (id) => send(paths.delete(id), {}, () => undefined),
    };
  }, [contract, mutate]);
}
