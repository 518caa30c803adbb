import { customFieldValueProblem } from '../../../../src/api/contracts/setting-contracts';
import type { MessageId } from '../../../../src/i18n/message-ids';
import type { CompanyScope } from '../../db/company-scope';
import { memberCustomFields, memberGroups, memberLevels } from '../../db/schema';
import { FieldValidationError } from '../../lib/errors';

/** The company's member settings, as a member form needs them (`member/get-settings`). */
export async function loadMemberSettings(scope: CompanyScope) {
  const [groups, levels, fields] = await Promise.all([
    scope.findMany(memberGroups),
    scope.findMany(memberLevels),
    scope.findMany(memberCustomFields),
  ]);
  const byName = <R extends { name: string }>(rows: R[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));
  return {
    groups: byName(groups).map((g) => g.name),
    levels: byName(levels).map((l) => l.name),
    custom_fields: byName(fields).map((f) => ({ name: f.name, field_type: f.fieldType })),
  };
}

/**
 * A member may only use the groups, levels and custom fields its company configured: that is what makes
 * a rename reach every member that uses a name. Custom field values must fit the field's type.
 */
export async function checkMemberAgainstSettings(
  scope: CompanyScope,
  member: { groups?: string[]; levels?: string[]; customFields?: Record<string, unknown> },
): Promise<void> {
  const settings = await loadMemberSettings(scope);
  const errors: Record<string, MessageId[]> = {};
  if (member.groups?.some((name) => !settings.groups.includes(name))) errors.groups = ['validation.member_group_unknown'];
  if (member.levels?.some((name) => !settings.levels.includes(name))) errors.levels = ['validation.member_level_unknown'];
  const types = new Map(settings.custom_fields.map((f) => [f.name, f.field_type]));
  for (const [name, value] of Object.entries(member.customFields ?? {})) {
    const type = types.get(name);
    const problem = type && customFieldValueProblem(type, String(value));
    if (!type) errors.custom_fields = ['validation.member_custom_field_unknown'];
    else if (problem) errors[`custom_fields.${name}`] = [problem];
  }
  if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
}
