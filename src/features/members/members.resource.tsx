import { memberContract, PHONE_TYPES, type Member } from '../../api/contracts/member.contract';
import { useMemberSettings } from '../../api/resources/member-api';
import { openPopup } from '../../shell/popups/open-popup';
import { usePopup } from '../../shell/popups/popup-context';
import { allows } from '../../api/resources/resource-access';
import { ImportLinkButton } from '../../ui/import/import-link-button';
import { defineResourceView, type ListSlotContext, type ResourceOption, type RowAction } from '../../ui/resource/resource-view';
import { formatDate } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { CustomFieldsInput } from './custom-fields-input';
import { PhoneNumberCell } from './phone-number-cell';

/** The member settings as options for checkboxes and filters (names are data, shown as they are). */
const asOptions = (names: readonly string[] | undefined): ResourceOption[] => (names ?? []).map((name) => ({ value: name, label: name }));
const useGroupOptions = () => asOptions(useMemberSettings().data?.groups);
const useLevelOptions = () => asOptions(useMemberSettings().data?.levels);

const PHONE_TYPE_LABELS: Record<(typeof PHONE_TYPES)[number], MessageId> = {
  mobile: 'member.phone_type.mobile',
  other: 'member.phone_type.other',
};
const PHONE_TYPE_OPTIONS: ResourceOption[] = PHONE_TYPES.map((value) => ({ value, labelId: PHONE_TYPE_LABELS[value] }));

function memberActions(member: Member): RowAction<Member>[] {
  return [
    { key: 'outbound-history', labelId: 'member.outbound_history', icon: 'history', onClick: (m) => void openPopup('outbound-history', { id: m.id }) },
    {
      key: 'company-members',
      labelId: 'member.company_members',
      icon: 'office',
      onClick: (m) => void openPopup('outbound-company-list', { companyName: m.company_name ?? '' }),
      // Shown, greyed, for a member without a company, so every row's icons stand in the same places (QA).
      ...(member.company_name ? {} : { disabledReasonId: 'member.no_company_name' as const }),
    },
  ];
}

/** The import screen belongs in the main window: a members list inside a pop-up offers no link to it. */
function MemberImportLink() {
  return usePopup() ? null : <ImportLinkButton to="/member/import" />;
}

/** Import (`members`); the export (`member_export`) is the list's own, from the contract. */
function memberToolbar({ subject }: ListSlotContext<typeof memberContract>) {
  return allows(subject, memberContract.access.create) ? <MemberImportLink /> : null;
}

/** Members (specification §3): the one definition the members list, form, detail and pop-ups draw from. */
export const memberView = defineResourceView({
  contract: memberContract,
  nounId: 'member.noun',
  searchPlaceholderId: 'member.search_placeholder',
  // The company's columns (/configuration/custom-tables/members) unless the user changes them here.
  customTable: 'members',
  columns: [
    { key: 'name', labelId: 'member.field.name', sortField: 'name' },
    {
      key: 'phone_number',
      labelId: 'member.field.phone_number',
      sortField: 'phone_number',
      render: (m) => <PhoneNumberCell phoneNumber={m.phone_number} isMobile={m.is_mobile} />,
    },
    { key: 'company_name', labelId: 'member.field.company_name', sortField: 'company_name' },
    { key: 'groups', labelId: 'member.field.groups' },
    { key: 'levels', labelId: 'member.field.levels' },
    { key: 'custom_fields', labelId: 'member.field.custom_fields', defaultHidden: true },
    { key: 'created_at', labelId: 'member.field.created_at', sortField: 'created_at', render: (m) => formatDate(m.created_at) },
    { key: 'updated_at', labelId: 'member.field.updated_at', sortField: 'updated_at', defaultHidden: true, render: (m) => formatDate(m.updated_at) },
  ],
  fields: [
    { kind: 'text', name: 'name', labelId: 'member.field.name', required: true },
    { kind: 'tel', name: 'phone_number', labelId: 'member.field.phone_number', required: true },
    { kind: 'text', name: 'company_name', labelId: 'member.field.company_name' },
    { kind: 'checkboxes', name: 'groups', labelId: 'member.field.groups', useOptions: useGroupOptions },
    { kind: 'checkboxes', name: 'levels', labelId: 'member.field.levels', useOptions: useLevelOptions },
    { kind: 'custom', name: 'custom_fields', labelId: 'member.field.custom_fields', render: (props) => <CustomFieldsInput {...props} /> },
  ],
  filters: [
    { name: 'group', labelId: 'member.group_filter', useOptions: useGroupOptions },
    { name: 'level', labelId: 'member.level_filter', useOptions: useLevelOptions },
    { name: 'phone_type', labelId: 'member.phone_type', useOptions: () => PHONE_TYPE_OPTIONS },
  ],
  emptyValues: () => ({ name: '', phone_number: '', company_name: '', groups: [], levels: [], custom_fields: {} }),
  toFormValues: (m) => ({
    name: m.name,
    phone_number: m.phone_number,
    company_name: m.company_name ?? '',
    groups: m.groups,
    levels: m.levels,
    custom_fields: m.custom_fields,
  }),
  describe: (m) => m.name,
  slots: { rowActions: memberActions, toolbar: memberToolbar },
});
