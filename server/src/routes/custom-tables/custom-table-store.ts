import { eq } from 'drizzle-orm';
import {
  CUSTOM_TABLE_KEYS,
  completeCustomTableColumns,
  defaultCustomTableColumns,
  type CustomTableColumn,
  type CustomTableKey,
  type CustomTableSettings,
} from '../../../../src/api/contracts/custom-table.contract';
import type { CompanyScope } from '../../db/company-scope';
import { customTableSettings } from '../../db/schema';

type SettingsRow = typeof customTableSettings.$inferSelect;

function toSettings(table: CustomTableKey, row: SettingsRow | undefined): CustomTableSettings {
  if (!row) return { table, columns: defaultCustomTableColumns(table), is_default: true, updated_at: null };
  return { table, columns: completeCustomTableColumns(table, row.columns), is_default: false, updated_at: row.updatedAt.toISOString() };
}

/** The company's settings of one table, or the catalogue's defaults when it saved none. */
export async function loadCustomTable(scope: CompanyScope, table: CustomTableKey): Promise<CustomTableSettings> {
  const [row] = await scope.findMany(customTableSettings, eq(customTableSettings.tableKey, table));
  return toSettings(table, row);
}

/** Every table's settings, in the catalogue's order. */
export async function loadCustomTables(scope: CompanyScope): Promise<CustomTableSettings[]> {
  const rows = await scope.findMany(customTableSettings);
  return CUSTOM_TABLE_KEYS.map((table) => toSettings(table, rows.find((r) => r.tableKey === table)));
}

/**
 * Saves the columns of one table for the company (one row per company and table: an upsert, so two
 * managers saving at once leave one row, the later one). Stored made whole, so what is read back is
 * what was saved.
 */
export async function saveCustomTable(scope: CompanyScope, table: CustomTableKey, columns: readonly CustomTableColumn[], userId: number): Promise<CustomTableSettings> {
  const complete = completeCustomTableColumns(table, columns);
  const now = new Date();
  const [row] = await scope.db
    .insert(customTableSettings)
    .values({ companyId: scope.companyId, tableKey: table, columns: complete, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [customTableSettings.companyId, customTableSettings.tableKey],
      set: { columns: complete, updatedBy: userId, updatedAt: now },
    })
    .returning();
  return toSettings(table, row);
}

/** Back to the defaults: the company's row goes. */
export async function resetCustomTable(scope: CompanyScope, table: CustomTableKey): Promise<CustomTableSettings> {
  await scope.delete(customTableSettings, eq(customTableSettings.tableKey, table));
  return toSettings(table, undefined);
}
