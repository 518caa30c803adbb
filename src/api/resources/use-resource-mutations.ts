import { useMemo } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { toApiError } from '../errors';
import { http } from '../http';
import { announceStale } from './cross-window-stale';
import { keyReadsAny, stalePathsAfterWrite } from './resource-keys';
import { resourcePaths, type AnyResourceContract, type InputOf, type RecordOf } from './resource-contract';

/**
 * After a successful write: this window revalidates its cached keys under `paths` (through the bound
 * `mutate`, so a test's or pop-up's own cache) and every other window of the app is told to do the same
 * (a pop-up window's write must refresh the opener's list; SWR does not revalidate on focus here).
 * Every write hook goes through this, so none forgets the other windows.
 */
export function revalidateEverywhere(mutate: ScopedMutator, paths: readonly string[]): Promise<unknown> {
  announceStale(paths);
  return mutate((key) => keyReadsAny(key, paths));
}

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
    const invalidate = () => revalidateEverywhere(mutate, stale);
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
    // Store may answer more than the record, once (an API key's secret: `createdRecord`); the caller gets it all.
    const created = (data: unknown) => (contract.createdRecord ?? contract.record).parse((data as { data: unknown }).data) as RecordOf<C>;
    // A resource with file fields takes store and update as multipart (docs/resources.md "File fields").
    const body = (values: Record<string, unknown>) => (contract.files ? multipartOf(values) : values);
    return {
      create: (input) => send(paths.store, body(input as Record<string, unknown>), created),
      update: (id, input) => send(paths.update, body({ ...(input as Record<string, unknown>), id }), record),
      remove: (id) => send(paths.delete(id), {}, () => undefined),
    };
  }, [contract, mutate]);
}

/**
 * A write as multipart: files as file parts under their field's name, other values as text parts (the
 * server reads them with the same schema as JSON: numbers and booleans are coerced), nothing for blanks.
 */
export function multipartOf(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (value instanceof File) form.append(key, value, value.name);
    else form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}
