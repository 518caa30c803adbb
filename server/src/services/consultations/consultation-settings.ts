import { and, asc, isNull } from 'drizzle-orm';
import type { ConsultationSettings } from '../../../../src/api/contracts/consultation-settings.contract';
import type { CompanyScope } from '../../db/company-scope';
import {
  consultationBigCategories,
  consultationCustomFields,
  consultationDepartments,
  consultationInquiries,
  consultationSmallCategories,
  users,
} from '../../db/schema';

const byName = <R extends { name: string }>(rows: R[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The company's consultation settings as a form needs them (`consultation/get-settings`), and what
 * the write checks compare against. Small categories are listed under their big category.
 */
export async function loadConsultationSettings(scope: CompanyScope): Promise<ConsultationSettings> {
  const [inquiries, departments, bigs, smalls, fields, agents] = await Promise.all([
    scope.findMany(consultationInquiries),
    scope.findMany(consultationDepartments),
    scope.findMany(consultationBigCategories),
    scope.findMany(consultationSmallCategories),
    scope.findMany(consultationCustomFields),
    // Live users only: the agent filter offers who can still be asked about a consultation.
    scope.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(scope.where(users), isNull(users.deletedAt)))
      .orderBy(asc(users.name), asc(users.id)),
  ]);
  return {
    inquiries: byName(inquiries).map((r) => r.name),
    departments: byName(departments).map((r) => r.name),
    big_categories: byName(bigs).map((big) => ({
      name: big.name,
      small_categories: byName(smalls.filter((s) => s.bigCategoryId === big.id)).map((s) => s.name),
    })),
    custom_fields: byName(fields).map((f) => ({ name: f.name, field_type: f.fieldType })),
    agents,
  };
}
