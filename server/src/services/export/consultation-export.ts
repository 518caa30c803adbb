import type { Language } from '../../../../src/api/contracts/session.contract';
import type { consultationContract } from '../../../../src/api/contracts/consultation.contract';
import type { CompanyScope } from '../../db/company-scope';
import { consultations, users } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { listConditions, listOrder, type ParsedListQuery } from '../../resources/list-query';
import type { ServerResource } from '../../resources/resource-definition';
import { loadConsultationSettings } from '../consultations/consultation-settings';
import { consultationImportFields } from '../import/consultation/consultation-import-fields';
import { CONSULTATION_CHOICE_LABELS } from '../import/consultation/consultation-row';
import { collectRows } from './collect-rows';
import { seoulTime, text } from './sheet-values';
import type { SheetToWrite } from './write-xlsx';

/**
 * The consultations list as a sheet: the list's search, filters and sort, every match. Its columns are
 * the import's, in the same words (the direction and result as their labels, the agent by name, the
 * time written in Seoul time), so an exported file imports again unchanged.
 * The list's search, filters and sort come with `resource`, which the export route passes: the
 * resource belongs to its routes, and services never import routes.
 */
export async function consultationExportSheet(
  scope: CompanyScope,
  query: ParsedListQuery,
  language: Language,
  resource: ServerResource<typeof consultationContract, typeof consultations>,
): Promise<SheetToWrite> {
  const settings = await loadConsultationSettings(scope);
  const fields = consultationImportFields(settings);
  // Every user of the company, deleted ones too: an old consultation keeps its author's name.
  const names = new Map((await scope.db.select({ id: users.id, name: users.name }).from(users).where(scope.where(users))).map((u) => [u.id, u.name]));
  const where = scope.where(consultations, ...listConditions(resource, query));
  const rows = await collectRows(scope, consultations, where, listOrder(resource, query), (row) => {
    const custom = row.customFields as Record<string, unknown>;
    const values: Record<string, string> = {
      phone_number: row.phoneNumber,
      title: row.title,
      big_category: row.bigCategory,
      small_category: text(row.smallCategory),
      inquiry: text(row.inquiry),
      department: text(row.department),
      direction: translate(CONSULTATION_CHOICE_LABELS.direction[row.direction], language),
      treatment_result: translate(CONSULTATION_CHOICE_LABELS.treatment_result[row.treatmentResult], language),
      content: row.content,
      agent: row.agentId === null ? '' : text(names.get(row.agentId)),
      created_at: seoulTime(row.createdAt),
    };
    return fields.map((field) => (field.key.startsWith('custom_fields.') ? text(custom[field.key.slice('custom_fields.'.length)]) : (values[field.key] ?? '')));
  });
  const header = fields.map((field) => (field.labelId ? translate(field.labelId, language) : (field.label ?? field.key)));
  return { sheetName: translate('import.sample.sheet_consultations', language), header, rows };
}
