import { and, eq, sql } from 'drizzle-orm';
import type { CompanyScope } from '../../db/company-scope';
import { consultationBigCategories, consultations } from '../../db/schema';

/**
 * What a consultation setting's rename or delete does to the consultations that use it (specification
 * §5: existing records change too). Each runs inside the setting's own write transaction, within its
 * company. `updated_at` is left alone: it says when someone last edited the consultation, and a
 * configuration rename is not that.
 *
 * Deleting an inquiry, department or category leaves past consultations as they were written: history
 * is not rewritten, and the consultation still says what was chosen at the time.
 */

type NameColumn = 'inquiry' | 'department' | 'bigCategory';

export const renameConsultationName = (column: NameColumn) => async (scope: CompanyScope, from: string, to: string) => {
  await scope.db
    .update(consultations)
    .set({ [column]: to })
    .where(scope.where(consultations, eq(consultations[column], from)));
};

/**
 * A small category name is only meaningful within its big category ("Other" may sit under several), so
 * only consultations with that big category change. A small category moved to another big category
 * keeps past consultations under the pair they were written with.
 */
export async function renameSmallCategory(
  scope: CompanyScope,
  from: string,
  to: string,
  rows: { before: { bigCategoryId: number }; after: { bigCategoryId: number } },
): Promise<void> {
  if (rows.before.bigCategoryId !== rows.after.bigCategoryId) return;
  const [big] = await scope.findMany(consultationBigCategories, eq(consultationBigCategories.id, rows.before.bigCategoryId));
  if (!big) return;
  await scope.db
    .update(consultations)
    .set({ smallCategory: to })
    .where(scope.where(consultations, and(eq(consultations.bigCategory, big.name), eq(consultations.smallCategory, from))));
}

/** Moves each consultation's value from the old key to the new one inside `custom_fields`. */
export async function renameConsultationCustomFieldKey(scope: CompanyScope, from: string, to: string): Promise<void> {
  await scope.db
    .update(consultations)
    .set({
      customFields: sql`(${consultations.customFields} - ${from}::text) || jsonb_build_object(${to}::text, ${consultations.customFields} -> ${from}::text)`,
    })
    .where(scope.where(consultations, sql`${consultations.customFields} ? ${from}::text`));
}

/**
 * A deleted custom field takes its values with it (as for members): the consultation form could no
 * longer show or validate them, and an orphan key would block saving the consultation again.
 */
export async function removeConsultationCustomFieldKey(scope: CompanyScope, row: { name: string }): Promise<void> {
  await scope.db
    .update(consultations)
    .set({ customFields: sql`${consultations.customFields} - ${row.name}::text` })
    .where(scope.where(consultations, sql`${consultations.customFields} ? ${row.name}::text`));
}
