import {
  consultationBigCategoryContract,
  consultationCustomFieldContract,
  consultationDepartmentContract,
  consultationInquiryContract,
  consultationSmallCategoryContract,
} from '../../api/contracts/consultation-settings.contract';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../../api/contracts/setting-contracts';
import { useResourceAll } from '../../api/resources/use-resource';
import { formatDate } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { defineResourceView, type ResourceOption } from '../../ui/resource/resource-view';

/**
 * /configuration/consultation/*: five definitions. Every contract carries `renameField: 'name'`, so the
 * generic form asks for the rename confirmation of specification §5 before a rename reaches the
 * consultations that use the name.
 */

const createdColumn = {
  key: 'created_at',
  labelId: 'consultation_settings.field.created_at',
  sortField: 'created_at',
  render: (r: { created_at: string }) => formatDate(r.created_at),
} as const;
const common = {
  searchPlaceholderId: 'consultation_settings.search_placeholder',
  deleteConfirmId: 'consultation_settings.delete_confirm',
  emptyValues: () => ({ name: '' }),
  toFormValues: (record: { name: string }) => ({ name: record.name }),
  describe: (record: { name: string }) => record.name,
} as const;

export const consultationInquiryView = defineResourceView({
  ...common,
  contract: consultationInquiryContract,
  nounId: 'consultation_inquiry.noun',
  columns: [{ key: 'name', labelId: 'consultation_inquiry.field.name', sortField: 'name' }, createdColumn],
  fields: [{ kind: 'text', name: 'name', labelId: 'consultation_inquiry.field.name', required: true }],
});

export const consultationDepartmentView = defineResourceView({
  ...common,
  contract: consultationDepartmentContract,
  nounId: 'consultation_department.noun',
  columns: [{ key: 'name', labelId: 'consultation_department.field.name', sortField: 'name' }, createdColumn],
  fields: [{ kind: 'text', name: 'name', labelId: 'consultation_department.field.name', required: true }],
});

export const consultationBigCategoryView = defineResourceView({
  ...common,
  contract: consultationBigCategoryContract,
  nounId: 'consultation_big_category.noun',
  deleteConfirmId: 'consultation_big_category.delete_confirm',
  columns: [{ key: 'name', labelId: 'consultation_big_category.field.name', sortField: 'name' }, createdColumn],
  fields: [{ kind: 'text', name: 'name', labelId: 'consultation_big_category.field.name', required: true }],
});

/** The big categories as choices: the value is the id, as the small category's input takes it. */
function useBigCategoryOptions(): ResourceOption[] {
  const { data } = useResourceAll(consultationBigCategoryContract, { sort_by: 'name' });
  return (data ?? []).map((big) => ({ value: String(big.id), label: big.name }));
}

export const consultationSmallCategoryView = defineResourceView({
  ...common,
  contract: consultationSmallCategoryContract,
  nounId: 'consultation_small_category.noun',
  columns: [
    { key: 'big_category', labelId: 'consultation_small_category.field.big_category' },
    { key: 'name', labelId: 'consultation_small_category.field.name', sortField: 'name' },
    createdColumn,
  ],
  // Specification §5: the big category comes first; the form's check names what is missing.
  fields: [
    { kind: 'select', name: 'big_category_id', labelId: 'consultation_small_category.field.big_category', required: true, useOptions: useBigCategoryOptions },
    { kind: 'text', name: 'name', labelId: 'consultation_small_category.field.name', required: true },
  ],
  filters: [{ name: 'big_category_id', labelId: 'consultation_small_category.field.big_category', useOptions: useBigCategoryOptions }],
  emptyValues: () => ({ big_category_id: '', name: '' }),
  toFormValues: (record) => ({ big_category_id: String(record.big_category_id), name: record.name }),
  describe: (record) => `${record.big_category} › ${record.name}`,
});

const TYPE_LABELS: Record<CustomFieldType, MessageId> = {
  text: 'custom_field_type.text',
  number: 'custom_field_type.number',
  date: 'custom_field_type.date',
};
const TYPE_OPTIONS: ResourceOption[] = CUSTOM_FIELD_TYPES.map((value) => ({ value, labelId: TYPE_LABELS[value] }));

function FieldTypeLabel({ type }: { type: CustomFieldType }) {
  const t = useT();
  return <>{t(TYPE_LABELS[type])}</>;
}

export const consultationCustomFieldView = defineResourceView({
  ...common,
  contract: consultationCustomFieldContract,
  nounId: 'consultation_custom_field.noun',
  deleteConfirmId: 'consultation_custom_field.delete_confirm',
  columns: [
    { key: 'name', labelId: 'consultation_custom_field.field.name', sortField: 'name' },
    { key: 'field_type', labelId: 'consultation_custom_field.field.field_type', sortField: 'field_type', render: (r) => <FieldTypeLabel type={r.field_type} /> },
    createdColumn,
  ],
  fields: [
    { kind: 'text', name: 'name', labelId: 'consultation_custom_field.field.name', required: true },
    { kind: 'select', name: 'field_type', labelId: 'consultation_custom_field.field.field_type', required: true, useOptions: () => TYPE_OPTIONS },
  ],
  filters: [{ name: 'field_type', labelId: 'consultation_custom_field.field.field_type', useOptions: () => TYPE_OPTIONS }],
  emptyValues: () => ({ name: '', field_type: 'text' }),
  toFormValues: (record) => ({ name: record.name, field_type: record.field_type }),
});
