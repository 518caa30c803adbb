import { memberCustomFieldContract, memberGroupContract, memberLevelContract } from '../../api/contracts/member-settings.contract';
import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '../../api/contracts/setting-contracts';
import { defineResourceView, type ResourceOption } from '../../ui/resource/resource-view';
import { formatDate } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

/**
 * /configuration/members/*: three small definitions over one shape. Their contracts carry
 * `renameField: 'name'`, so the generic form asks for the rename confirmation of specification §5.
 */

const createdColumn = { key: 'created_at', labelId: 'member_settings.field.created_at', sortField: 'created_at', render: (r: { created_at: string }) => formatDate(r.created_at) } as const;
const common = {
  searchPlaceholderId: 'member_settings.search_placeholder',
  deleteConfirmId: 'member_settings.delete_confirm',
  emptyValues: () => ({ name: '' }),
  describe: (record: { name: string }) => record.name,
} as const;

export const memberGroupView = defineResourceView({
  ...common,
  contract: memberGroupContract,
  nounId: 'member_group.noun',
  columns: [{ key: 'name', labelId: 'member_group.field.name', sortField: 'name' }, createdColumn],
  fields: [{ kind: 'text', name: 'name', labelId: 'member_group.field.name', required: true }],
  toFormValues: (record) => ({ name: record.name }),
});

export const memberLevelView = defineResourceView({
  ...common,
  contract: memberLevelContract,
  nounId: 'member_level.noun',
  columns: [{ key: 'name', labelId: 'member_level.field.name', sortField: 'name' }, createdColumn],
  fields: [{ kind: 'text', name: 'name', labelId: 'member_level.field.name', required: true }],
  toFormValues: (record) => ({ name: record.name }),
});

const TYPE_LABELS: Record<CustomFieldType, MessageId> = {
  text: 'custom_field_type.text',
  number: 'custom_field_type.number',
  date: 'custom_field_type.date',
};
function FieldTypeLabel({ labelId }: { labelId: MessageId }) {
  const t = useT();
  return <>{t(labelId)}</>;
}

const TYPE_OPTIONS: ResourceOption[] = CUSTOM_FIELD_TYPES.map((value) => ({ value, labelId: TYPE_LABELS[value] }));

export const memberCustomFieldView = defineResourceView({
  ...common,
  contract: memberCustomFieldContract,
  nounId: 'member_custom_field.noun',
  columns: [
    { key: 'name', labelId: 'member_custom_field.field.name', sortField: 'name' },
    { key: 'field_type', labelId: 'member_custom_field.field.field_type', sortField: 'field_type', render: (r) => <FieldTypeLabel labelId={TYPE_LABELS[r.field_type]} /> },
    createdColumn,
  ],
  fields: [
    { kind: 'text', name: 'name', labelId: 'member_custom_field.field.name', required: true },
    { kind: 'select', name: 'field_type', labelId: 'member_custom_field.field.field_type', required: true, useOptions: () => TYPE_OPTIONS },
  ],
  filters: [{ name: 'field_type', labelId: 'member_custom_field.field.field_type', useOptions: () => TYPE_OPTIONS }],
  emptyValues: () => ({ name: '', field_type: 'text' }),
  toFormValues: (record) => ({ name: record.name, field_type: record.field_type }),
});
