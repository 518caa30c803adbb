import type { MemberSettings } from '../../../../../src/api/contracts/member-settings.contract';
import { importFieldSpecs, type BuiltInImportField } from '../import-field-specs';
import type { ImportFieldSpec } from '../import-types';

/** Headers people give these columns besides the field's own label, in both languages. */
const EXTRA_NAMES: Record<string, string[]> = {
  name: ['member name', 'full name', '회원명', '성명', '고객명'],
  phone_number: ['phone', 'mobile', 'tel', 'telephone', 'phone no', '전화', '연락처', '휴대폰', '핸드폰', '휴대전화'],
  company_name: ['company', 'organisation', 'organization', '회사', '회사명', '소속'],
  groups: ['group', '그룹'],
  levels: ['level', '등급', '레벨'],
};

const BUILT_IN: BuiltInImportField[] = [
  { key: 'name', labelId: 'member.field.name', required: true },
  { key: 'phone_number', labelId: 'member.field.phone_number', required: true },
  { key: 'company_name', labelId: 'member.field.company_name', required: false },
  { key: 'groups', labelId: 'member.field.groups', required: false },
  { key: 'levels', labelId: 'member.field.levels', required: false },
];

/**
 * The columns a member import can fill: the built-in fields and one per custom field of the company.
 * The export writes the same labels, so an exported file imports again without remapping.
 */
export function memberImportFields(settings: MemberSettings): ImportFieldSpec[] {
  return importFieldSpecs(BUILT_IN, EXTRA_NAMES, settings.custom_fields);
}
