import type { ConsultationSettings } from '../../../../../src/api/contracts/consultation-settings.contract';
import { importFieldSpecs, type BuiltInImportField } from '../import-field-specs';
import type { ImportFieldSpec } from '../import-types';

/** Headers people give these columns besides the field's own label, in both languages. */
const EXTRA_NAMES: Record<string, string[]> = {
  phone_number: ['phone', 'tel', 'mobile', '전화', '연락처', '휴대폰', '핸드폰', '휴대전화'],
  title: ['subject', '제목'],
  content: ['memo', 'note', '내용', '상담내용', '메모'],
  direction: ['in/out', '수발신', '구분'],
  inquiry: ['문의', '문의유형'],
  department: ['부서'],
  big_category: ['category', '대분류'],
  small_category: ['subcategory', '소분류'],
  treatment_result: ['result', 'status', '처리결과', '처리상태'],
  agent: ['agent name', 'counselor', '상담원'],
  created_at: ['date', 'written at', '상담일', '상담일시', '작성일'],
};

const BUILT_IN: BuiltInImportField[] = [
  { key: 'phone_number', labelId: 'consultation.field.phone_number', required: true },
  { key: 'title', labelId: 'consultation.field.title', required: true },
  { key: 'big_category', labelId: 'consultation.field.big_category', required: true },
  { key: 'small_category', labelId: 'consultation.field.small_category', required: false },
  { key: 'inquiry', labelId: 'consultation.field.inquiry', required: false },
  { key: 'department', labelId: 'consultation.field.department', required: false },
  { key: 'direction', labelId: 'consultation.field.direction', required: false },
  { key: 'treatment_result', labelId: 'consultation.field.treatment_result', required: false },
  { key: 'content', labelId: 'consultation.field.content', required: false },
  { key: 'agent', labelId: 'consultation.field.agent', required: false },
  { key: 'created_at', labelId: 'consultation.field.created_at', required: false },
];

/**
 * The columns a consultation import can fill. Besides the form's fields: the agent (by name) and when it
 * was written, so a call-centre moving its history in keeps who and when. The export writes the same
 * labels, so an exported file imports again without remapping.
 */
export function consultationImportFields(settings: ConsultationSettings): ImportFieldSpec[] {
  return importFieldSpecs(BUILT_IN, EXTRA_NAMES, settings.custom_fields);
}
