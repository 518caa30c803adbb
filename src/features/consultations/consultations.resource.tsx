import { consultationContract, type Consultation } from '../../api/contracts/consultation.contract';
import { allows } from '../../api/resources/resource-access';
import { consultationPopupParams } from '../../shell/popups/open-consultation';
import { openPopup } from '../../shell/popups/open-popup';
import { CALL_DIRECTION_OPTIONS, TREATMENT_RESULT_OPTIONS } from '../../ui/consultation/consultation-labels';
import { consultationCallFields, consultationCallView } from '../../ui/consultation/consultation-view';
import { useConsultationSettings } from '../../ui/consultation/use-consultation-settings';
import { ImportLinkButton } from '../../ui/import/import-link-button';
import { defineResourceView, type ListSlotContext, type ResourceOption, type RowAction } from '../../ui/resource/resource-view';
import { MemberForNumberField } from './member-for-number-field';

/**
 * /consultations/consultations: the shared consultation definition (src/ui/consultation) plus what the
 * list needs beyond a call pop-up: the contact (number, member, direction) in the form, the filters of
 * issue 4 item 4, and continuing a consultation with an outbound call.
 */

const names = (list: readonly string[] | undefined): ResourceOption[] => (list ?? []).map((name) => ({ value: name, label: name }));
const useAgentOptions = (): ResourceOption[] => (useConsultationSettings().data?.agents ?? []).map((a) => ({ value: String(a.id), label: a.name }));
const useInquiryOptions = () => names(useConsultationSettings().data?.inquiries);
const useDepartmentOptions = () => names(useConsultationSettings().data?.departments);
const useBigCategoryOptions = () => names(useConsultationSettings().data?.big_categories.map((b) => b.name));
/** The small categories of the chosen big category; without one, every small category name once. */
const useSmallCategoryOptions = (filters: Readonly<Record<string, unknown>>) => {
  const bigs = useConsultationSettings().data?.big_categories ?? [];
  const chosen = bigs.filter((b) => !filters.big_category || b.name === filters.big_category);
  return names([...new Set(chosen.flatMap((b) => b.small_categories))].sort());
};

/**
 * The outbound pop-up with this consultation open: call back and continue it. A consultation without a
 * member is continued the same way (member 0, as its other pop-ups are addressed), calling its number.
 */
function continueWithCall(consultation: Consultation): RowAction<Consultation>[] {
  if (!consultation.phone_number) return [];
  return [
    {
      key: 'continue-call',
      labelId: 'consultation.continue_call',
      icon: 'phone',
      onClick: (c) => void openPopup('edit-outbound', consultationPopupParams(c)),
    },
  ];
}

/** Import (`consultations`); the export (`consultation_export`) is the list's own, from the contract. */
function consultationToolbar({ subject }: ListSlotContext<typeof consultationContract>) {
  return allows(subject, consultationContract.access.create) ? <ImportLinkButton to="/consultations/import" /> : null;
}

export const consultationView = defineResourceView({
  ...consultationCallView,
  searchPlaceholderId: 'consultation.search_placeholder',
  fields: [
    { kind: 'tel', name: 'phone_number', labelId: 'consultation.field.phone_number', required: true },
    { kind: 'custom', name: 'member_id', labelId: 'consultation.field.member', render: (props) => <MemberForNumberField {...props} /> },
    { kind: 'select', name: 'direction', labelId: 'consultation.field.direction', required: true, useOptions: () => CALL_DIRECTION_OPTIONS },
    ...consultationCallFields,
  ],
  filters: [
    { kind: 'date', name: 'date_from', labelId: 'consultation.filter.date_from' },
    { kind: 'date', name: 'date_to', labelId: 'consultation.filter.date_to', notBefore: 'date_from' },
    { name: 'agent_id', labelId: 'consultation.field.agent', useOptions: useAgentOptions },
    { name: 'treatment_result', labelId: 'consultation.field.treatment_result', useOptions: () => TREATMENT_RESULT_OPTIONS },
    { name: 'direction', labelId: 'consultation.field.direction', useOptions: () => CALL_DIRECTION_OPTIONS },
    { name: 'big_category', labelId: 'consultation.field.big_category', useOptions: useBigCategoryOptions },
    { name: 'small_category', labelId: 'consultation.field.small_category', useOptions: useSmallCategoryOptions },
    { name: 'inquiry', labelId: 'consultation.field.inquiry', useOptions: useInquiryOptions },
    { name: 'department', labelId: 'consultation.field.department', useOptions: useDepartmentOptions },
  ],
  slots: { rowActions: continueWithCall, toolbar: consultationToolbar },
});
