import { eq } from 'drizzle-orm';
import { customFieldValueProblem } from '../../../../src/api/contracts/setting-contracts';
import type { MessageId } from '../../../../src/i18n/message-ids';
import type { CompanyScope } from '../../db/company-scope';
import { members, type ConsultationRow } from '../../db/schema';
import { FieldValidationError } from '../../lib/errors';
import { loadConsultationSettings } from '../../services/consultations/consultation-settings';

type ConsultationValues = Partial<Omit<ConsultationRow, 'id' | 'companyId'>>;

/**
 * A consultation uses the inquiry, department, categories and custom fields its company configured
 * (that is what lets a rename reach it), and the small category must belong to the chosen big one.
 * Only values that change are checked: a consultation written before a category was deleted can still
 * be edited without choosing a new one. The member must be one of the company's (another company's id
 * answers like a missing one).
 */
export async function checkConsultation(scope: CompanyScope, values: ConsultationValues, existing?: ConsultationRow): Promise<void> {
  const settings = await loadConsultationSettings(scope);
  const errors: Record<string, MessageId[]> = {};
  const changed = (key: keyof ConsultationValues) => !existing || existing[key as keyof ConsultationRow] !== values[key];

  if (values.inquiry && changed('inquiry') && !settings.inquiries.includes(values.inquiry)) errors.inquiry = ['validation.consultation_inquiry_unknown'];
  if (values.department && changed('department') && !settings.departments.includes(values.department)) {
    errors.department = ['validation.consultation_department_unknown'];
  }
  const big = settings.big_categories.find((b) => b.name === values.bigCategory);
  if (values.bigCategory && changed('bigCategory') && !big) errors.big_category = ['validation.consultation_big_category_unknown'];
  if (values.smallCategory && (changed('smallCategory') || changed('bigCategory')) && !big?.small_categories.includes(values.smallCategory)) {
    errors.small_category = ['validation.consultation_small_category_unknown'];
  }

  if (values.memberId && changed('memberId')) {
    const [member] = await scope.findMany(members, eq(members.id, values.memberId));
    if (!member) errors.member_id = ['validation.consultation_member_unknown'];
  }

  const types = new Map(settings.custom_fields.map((f) => [f.name, f.field_type]));
  for (const [name, value] of Object.entries(values.customFields ?? {})) {
    const type = types.get(name);
    const problem = type && customFieldValueProblem(type, String(value));
    if (!type) errors.custom_fields = ['validation.consultation_custom_field_unknown'];
    else if (problem) errors[`custom_fields.${name}`] = [problem];
  }
  if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
}
