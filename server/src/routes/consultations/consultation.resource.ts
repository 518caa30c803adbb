import { consultationContract } from '../../../../src/api/contracts/consultation.contract';
import { isMobileNumber } from '../../../../src/api/contracts/member.contract';
import { customFieldValues } from '../../../../src/api/contracts/setting-contracts';
import { consultations } from '../../db/schema';
import { normalisePhoneNumber } from '../../lib/phone';
import { defineServerResource } from '../../resources/resource-definition';
import { checkConsultation } from './consultation-checks';
import { withAgentAndMemberNames } from './consultation-related';
import { consultationFilters, consultationSearch } from './consultation-search';
import { CONSULTATION_SETTINGS_USE } from '../../db/settings-lock';
import { consultationExportSheet } from '../../services/export/consultation-export';

/**
 * Consultations on the server: the shared contract plus its table, normalisation, checks and the names
 * of the agent and member. The Excel import (`consultation/import`) writes through this definition too
 * (docs/consultations.md, "For the import").
 */
export const consultationResource = defineServerResource({
  contract: consultationContract,
  table: consultations,
  settingsLock: CONSULTATION_SETTINGS_USE,
  // The import's columns, so an exported file imports again unchanged (docs/import-export.md).
  exportQuery: consultationExportSheet,
  exportFileName: 'consultations',
  toRecord: (row) => ({
    id: row.id,
    member_id: row.memberId,
    member_name: null,
    agent_id: row.agentId,
    agent_name: null,
    call_uniqueid: row.callUniqueid,
    phone_number: row.phoneNumber,
    is_mobile: isMobileNumber(row.phoneNumber),
    direction: row.direction,
    title: row.title,
    content: row.content,
    inquiry: row.inquiry,
    department: row.department,
    big_category: row.bigCategory,
    small_category: row.smallCategory,
    custom_fields: customFieldValues(row.customFields),
    treatment_result: row.treatmentResult,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  // The one place a consultation's number is normalised on write, with the members' function.
  toValues: (input) => ({
    memberId: input.member_id,
    callUniqueid: input.call_uniqueid,
    phoneNumber: normalisePhoneNumber(input.phone_number),
    direction: input.direction,
    title: input.title,
    content: input.content,
    inquiry: input.inquiry,
    department: input.department,
    bigCategory: input.big_category,
    smallCategory: input.small_category,
    customFields: customFieldValues(input.custom_fields),
    treatmentResult: input.treatment_result,
  }),
  // The author is whoever stores it; an update never changes it.
  stampOnCreate: (actor) => ({ agentId: actor.userId }),
  sortColumns: {
    created_at: consultations.createdAt,
    id: consultations.id,
    updated_at: consultations.updatedAt,
    title: consultations.title,
    treatment_result: consultations.treatmentResult,
    big_category: consultations.bigCategory,
    phone_number: consultations.phoneNumber,
  },
  search: consultationSearch,
  filters: consultationFilters,
  validate: checkConsultation,
  enrich: withAgentAndMemberNames,
});
