import { z } from 'zod';
import { defineResourceContract, type RecordOf } from '../resources/resource-contract';
import { recordIdNumber } from './input-bounds';
import { customFieldContract, customFieldSettingSchema, namedSettingContract, settingsAccess, settingTimestamps } from './setting-contracts';

/**
 * Consultation configuration (specification §2 /configuration/consultation/*): inquiry types,
 * departments, big and small categories and custom fields. Consultations hold the names (not ids), as
 * members hold their group names, so renaming one renames it inside every consultation that uses it
 * (`renameField`, specification §5) in the same transaction; deleting one leaves past consultations as
 * they were written (docs/consultations.md).
 */

const SETTINGS_ACCESS = settingsAccess('consultations');

/** Writes to any setting make the consultation form's settings (`consultation/get-settings`) and the records stale. */
const STALE_AFTER_SETTING_WRITE = ['consultation'] as const;

export const consultationInquiryContract = namedSettingContract('consultation-inquiry', 'validation.inquiry_name_required', { access: SETTINGS_ACCESS, invalidates: STALE_AFTER_SETTING_WRITE });
export const consultationDepartmentContract = namedSettingContract('consultation-department', 'validation.department_name_required', { access: SETTINGS_ACCESS, invalidates: STALE_AFTER_SETTING_WRITE });
// Deleting a big category deletes its small categories, so the small list goes stale too.
export const consultationBigCategoryContract = namedSettingContract('consultation-big-category', 'validation.big_category_name_required', {
  access: SETTINGS_ACCESS,
  invalidates: [...STALE_AFTER_SETTING_WRITE, 'consultation-small-category'],
});

export const consultationSmallCategorySchema = z.object({
  id: z.number().int(),
  big_category_id: z.number().int(),
  /** The big category's name, for lists and forms. */
  big_category: z.string(),
  name: z.string(),
  ...settingTimestamps,
});

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * Specification §5: the big category must be chosen first, the small name is required, and one
 * combined message covers both missing. Both fields are optional in the shape so the object-level
 * check below always runs and can choose between the three messages; the combined one goes under the
 * big category, the field to fill first.
 */
export const consultationSmallCategoryInputSchema = z
  .object({
    big_category_id: z.preprocess(blankToUndefined, recordIdNumber('validation.small_category_big_required').optional()),
    name: z.string().trim().max(100, 'validation.name_too_long').optional(),
  })
  .superRefine((value, ctx) => {
    const noBig = value.big_category_id === undefined;
    const noName = !value.name;
    if (noBig && noName) ctx.addIssue({ code: 'custom', path: ['big_category_id'], message: 'validation.small_category_big_and_name_required' });
    else if (noBig) ctx.addIssue({ code: 'custom', path: ['big_category_id'], message: 'validation.small_category_big_required' });
    else if (noName) ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.small_category_name_required' });
  });

export const consultationSmallCategoryContract = defineResourceContract({
  entity: 'consultation-small-category',
  path: 'consultation-small-category',
  record: consultationSmallCategorySchema,
  input: consultationSmallCategoryInputSchema,
  filters: { big_category_id: recordIdNumber('validation.invalid_value') },
  sortFields: ['name', 'id', 'big_category_id', 'created_at'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: SETTINGS_ACCESS,
  renameField: 'name',
  invalidates: STALE_AFTER_SETTING_WRITE,
  routes: { all: true },
});

export const consultationCustomFieldContract = customFieldContract('consultation-custom-field', { access: SETTINGS_ACCESS, invalidates: STALE_AFTER_SETTING_WRITE });

/** `consultation/get-settings`: everything a consultation form and the list's filters need, in one call. */
export const consultationSettingsSchema = z.object({
  inquiries: z.array(z.string()),
  departments: z.array(z.string()),
  big_categories: z.array(z.object({ name: z.string(), small_categories: z.array(z.string()) })),
  custom_fields: z.array(customFieldSettingSchema),
  /** The company's agents and managers, for the agent filter. */
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export type ConsultationNamedSetting = RecordOf<typeof consultationInquiryContract>;
export type ConsultationSmallCategory = z.infer<typeof consultationSmallCategorySchema>;
export type ConsultationCustomField = RecordOf<typeof consultationCustomFieldContract>;
export type ConsultationSettings = z.infer<typeof consultationSettingsSchema>;
