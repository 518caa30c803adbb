import { consultationContract, type Consultation } from '../../api/contracts/consultation.contract';
import { formatDateTime } from '../../i18n/dates';
import { defineResourceView, type FieldProps, type FormValues, type ResourceColumn, type ResourceField } from '../resource/resource-view';
import { PhoneNumberLink } from '../telephony/phone-number-link';
import { BigCategorySelect, DepartmentSelect, InquirySelect, SmallCategorySelect } from './category-fields';
import { CallDirectionLabel, TREATMENT_RESULT_OPTIONS, TreatmentResultTag } from './consultation-labels';
import { ContentField } from './content-field';
import { CustomFieldInputs } from '../forms/custom-field-inputs';
import { useConsultationSettings } from './use-consultation-settings';

/**
 * The consultation's shared definition: the columns (keys of the `consultations` custom table) and the
 * fields an agent fills in about a call. It lives in src/ui because the call pop-ups (inbound and
 * outbound features) and the consultations feature both draw their form from it; the consultations
 * list adds the contact fields, filters and pop-ups on top (src/features/consultations).
 */


export const consultationColumns: readonly ResourceColumn<Consultation>[] = [
  { key: 'created_at', labelId: 'consultation.field.created_at', sortField: 'created_at', render: (c) => formatDateTime(c.created_at) },
  { key: 'title', labelId: 'consultation.field.title', sortField: 'title' },
  { key: 'member_name', labelId: 'consultation.field.member' },
  { key: 'phone_number', labelId: 'consultation.field.phone_number', sortField: 'phone_number', render: (c) => <PhoneNumberLink number={c.phone_number} testId={`phone-${c.id}`} /> },
  { key: 'direction', labelId: 'consultation.field.direction', render: (c) => <CallDirectionLabel value={c.direction} /> },
  { key: 'agent_name', labelId: 'consultation.field.agent' },
  { key: 'inquiry', labelId: 'consultation.field.inquiry' },
  { key: 'department', labelId: 'consultation.field.department' },
  { key: 'big_category', labelId: 'consultation.field.big_category', sortField: 'big_category' },
  { key: 'small_category', labelId: 'consultation.field.small_category' },
  { key: 'treatment_result', labelId: 'consultation.field.treatment_result', sortField: 'treatment_result', render: (c) => <TreatmentResultTag value={c.treatment_result} /> },
  { key: 'content', labelId: 'consultation.field.content', defaultHidden: true, render: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.content}</span> },
  { key: 'custom_fields', labelId: 'consultation.field.custom_fields', defaultHidden: true },
  { key: 'call_uniqueid', labelId: 'consultation.field.call_uniqueid', defaultHidden: true },
  { key: 'updated_at', labelId: 'consultation.field.updated_at', sortField: 'updated_at', defaultHidden: true, render: (c) => formatDateTime(c.updated_at) },
];

function ConsultationCustomFields(props: FieldProps) {
  const { data } = useConsultationSettings();
  return <CustomFieldInputs {...props} legendId="consultation.field.custom_fields" fields={data?.custom_fields ?? []} />;
}

/** What an agent writes about a call; the call itself (number, member, uniqueid, direction) comes from the pop-up. */
export const consultationCallFields: readonly ResourceField[] = [
  { kind: 'text', name: 'title', labelId: 'consultation.field.title', required: true },
  { kind: 'custom', name: 'big_category', labelId: 'consultation.field.big_category', render: (props) => <BigCategorySelect {...props} /> },
  { kind: 'custom', name: 'small_category', labelId: 'consultation.field.small_category', render: (props) => <SmallCategorySelect {...props} /> },
  { kind: 'custom', name: 'inquiry', labelId: 'consultation.field.inquiry', render: (props) => <InquirySelect {...props} /> },
  { kind: 'custom', name: 'department', labelId: 'consultation.field.department', render: (props) => <DepartmentSelect {...props} /> },
  { kind: 'custom', name: 'content', labelId: 'consultation.field.content', render: (props) => <ContentField {...props} labelId="consultation.field.content" /> },
  {
    kind: 'custom',
    name: 'custom_fields',
    labelId: 'consultation.field.custom_fields',
    render: (props) => <ConsultationCustomFields {...props} />,
  },
  { kind: 'select', name: 'treatment_result', labelId: 'consultation.field.treatment_result', required: true, useOptions: () => TREATMENT_RESULT_OPTIONS },
];

export const emptyConsultationValues = (): FormValues => ({
  member_id: null,
  call_uniqueid: null,
  phone_number: '',
  direction: 'inbound',
  title: '',
  content: '',
  inquiry: '',
  department: '',
  big_category: '',
  small_category: '',
  custom_fields: {},
  treatment_result: 'receipt',
});

export const consultationFormValues = (c: Consultation): FormValues => ({
  member_id: c.member_id,
  call_uniqueid: c.call_uniqueid,
  phone_number: c.phone_number,
  direction: c.direction,
  title: c.title,
  content: c.content,
  inquiry: c.inquiry ?? '',
  department: c.department ?? '',
  big_category: c.big_category,
  small_category: c.small_category ?? '',
  custom_fields: c.custom_fields,
  treatment_result: c.treatment_result,
});

/** The consultation form of the call pop-ups (ConsultationForm). */
export const consultationCallView = defineResourceView({
  contract: consultationContract,
  nounId: 'consultation.noun',
  customTable: 'consultations',
  columns: consultationColumns,
  fields: consultationCallFields,
  emptyValues: emptyConsultationValues,
  toFormValues: consultationFormValues,
  describe: (c) => c.title,
  deleteConfirmId: 'consultation.delete_confirm',
});
