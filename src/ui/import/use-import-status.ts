import useSWR, { useSWRConfig } from 'swr';
import { useEffect } from 'react';
import { importPaths, importStatusSchema, IMPORT_POLL_MS, isImportFinished, type ImportEntity, type ImportStatus } from '../../api/contracts/import.contract';
import { announceStale } from '../../api/resources/cross-window-stale';
import { keyReadsAny } from '../../api/resources/resource-keys';
import { apiFetcher } from '../../api/swr';

/**
 * The status of a running import, asked every IMPORT_POLL_MS until it has finished (polling, not a
 * socket: an import lasts seconds, and a poll needs nothing from the realtime layer). When it finishes,
 * every cached list of the entity goes stale, so the list shows the new rows, in the other windows too
 * (an auto-call campaign's upload runs in a pop-up window, and its list is in the opener).
 */
export function useImportStatus(entity: ImportEntity, initial: ImportStatus) {
  const { mutate } = useSWRConfig();
  const key = [importPaths(entity).status(initial.import_id)] as const;
  const result = useSWR(key, async (k) => importStatusSchema.parse(await apiFetcher(k)), {
    fallbackData: initial,
    refreshInterval: (latest) => (latest && isImportFinished(latest.status) ? 0 : IMPORT_POLL_MS),
  });
  const finished = isImportFinished(result.data.status);
  useEffect(() => {
    if (!finished) return;
    announceStale([entity]);
    void mutate((k) => keyReadsAny(k, [entity]) && !(Array.isArray(k) && k[0] === key[0]));
  }, [finished, mutate, entity, key[0]]); // eslint-disable-line react-hooks/exhaustive-deps
  return result.data;
}
