import { z } from 'zod';
import { defineResourceContract, type AccessRule } from '../resources/resource-contract';
import { customFieldTypeSchema } from './member-settings.contract';

/**
 * Consultation configuration (specification §2 /configuration/consultation/*): inquiry types,
 * departments, big and small categories and custom fields. Consultations hold the names (not ids), as
 * members hold their group names, so renaming one renames it inside every consultation that uses it
 * (`renameField`, specification §5) in the same transaction; deleting one leaves past consultations as
 * they were written (docs/consultations.md).
 */

/** Configuration is manager-only, like every /configuration screen; whoever writes consultations reads it. */
const MANAGER_ONLY: AccessRule = { roles: ['manager'] };
const SETTINGS_ACCESS = {
  read: { permission: 'consultations' },
  create: MANAGER_ONLY,
  update: MANAGER_ONLY,
  delete: MANAGER_ONLY,
} as const satisfies Record<string, AccessRule>;

const timestamps = { created_at: z.string(), updated_at: z.string() };

type NameRequiredId =
  | 'validation.inquiry_name_required'
  | 'validation.department_name_required'
  | 'validation.big_category_name_required'
  | 'validation.custom_field_name_required';

/** A name in the settings; 100 characters is plenty for a label shown in a select or a table cell. */
const settingName = (requiredId: NameRequiredId) =>
  z.string({ error: requiredId }).trim().min(1, requiredId).max(100, 'validation.name_too_long');

const namedSettingSchema = z.object({ id: z.number().int(), name: z.string(), ...timestamps });

/** The three settings that are just a name share one shape; only their messages and paths differ. */
function namedSettingContract<const Entity extends string>(entity: Entity, requiredId: NameRequiredId, invalidates: readonly string[]) {
  return defineResourceContract({
    entity,
    path: entity,
    record: namedSettingSchema,
    input: z.object({ name: settingName(requiredId) }),
    filters: {},
    sortFields: ['name', 'id', 'created_at'],
    defaultSort: { sort_by: 'name', sort_order: 'asc' },
    searchable: true,
    access: SETTINGS_ACCESS,
    renameField: 'name',
    invalidates,
    routes: { all: true },
  });
}

/** Writes to any setting make the consultation form's settings (`consultation/get-settings`) and the records stale. */
const STALE_AFTER_SETTING_WRITE = ['consultation'] as const;

export const consultationInquiryContract = namedSettingContract('consultation-inquiry', 'validation.inquiry_name_required', STALE_AFTER_SETTING_WRITE);
export const consultationDepartmentContract = namedSettingContract('consultation-department', 'validation.department_name_required', STALE_AFTER_SETTING_WRITE);
// Deleting a big category deletes its small categories, so the small list goes stale too.
export const consultationBigCategoryContract = namedSettingContract('consultation-big-category', 'validation.big_category_name_required', [
  ...STALE_AFTER_SETTING_WRITE,
  'consultation-small-category',
]);

export const consultationSmallCategorySchema = z.object({
  id: z.number().int(),
  big_category_id: z.number().int(),
  /** The big category's name, for lists and forms. */
  big_category: z.string(),
  name: z.string(),
  ...timestamps,
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
    big_category_id: z.preprocess(blankToUndefined, z.coerce.number({ error: 'validation.small_category_big_required' }).int().positive().optional()),
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
  filters: { big_category_id: z.coerce.number({ error: 'validation.invalid_value' }).int().positive() },
  sortFields: ['name', 'id', 'big_category_id', 'created_at'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: SETTINGS_ACCESS,
  renameField: 'name',
  invalidates: STALE_AFTER_SETTING_WRITE,
  routes: { all: true },
});

export const consultationCustomFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: customFieldTypeSchema,
  ...timestamps,
});

export const consultationCustomFieldContract = defineResourceContract({
  entity: 'consultation-custom-field',
  path: 'consultation-custom-field',
  record: consultationCustomFieldSchema,
  input: z.object({ name: settingName('validation.custom_field_name_required'), field_type: customFieldTypeSchema.default('text') }),
  filters: { field_type: customFieldTypeSchema },
  sortFields: ['name', 'id', 'field_type', 'created_at'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: SETTINGS_ACCESS,
  renameField: 'name',
  invalidates: STALE_AFTER_SETTING_WRITE,
  routes: { all: true },
});

/** `consultation/get-settings`: everything a consultation form and the list's filters need, in one call. */
export const consultationSettingsSchema = z.object({
  inquiries: z.array(z.string()),
  departments: z.array(z.string()),
  big_categories: z.array(z.object({ name: z.string(), small_categories: z.array(z.string()) })),
  custom_fields: z.array(z.object({ name: z.string(), field_type: customFieldTypeSchema })),
  /** The company's agents and managers, for the agent filter. */
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export type ConsultationNamedSetting = z.infer<typeof namedSettingSchema>;
export type ConsultationSmallCategory = z.infer<typeof consultationSmallCategorySchema>;
export type ConsultationCustomField = z.infer<typeof consultationCustomFieldSchema>;
export type ConsultationSettings = z.infer<typeof consultationSettingsSchema>;
