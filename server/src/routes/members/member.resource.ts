import { isMobileNumber, memberContract } from '../../../../src/api/contracts/member.contract';
import { customFieldValues } from '../../../../src/api/contracts/setting-contracts';
import { members } from '../../db/schema';
import { normalisePhoneNumber } from '../../lib/phone';
import { defineServerResource } from '../../resources/resource-definition';
import { memberFilters, memberSearch } from './member-search';
import { checkMemberAgainstSettings } from '../../services/members/member-settings';
import { MEMBER_SETTINGS_USE } from '../../db/settings-lock';
import { memberExportSheet } from '../../services/export/member-export';

const unique = (names: readonly string[]) => [...new Set(names)];

/** Members on the server: the shared contract plus its table, normalisation and checks. */
export const memberResource = defineServerResource({
  contract: memberContract,
  table: members,
  settingsLock: MEMBER_SETTINGS_USE,
  // The import's columns, so an exported file imports again unchanged (docs/import-export.md).
  exportQuery: memberExportSheet,
  exportFileName: 'members',
  toRecord: (row) => ({
    id: row.id,
    name: row.name,
    phone_number: row.phoneNumber,
    company_name: row.companyName,
    groups: row.groups,
    levels: row.levels,
    custom_fields: customFieldValues(row.customFields),
    is_mobile: isMobileNumber(row.phoneNumber),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  // The one place a member's number is normalised on write (lookups normalise with the same function).
  toValues: (input) => ({
    name: input.name,
    phoneNumber: normalisePhoneNumber(input.phone_number),
    companyName: input.company_name,
    groups: unique(input.groups),
    levels: unique(input.levels),
    customFields: customFieldValues(input.custom_fields),
  }),
  sortColumns: {
    id: members.id,
    name: members.name,
    phone_number: members.phoneNumber,
    company_name: members.companyName,
    created_at: members.createdAt,
    updated_at: members.updatedAt,
  },
  search: memberSearch,
  filters: memberFilters,
  validate: (scope, values) => checkMemberAgainstSettings(scope, values),
});
