import { z } from 'zod';
import { defineResourceContract, type AccessRule, type ResourceOperation } from '../resources/resource-contract';

/**
 * What member and consultation configuration share (specification §2 /configuration/members/* and
 * /configuration/consultation/*): settings that are just a name (groups, levels, inquiries,
 * departments, big categories) and typed custom fields. Records hold the names, not ids, so renaming
 * one renames it inside every record that uses it (`renameField`, specification §5).
 */

/** Configuration is manager-only, like every /configuration screen; whoever may read the records reads it. */
export function settingsAccess(readPermission: NonNullable<AccessRule['permission']>): SettingsAccess {
  const managerOnly: AccessRule = { roles: ['manager'] };
  return { read: { permission: readPermission }, create: managerOnly, update: managerOnly, delete: managerOnly };
}
type SettingsAccess = Record<ResourceOperation, AccessRule>;

export const settingTimestamps = { created_at: z.string(), updated_at: z.string() };

export type SettingNameRequiredId =
  | 'validation.member_group_name_required'
  | 'validation.member_level_required'
  | 'validation.inquiry_name_required'
  | 'validation.department_name_required'
  | 'validation.big_category_name_required'
  | 'validation.custom_field_name_required';

/** A name in the settings; 100 characters is plenty for a label shown in a select or a table cell. */
const settingName = (requiredId: SettingNameRequiredId) =>
  z.string({ error: requiredId }).trim().min(1, requiredId).max(100, 'validation.name_too_long');

const namedSettingSchema = z.object({ id: z.number().int(), name: z.string(), ...settingTimestamps });

interface SettingContractOptions {
  access: SettingsAccess;
  /** Entities whose lists and forms a write makes stale. */
  invalidates: readonly string[];
}

/** What every setting does alike: listed by name, searchable, renamed into the records that use it. */
const settingBehaviour = (options: SettingContractOptions) =>
  ({
    defaultSort: { sort_by: 'name', sort_order: 'asc' },
    searchable: true,
    access: options.access,
    renameField: 'name',
    invalidates: options.invalidates,
    routes: { all: true },
  }) as const;

/** A setting that is just a name; only its messages, paths and access differ. */
export function namedSettingContract<const Entity extends string>(entity: Entity, requiredId: SettingNameRequiredId, options: SettingContractOptions) {
  return defineResourceContract({
    entity,
    path: entity,
    record: namedSettingSchema,
    input: z.object({ name: settingName(requiredId) }),
    filters: {},
    sortFields: ['name', 'id', 'created_at'],
    ...settingBehaviour(options),
  });
}

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date'] as const;
export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES, { error: 'validation.custom_field_type_invalid' });
export type CustomFieldType = z.infer<typeof customFieldTypeSchema>;

const customFieldSchema = z.object({ id: z.number().int(), name: z.string(), field_type: customFieldTypeSchema, ...settingTimestamps });

/** A typed custom field of members or consultations. */
export function customFieldContract<const Entity extends string>(entity: Entity, options: SettingContractOptions) {
  return defineResourceContract({
    entity,
    path: entity,
    record: customFieldSchema,
    input: z.object({ name: settingName('validation.custom_field_name_required'), field_type: customFieldTypeSchema.default('text') }),
    filters: { field_type: customFieldTypeSchema },
    sortFields: ['name', 'id', 'field_type', 'created_at'],
    ...settingBehaviour(options),
  });
}

/** A custom field as the forms and imports see it (the `get-settings` calls). */
export const customFieldSettingSchema = z.object({ name: z.string(), field_type: customFieldTypeSchema });

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

/** Custom field values as text; empty values are "not set" and are neither stored nor answered. */
export function customFieldValues(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && String(value) !== '') out[name] = String(value);
  }
  return out;
}
