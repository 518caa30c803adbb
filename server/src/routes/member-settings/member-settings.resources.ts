import { eq, ilike } from 'drizzle-orm';
import {
  memberCustomFieldContract,
  memberGroupContract,
  memberLevelContract,
} from '../../../../src/api/contracts/member-settings.contract';
import { memberCustomFields, memberGroups, memberLevels, members } from '../../db/schema';
import { MEMBER_SETTINGS_CHANGE } from '../../db/settings-lock';
import { defineServerResource } from '../../resources/resource-definition';
import { escapeLike } from '../members/member-search';
import { refuseUnfitTypeChange } from './custom-field-type-change';
import {
  removeCustomFieldKey,
  removeFromNameList,
  renameCustomFieldKey,
  renameInNameList,
} from './member-cascades';

const timestamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const memberGroupResource = defineServerResource({
  contract: memberGroupContract,
  table: memberGroups,
  settingsLock: MEMBER_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name }),
  sortColumns: { name: memberGroups.name, id: memberGroups.id, created_at: memberGroups.createdAt },
  search: (term) => ilike(memberGroups.name, `%${escapeLike(term)}%`),
  filters: {},
  unique: [{ field: 'name', column: memberGroups.name, messageId: 'validation.member_group_name_taken', valueOf: (v) => v.name }],
  onRename: [renameInNameList('groups')],
  onDelete: [removeFromNameList('groups')],
});

export const memberLevelResource = defineServerResource({
  contract: memberLevelContract,
  table: memberLevels,
  settingsLock: MEMBER_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name }),
  sortColumns: { name: memberLevels.name, id: memberLevels.id, created_at: memberLevels.createdAt },
  search: (term) => ilike(memberLevels.name, `%${escapeLike(term)}%`),
  filters: {},
  unique: [{ field: 'name', column: memberLevels.name, messageId: 'validation.member_level_name_taken', valueOf: (v) => v.name }],
  onRename: [renameInNameList('levels')],
  onDelete: [removeFromNameList('levels')],
});

export const memberCustomFieldResource = defineServerResource({
  contract: memberCustomFieldContract,
  table: memberCustomFields,
  settingsLock: MEMBER_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, field_type: row.fieldType, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name, fieldType: input.field_type }),
  sortColumns: {
    name: memberCustomFields.name,
    id: memberCustomFields.id,
    field_type: memberCustomFields.fieldType,
    created_at: memberCustomFields.createdAt,
  },
  search: (term) => ilike(memberCustomFields.name, `%${escapeLike(term)}%`),
  filters: { field_type: (value) => eq(memberCustomFields.fieldType, value) },
  unique: [{ field: 'name', column: memberCustomFields.name, messageId: 'validation.custom_field_name_taken', valueOf: (v) => v.name }],
  validate: refuseUnfitTypeChange({
    table: members,
    customFields: members.customFields,
    messages: {
      'validation.member_custom_field_number': 'validation.member_custom_field_type_not_number',
      'validation.member_custom_field_date': 'validation.member_custom_field_type_not_date',
    },
  }),
  onRename: [renameCustomFieldKey],
  onDelete: [removeCustomFieldKey],
});
