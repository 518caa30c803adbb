import { sql } from 'drizzle-orm';
import { consultationContract } from '../../../../../src/api/contracts/consultation.contract';
import { translate } from '../../../lib/i18n';
import { loadConsultationSettings } from '../../../routes/consultations/consultation-settings-load';
import type { ImportTarget } from '../import-targets';
import { consultationImportFields } from './consultation-import-fields';
import type { ConsultationImportContext } from './consultation-row';

const COLUMN_COUNT = 12;

/**
 * Consultations from Excel: checked against the company's consultation settings, inserted in one
 * statement per chunk. A consultation is linked to the member with its number when exactly one member
 * has it (as the inbound pop-up does); with several or none it keeps only the number.
 */
export const consultationImportTarget: ImportTarget = {
  entity: 'consultation',
  // Importing consultations is writing consultations: the same rule as consultation/store.
  access: consultationContract.access.create,
  loadContext: async (scope): Promise<ConsultationImportContext> => ({ settings: await loadConsultationSettings(scope) }),
  fields: (context) => consultationImportFields((context as ConsultationImportContext).settings),
  insertStatement(companyId, columns) {
    if (columns.length !== COLUMN_COUNT) throw new Error(`consultation import chunk has ${columns.length} columns`);
    const [agents, phones, directions, titles, contents, inquiries, departments, bigs, smalls, customFields, results, writtenAt] = columns.map((column) =>
      sql.param(column),
    );
    // unnest: one array parameter per column, 13 parameters whatever the chunk's size.
    return sql`insert into consultations (company_id, member_id, agent_id, phone_number, direction, title, content, inquiry, department,
        big_category, small_category, custom_fields, treatment_result, created_at, updated_at)
      select ${companyId},
        (select min(m.id) from members m where m.company_id = ${companyId} and m.phone_number = u.phone_number having count(*) = 1),
        u.agent_id::integer, u.phone_number, u.direction, u.title, u.content, u.inquiry, u.department, u.big_category, u.small_category,
        u.custom_fields::jsonb, u.treatment_result, coalesce(u.written_at::timestamptz, now()), coalesce(u.written_at::timestamptz, now())
      from unnest(${agents}::text[], ${phones}::text[], ${directions}::text[], ${titles}::text[], ${contents}::text[], ${inquiries}::text[],
        ${departments}::text[], ${bigs}::text[], ${smalls}::text[], ${customFields}::text[], ${results}::text[], ${writtenAt}::text[])
        as u(agent_id, phone_number, direction, title, content, inquiry, department, big_category, small_category, custom_fields, treatment_result, written_at)`;
  },
  sample(context, language) {
    const { settings } = context as ConsultationImportContext;
    const fields = consultationImportFields(settings);
    const header = fields.map((field) => (field.labelId ? translate(field.labelId, language) : (field.label ?? field.key)));
    const big = settings.big_categories[0];
    const example = (i: number): Record<string, string> => ({
      phone_number: i === 0 ? '010-1234-5678' : '02-123-4567',
      title: translate(i === 0 ? 'import.sample.consultation_title_1' : 'import.sample.consultation_title_2', language),
      big_category: big?.name ?? '',
      small_category: i === 0 ? (big?.small_categories[0] ?? '') : '',
      inquiry: settings.inquiries[0] ?? '',
      department: i === 0 ? (settings.departments[0] ?? '') : '',
      direction: translate(i === 0 ? 'call_direction.inbound' : 'call_direction.outbound', language),
      treatment_result: translate(i === 0 ? 'treatment_result.complete' : 'treatment_result.receipt', language),
      content: '',
      agent: '',
      created_at: i === 0 ? '2025-01-15 09:30' : '',
    });
    const customExample = (type: string, i: number) => (type === 'number' ? String(i + 1) : type === 'date' ? `2025-01-1${i + 5}` : '');
    const rows = [0, 1].map((i) => {
      const values = example(i);
      return fields.map((field) => {
        const custom = settings.custom_fields.find((f) => `custom_fields.${f.name}` === field.key);
        return custom ? customExample(custom.field_type, i) : (values[field.key] ?? '');
      });
    });
    return { sheetName: translate('import.sample.sheet_consultations', language), header, rows };
  },
};
