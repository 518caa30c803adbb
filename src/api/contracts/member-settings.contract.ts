import { z } from 'zod';
import type { RecordOf } from '../resources/resource-contract';
import { customFieldContract, customFieldSettingSchema, namedSettingContract, settingsAccess } from './setting-contracts';

/**
 * Member configuration (specification §2 /configuration/members/*): groups, levels and custom fields.
 * Members hold their names (not ids), so renaming one renames it inside every member that uses it
 * (`renameField`, specification §5) and deleting one removes it from them.
 */

const options = { access: settingsAccess('members'), invalidates: ['member'] } as const;

export const memberGroupContract = namedSettingContract('member-group', 'validation.member_group_name_required', options);
export const memberLevelContract = namedSettingContract('member-level', 'validation.member_level_required', options);
export const memberCustomFieldContract = customFieldContract('member-custom-field', options);

/** `member/get-settings`: what a member form needs in one call. */
export const memberSettingsSchema = z.object({
  groups: z.array(z.string()),
  levels: z.array(z.string()),
  custom_fields: z.array(customFieldSettingSchema),
});

export type MemberGroup = RecordOf<typeof memberGroupContract>;
export type MemberLevel = RecordOf<typeof memberLevelContract>;
export type MemberCustomField = RecordOf<typeof memberCustomFieldContract>;
export type MemberSettings = z.infer<typeof memberSettingsSchema>;
