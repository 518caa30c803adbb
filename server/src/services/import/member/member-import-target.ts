import { memberContract } from '../../../../../src/api/contracts/member.contract';
import { translate } from '../../../lib/i18n';
import { loadMemberSettings } from '../../../routes/members/member-settings-check';
import type { ImportTarget } from '../import-targets';
import { memberImportFields } from './member-import-fields';
import type { MemberImportContext } from './member-row';

/** Members from Excel: checked against the company's member settings, copied in chunk by chunk. */
export const memberImportTarget: ImportTarget = {
  entity: 'member',
  // Importing members is adding members: the same rule as member/store.
  access: memberContract.access.create,
  loadContext: async (scope): Promise<MemberImportContext> => ({ settings: await loadMemberSettings(scope) }),
  fields: (context) => memberImportFields((context as MemberImportContext).settings),
  // Straight into the table: every column comes from the row (memberColumns), nothing from the database.
  copy: { into: 'members (company_id, name, phone_number, company_name, groups, levels, custom_fields)' },
  sample(context, language) {
    const { settings } = context as MemberImportContext;
    const fields = memberImportFields(settings);
    const header = fields.map((field) => (field.labelId ? translate(field.labelId, language) : (field.label ?? field.key)));
    const exampleCustom = (index: number) =>
      settings.custom_fields.map((field) => (field.field_type === 'number' ? String(10 * (index + 1)) : field.field_type === 'date' ? `1990-0${index + 1}-15` : ''));
    const group = settings.groups[0] ?? '';
    const level = settings.levels[0] ?? '';
    const rows = [
      [translate('import.sample.name_1', language), '010-1234-5678', translate('import.sample.company_1', language), group, level, ...exampleCustom(0)],
      [translate('import.sample.name_2', language), '02-123-4567', '', '', level, ...exampleCustom(1)],
    ];
    return { sheetName: translate('import.sample.sheet_members', language), header, rows };
  },
};
