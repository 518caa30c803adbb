import useSWR from 'swr';
import {
  CUSTOM_TABLE_PATHS,
  customTableListSchema,
  type CustomTableKey,
  type CustomTableSettings,
} from '../../api/contracts/custom-table.contract';
import { toApiError, type ApiError } from '../../api/errors';
import { http } from '../../api/http';
import type { ColumnSettings } from './column-settings-store';

/** One request for every table: a screen with a list usually shows one, and the answer is small. */
export const CUSTOM_TABLES_KEY = [CUSTOM_TABLE_PATHS.list, {}] as const;

async function fetchCustomTables(): Promise<CustomTableSettings[]> {
  try {
    const { data } = await http.post<unknown>(CUSTOM_TABLE_PATHS.list, {});
    return customTableListSchema.parse(data).data;
  } catch (err) {
    throw toApiError(err);
  }
}

/** Every table's settings of the signed-in user's company (custom-table/list). */
export function useCustomTables() {
  return useSWR<CustomTableSettings[], ApiError>(CUSTOM_TABLES_KEY, fetchCustomTables);
}

export function toColumnSettings(settings: CustomTableSettings): ColumnSettings {
  return { order: settings.columns.map((c) => c.key), hidden: settings.columns.filter((c) => !c.visible).map((c) => c.key) };
}

/**
 * The company's columns for a list that declares `customTable`, as column settings; undefined while
 * loading, on error (the definition's own defaults then apply) and for lists without one.
 */
export function useCompanyColumns(table: CustomTableKey | undefined): ColumnSettings | undefined {
  // Lists without a custom table ask for nothing.
  const { data } = useSWR<CustomTableSettings[], ApiError>(table ? CUSTOM_TABLES_KEY : null, fetchCustomTables);
  const settings = data?.find((s) => s.table === table);
  return settings ? toColumnSettings(settings) : undefined;
}
