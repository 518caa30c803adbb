import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Language } from '../../../../src/api/contracts/session.contract';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { listConditions, listOrder, type ParsedListQuery } from '../../resources/list-query';
import { memberResource } from '../../routes/members/member.resource';
import { loadMemberSettings } from '../../routes/members/member-settings-check';
import { memberImportFields } from '../import/member/member-import-fields';
import { EXPORT_MAX_ROWS, EXPORT_PAGE_ROWS } from './export-limits';
import type { SheetToWrite } from './write-xlsx';

/**
 * The members list as a sheet: the same search, filters and sort as `member/list` (the page passes its
 * list query), every matching member rather than one page. The columns are the import's, in the same
 * words, so an exported file imports again unchanged; the registration time comes last.
 */
export async function memberExportSheet(scope: CompanyScope, query: ParsedListQuery, language: Language): Promise<SheetToWrite> {
  const where: SQL = scope.where(members, ...listConditions(memberResource, query));
  const [counted] = await scope.db.select({ n: count() }).from(members).where(where);
  if (Number(counted?.n ?? 0) > EXPORT_MAX_ROWS) throw fieldError('export', 'validation.export_too_many_rows');

  const settings = await loadMemberSettings(scope);
  const fields = memberImportFields(settings);
  const header = [...fields.map((field) => (field.labelId ? translate(field.labelId, language) : (field.label ?? field.key))), translate('member.field.created_at', language)];
  const rows: string[][] = [];
  const order = listOrder(memberResource, query);
  for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_PAGE_ROWS) {
    const page = (await scope.db
      .select()
      .from(members as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(EXPORT_PAGE_ROWS)
      .offset(offset)) as (typeof members.$inferSelect)[];
    for (const row of page) {
      const custom = row.customFields as Record<string, unknown>;
      rows.push([
        row.name,
        row.phoneNumber,
        row.companyName ?? '',
        row.groups.join(', '),
        row.levels.join(', '),
        ...settings.custom_fields.map((field) => (custom[field.name] === undefined || custom[field.name] === null ? '' : String(custom[field.name]))),
        row.createdAt.toISOString(),
      ]);
    }
    if (page.length < EXPORT_PAGE_ROWS) break;
  }
  return { sheetName: translate('import.sample.sheet_members', language), header, rows };
}
