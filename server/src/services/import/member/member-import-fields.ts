import type { MemberSettings } from '../../../../../src/api/contracts/member-settings.contract';
import { translate, type MessageId } from '../../../lib/i18n';
import { normaliseHeader, type ImportFieldSpec } from '../import-types';

/** Headers people give these columns besides the field's own label, in both languages. */
const EXTRA_NAMES: Record<string, string[]> = {
  name: ['member name', 'full name', '회원명', '성명', '고객명'],
  phone_number: ['phone', 'mobile', 'tel', 'telephone', 'phone no', '전화', '연락처', '휴대폰', '핸드폰', '휴대전화'],
  company_name: ['company', 'organisation', 'organization', '회사', '회사명', '소속'],
  groups: ['group', '그룹'],
  levels: ['level', '등급', '레벨'],
};

const BUILT_IN: { key: string; labelId: MessageId; required: boolean }[] = [
  { key: 'name', labelId: 'member.field.name', required: true },
  { key: 'phone_number', labelId: 'member.field.phone_number', required: true },
  { key: 'company_name', labelId: 'member.field.company_name', required: false },
  { key: 'groups', labelId: 'member.field.groups', required: false },
  { key: 'levels', labelId: 'member.field.levels', required: false },
];

const aliasesOf = (...names: string[]) => [...new Set(names.map(normaliseHeader).filter(Boolean))];

/**
 * The columns a member import can fill: the built-in fields and one per custom field of the company.
 * The export writes the same labels, so an exported file imports again without remapping.
 */
export function memberImportFields(settings: MemberSettings): ImportFieldSpec[] {
  const builtIn = BUILT_IN.map(({ key, labelId, required }) => ({
    key,
    labelId,
    required,
    aliases: aliasesOf(key, translate(labelId, 'en'), translate(labelId, 'kr'), ...(EXTRA_NAMES[key] ?? [])),
  }));
  const custom = settings.custom_fields.map((field) => ({
    key: `custom_fields.${field.name}`,
    label: field.name,
    required: false,
    aliases: aliasesOf(field.name, `custom_fields.${field.name}`),
  }));
  return [...builtIn, ...custom];
}
