import { eq, ilike, inArray } from 'drizzle-orm';
import {
  consultationBigCategoryContract,
  consultationCustomFieldContract,
  consultationDepartmentContract,
  consultationInquiryContract,
  consultationSmallCategoryContract,
} from '../../../../src/api/contracts/consultation-settings.contract';
import {
  consultationBigCategories,
  consultationCustomFields,
  consultationDepartments,
  consultationInquiries,
  consultationSmallCategories,
  consultations,
} from '../../db/schema';
import { CONSULTATION_SETTINGS_CHANGE } from '../../db/settings-lock';
import { fieldError } from '../../lib/errors';
import { defineServerResource } from '../../resources/resource-definition';
import { refuseUnfitTypeChange } from '../member-settings/custom-field-type-change';
import { escapeLike } from '../members/member-search';
import {
  removeConsultationCustomFieldKey,
  renameConsultationCustomFieldKey,
  renameConsultationName,
  renameSmallCategory,
} from './consultation-cascades';

/** /configuration/consultation/*: five definitions; see docs/consultations.md for what a rename or delete does. */

const timestamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const consultationInquiryResource = defineServerResource({
  contract: consultationInquiryContract,
  table: consultationInquiries,
  settingsLock: CONSULTATION_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name }),
  sortColumns: { name: consultationInquiries.name, id: consultationInquiries.id, created_at: consultationInquiries.createdAt },
  search: (term) => ilike(consultationInquiries.name, `%${escapeLike(term)}%`),
  filters: {},
  unique: [{ field: 'name', column: consultationInquiries.name, messageId: 'validation.inquiry_name_taken', valueOf: (v) => v.name }],
  onRename: [renameConsultationName('inquiry')],
});

export const consultationDepartmentResource = defineServerResource({
  contract: consultationDepartmentContract,
  table: consultationDepartments,
  settingsLock: CONSULTATION_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name }),
  sortColumns: { name: consultationDepartments.name, id: consultationDepartments.id, created_at: consultationDepartments.createdAt },
  search: (term) => ilike(consultationDepartments.name, `%${escapeLike(term)}%`),
  filters: {},
  unique: [{ field: 'name', column: consultationDepartments.name, messageId: 'validation.department_name_taken', valueOf: (v) => v.name }],
  onRename: [renameConsultationName('department')],
});

/** Its small categories go with it (foreign key ON DELETE CASCADE); past consultations keep both names. */
export const consultationBigCategoryResource = defineServerResource({
  contract: consultationBigCategoryContract,
  table: consultationBigCategories,
  settingsLock: CONSULTATION_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name }),
  sortColumns: { name: consultationBigCategories.name, id: consultationBigCategories.id, created_at: consultationBigCategories.createdAt },
  search: (term) => ilike(consultationBigCategories.name, `%${escapeLike(term)}%`),
  filters: {},
  unique: [{ field: 'name', column: consultationBigCategories.name, messageId: 'validation.big_category_name_taken', valueOf: (v) => v.name }],
  onRename: [renameConsultationName('bigCategory')],
});

export const consultationSmallCategoryResource = defineServerResource({
  contract: consultationSmallCategoryContract,
  table: consultationSmallCategories,
  settingsLock: CONSULTATION_SETTINGS_CHANGE,
  // The big category's name comes from `enrich`, one query per page.
  toRecord: (row) => ({ id: row.id, big_category_id: row.bigCategoryId, big_category: '', name: row.name, ...timestamps(row) }),
  // The input's own check guarantees both (the combined message of specification §5 otherwise).
  toValues: (input) => ({ bigCategoryId: input.big_category_id as number, name: input.name as string }),
  sortColumns: {
    name: consultationSmallCategories.name,
    id: consultationSmallCategories.id,
    big_category_id: consultationSmallCategories.bigCategoryId,
    created_at: consultationSmallCategories.createdAt,
  },
  search: (term) => ilike(consultationSmallCategories.name, `%${escapeLike(term)}%`),
  filters: { big_category_id: (value) => eq(consultationSmallCategories.bigCategoryId, value) },
  unique: [
    {
      field: 'name',
      column: consultationSmallCategories.name,
      messageId: 'validation.small_category_name_taken',
      valueOf: (v) => v.name,
      alsoMatch: [{ column: consultationSmallCategories.bigCategoryId, valueOf: (v) => v.bigCategoryId }],
    },
  ],
  // Another company's big category does not exist here: the same answer as a missing one.
  validate: async (scope, values) => {
    const [big] = await scope.findMany(consultationBigCategories, eq(consultationBigCategories.id, values.bigCategoryId as number));
    if (!big) throw fieldError('big_category_id', 'validation.small_category_big_unknown');
  },
  onRename: [renameSmallCategory],
  enrich: async (scope, records) => {
    const ids = [...new Set(records.map((r) => r.big_category_id))];
    const bigs = await scope.findMany(consultationBigCategories, inArray(consultationBigCategories.id, ids));
    const names = new Map(bigs.map((b) => [b.id, b.name]));
    return records.map((r) => ({ ...r, big_category: names.get(r.big_category_id) ?? '' }));
  },
});

export const consultationCustomFieldResource = defineServerResource({
  contract: consultationCustomFieldContract,
  table: consultationCustomFields,
  settingsLock: CONSULTATION_SETTINGS_CHANGE,
  toRecord: (row) => ({ id: row.id, name: row.name, field_type: row.fieldType, ...timestamps(row) }),
  toValues: (input) => ({ name: input.name, fieldType: input.field_type }),
  sortColumns: {
    name: consultationCustomFields.name,
    id: consultationCustomFields.id,
    field_type: consultationCustomFields.fieldType,
    created_at: consultationCustomFields.createdAt,
  },
  search: (term) => ilike(consultationCustomFields.name, `%${escapeLike(term)}%`),
  filters: { field_type: (value) => eq(consultationCustomFields.fieldType, value) },
  unique: [{ field: 'name', column: consultationCustomFields.name, messageId: 'validation.custom_field_name_taken', valueOf: (v) => v.name }],
  validate: refuseUnfitTypeChange({
    table: consultations,
    customFields: consultations.customFields,
    messages: {
      'validation.member_custom_field_number': 'validation.consultation_custom_field_type_not_number',
      'validation.member_custom_field_date': 'validation.consultation_custom_field_type_not_date',
    },
  }),
  onRename: [renameConsultationCustomFieldKey],
  onDelete: [removeConsultationCustomFieldKey],
});
