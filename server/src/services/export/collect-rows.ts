import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CompanyOwnedTable, CompanyScope } from '../../db/company-scope';
import { fieldError } from '../../lib/errors';
import { EXPORT_MAX_ROWS, EXPORT_PAGE_ROWS } from './export-limits';

/**
 * Every row of a list query, page by page (other requests get the database between pages), each turned
 * into the cells of one sheet row. More than EXPORT_MAX_ROWS matching rows is a 422 asking for
 * narrower filters, checked with a count before anything is read.
 */
export async function collectRows<T extends CompanyOwnedTable>(
  scope: CompanyScope,
  table: T,
  where: SQL,
  order: SQL[],
  toCells: (row: T['$inferSelect']) => string[],
): Promise<string[][]> {
  const [counted] = await scope.db
    .select({ n: count() })
    .from(table as PgTable)
    .where(where);
  if (Number(counted?.n ?? 0) > EXPORT_MAX_ROWS) throw fieldError('export', 'validation.export_too_many_rows');
  const rows: string[][] = [];
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_PAGE_ROWS) {
    const page = (await scope.db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(EXPORT_PAGE_ROWS)
      .offset(offset)) as T['$inferSelect'][];
    for (const row of page) rows.push(toCells(row));
    if (page.length < EXPORT_PAGE_ROWS) break;
  }
  return rows;
}
