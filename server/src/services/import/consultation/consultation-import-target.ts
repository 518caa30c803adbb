import { consultationContract } from '../../../../../src/api/contracts/consultation.contract';
import { translate } from '../../../lib/i18n';
import { loadConsultationSettings } from '../../../routes/consultations/consultation-settings-load';
import type { ImportTarget } from '../import-targets';
import { consultationImportFields } from './consultation-import-fields';
import type { ConsultationImportContext } from './consultation-row';

/**
 * Consultations from Excel: checked against the company's consultation settings, copied in chunk by
 * chunk. A consultation is linked to the member with its number when exactly one member
 * has it (as the inbound pop-up does); with several or none it keeps only the number.
 */
export const consultationImportTarget: ImportTarget = {
  entity: 'consultation',
  // Importing consultations is writing consultations: the same rule as consultation/store.
  access: consultationContract.access.create,
  loadContext: async (scope): Promise<ConsultationImportContext> => ({ settings: await loadConsultationSettings(scope) }),
  fields: (context) => consultationImportFields((context as ConsultationImportContext).settings),
  copy: {
    // The member is looked up by the database, so a chunk goes through a temporary table of its own
    // transaction (dropped at its commit) and moves on with one INSERT … SELECT.
    before: [
      `create temporary table import_consultations (company_id integer, agent_id integer, phone_number text, direction text, title text,
        content text, inquiry text, department text, big_category text, small_category text, custom_fields jsonb, treatment_result text,
        written_at timestamptz) on commit drop`,
    ],
    into: `import_consultations (company_id, agent_id, phone_number, direction, title, content, inquiry, department, big_category,
      small_category, custom_fields, treatment_result, written_at)`,
    after: [
      `insert into consultations (company_id, member_id, agent_id, phone_number, direction, title, content, inquiry, department,
        big_category, small_category, custom_fields, treatment_result, created_at, updated_at)
      select s.company_id,
        (select min(m.id) from members m where m.company_id = s.company_id and m.phone_number = s.phone_number having count(*) = 1),
        s.agent_id, s.phone_number, s.direction, s.title, s.content, s.inquiry, s.department, s.big_category, s.small_category,
        s.custom_fields, s.treatment_result, coalesce(s.written_at, now()), coalesce(s.written_at, now())
      from import_consultations s`,
    ],
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
