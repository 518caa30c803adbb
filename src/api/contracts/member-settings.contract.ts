import { z } from 'zod';
import { defineResourceContract, type AccessRule } from '../resources/resource-contract';

/**
 * Member configuration (specification §2 /configuration/members/*): groups, levels and custom fields.
 * Members hold their names (not ids), so renaming one renames it inside every member that uses it
 * (`renameField`, specification §5) and deleting one removes it from them.
 */

/** Configuration is manager-only (docs/screens.md); reading the names is open to whoever may read members. */
const MANAGER_ONLY: AccessRule = { roles: ['manager'] };
const SETTINGS_ACCESS = {
  read: { permission: 'members' },
  create: MANAGER_ONLY,
  update: MANAGER_ONLY,
  delete: MANAGER_ONLY,
} as const satisfies Record<string, AccessRule>;

const timestamps = { created_at: z.string(), updated_at: z.string() };

/** A name in the settings; 100 characters is plenty for a label shown in a table cell. */
const settingName = (requiredId: 'validation.member_group_name_required' | 'validation.member_level_required' | 'validation.custom_field_name_required') =>
  z.string({ error: requiredId }).trim().min(1, requiredId).max(100, 'validation.name_too_long');

export const memberGroupSchema = z.object({ id: z.number().int(), name: z.string(), ...timestamps });
export const memberGroupInputSchema = z.object({ name: settingName('validation.member_group_name_required') });

export const memberGroupContract = defineResourceContract({
  entity: 'member-group',
  path: 'member-group',
  record: memberGroupSchema,
  input: memberGroupInputSchema,
  filters: {},
  sortFields: ['name', 'id', 'created_at'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: SETTINGS_ACCESS,
  renameField: 'name',
  invalidates: ['member'],
  routes: { all: true },
});

export const memberLevelSchema = z.object({ id: z.number().int(), name: z.string(), ...timestamps });
export const memberLevelInputSchema = z.object({ name: settingName('validation.member_level_required') });

export const memberLevelContract = defineResourceContract({
  entity: 'member-level',
  path: 'member-level',
  record: memberLevelSchema,
  input: memberLevelInputSchema,
  filters: {},
  sortFields: ['name', 'id', 'created_at'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: SETTINGS_ACCESS,
  renameField: 'name',
  invalidates: ['member'],
  routes: { all: true },
});

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date'] as const;
export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES, { error: 'validation.custom_field_type_invalid' });
export type CustomFieldType = z.infer<typeof customFieldTypeSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day, `YYYY-MM-DD`: Date would quietly roll 2020-02-30 over to March 1st. */
export const isCalendarDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/** Why a value does not fit a custom field type (the message under `custom_fields.<name>`). */
export type CustomFieldValueProblem = 'validation.member_custom_field_number' | 'validation.member_custom_field_date';

/**
 * The one check of a custom field value against its type, for member and consultation values alike:
 * the member and consultation writes use it, and so does a type change, which must not leave values its
 * new type refuses (they could then neither be shown in the typed input nor saved again).
 */
export function customFieldValueProblem(type: CustomFieldType, value: string): CustomFieldValueProblem | undefined {
  if (type === 'number' && !isNumber(value)) return 'validation.member_custom_field_number';
  if (type === 'date' && !isCalendarDate(value)) return 'validation.member_custom_field_date';
  return undefined;
}

export const memberCustomFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: customFieldTypeSchema,
  ...timestamps,
});
export const memberCustomFieldInputSchema = z.object({
  name: settingName('validation.custom_field_name_required'),
  field_type: customFieldTypeSchema.default('text'),
});

export const memberCustomFieldContract = defineResourceContract({
  entity: 'member-custom-field',
  path: 'member-custom-field',
  record: memberCustomFieldSchema,
  input: memberCustomFieldInputSchema,
  filters: { field_type: customFieldTypeSchema },
  sortFields: ['name', 'id', 'field_type', 'created_at'],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  searchable: true,
  access: SETTINGS_ACCESS,
  renameField: 'name',
  invalidates: ['member'],
  routes: { all: true },
});

/** `member/get-settings`: what a member form needs in one call. */
export const memberSettingsSchema = z.object({
  groups: z.array(z.string()),
  levels: z.array(z.string()),
  custom_fields: z.array(z.object({ name: z.string(), field_type: customFieldTypeSchema })),
});

export type MemberGroup = z.infer<typeof memberGroupSchema>;
export type MemberLevel = z.infer<typeof memberLevelSchema>;
export type MemberCustomField = z.infer<typeof memberCustomFieldSchema>;
export type MemberSettings = z.infer<typeof memberSettingsSchema>;
