import { useSWRConfig } from 'swr';
import {
  CUSTOM_TABLE_PATHS,
  customTableSettingsSchema,
  type CustomTableColumn,
  type CustomTableKey,
  type CustomTableSettings,
} from '../../api/contracts/custom-table.contract';
import { toApiError } from '../../api/errors';
import { http } from '../../api/http';
import { revalidateEverywhere } from '../../api/resources/use-resource-mutations';

/** Every cached custom-table answer, in this window and the others (lists apply them at once). */
const STALE = ['custom-table'];

/** Saving and resetting a table's columns; both refresh every list that applies them. */
export function useCustomTableMutations() {
  const { mutate } = useSWRConfig();
  const send = async (path: string, body: unknown): Promise<CustomTableSettings> => {
    try {
      const { data } = await http.post<unknown>(path, body);
      const settings = customTableSettingsSchema.parse((data as { data: unknown }).data);
      await revalidateEverywhere(mutate, STALE);
      return settings;
    } catch (err) {
      throw toApiError(err);
    }
  };
  return {
    save: (table: CustomTableKey, columns: CustomTableColumn[]) => send(CUSTOM_TABLE_PATHS.update, { table, columns }),
    reset: (table: CustomTableKey) => send(CUSTOM_TABLE_PATHS.reset, { table }),
  };
}
