import type { Language } from '../../../../src/api/contracts/session.contract';
import type { memberContract } from '../../../../src/api/contracts/member.contract';
import type { CompanyScope } from '../../db/company-scope';
import { members } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { listConditions, listOrder, type ParsedListQuery } from '../../resources/list-query';
import type { ServerResource } from '../../resources/resource-definition';
import { loadMemberSettings } from '../members/member-settings';
import { memberImportFields } from '../import/member/member-import-fields';
import { collectRows } from './collect-rows';
import { seoulTime, text } from './sheet-values';
import type { SheetToWrite } from './write-xlsx';

/**
 * The members list as a sheet: the same search, filters and sort as `member/list` (the page passes its
 * list query), every matching member rather than one page. The columns are the import's, in the same
 * words, so an exported file imports again unchanged; the registration time comes last.
 * The list's search, filters and sort come with `resource`, which the export route passes: the
 * resource belongs to its routes, and services never import routes.
 */
export async function memberExportSheet(
  scope: CompanyScope,
  query: ParsedListQuery,
  language: Language,
  resource: ServerResource<typeof memberContract, typeof members>,
): Promise<SheetToWrite> {
  const settings = await loadMemberSettings(scope);
  const header = [
    ...memberImportFields(settings).map((field) => (field.labelId ? translate(field.labelId, language) : (field.label ?? field.key))),
    translate('member.field.created_at', language),
  ];
  const where = scope.where(members, ...listConditions(resource, query));
  const rows = await collectRows(scope, members, where, listOrder(resource, query), (row) => {
    const custom = row.customFields as Record<string, unknown>;
    return [
      row.name,
      row.phoneNumber,
      text(row.companyName),
      row.groups.join(', '),
      row.levels.join(', '),
      ...settings.custom_fields.map((field) => text(custom[field.name])),
      seoulTime(row.createdAt),
    ];
  });
  return { sheetName: translate('import.sample.sheet_members', language), header, rows };
}
