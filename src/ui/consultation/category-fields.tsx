import type { FieldProps } from '../resource/resource-view';
import { SettingSelect } from './setting-select';
import { useConsultationSettings } from './use-consultation-settings';

/** The inquiry of the company's consultation settings. */
export function InquirySelect(props: FieldProps) {
  const { data } = useConsultationSettings();
  return <SettingSelect {...props} labelId="consultation.field.inquiry" options={data?.inquiries ?? []} />;
}

export function DepartmentSelect(props: FieldProps) {
  const { data } = useConsultationSettings();
  return <SettingSelect {...props} labelId="consultation.field.department" options={data?.departments ?? []} />;
}

/** Choosing another big category clears a small category that does not belong to it. */
export function BigCategorySelect(props: FieldProps) {
  const { data } = useConsultationSettings();
  const bigs = data?.big_categories ?? [];
  const onChange = (value: unknown) => {
    props.onChange(value);
    const small = props.values.small_category;
    const smalls = bigs.find((b) => b.name === value)?.small_categories ?? [];
    if (typeof small === 'string' && small && !smalls.includes(small)) props.setValue('small_category', '');
  };
  return <SettingSelect {...props} onChange={onChange} labelId="consultation.field.big_category" required options={bigs.map((b) => b.name)} />;
}

/** The small categories of the chosen big category; nothing to choose until a big category is chosen. */
export function SmallCategorySelect(props: FieldProps) {
  const { data } = useConsultationSettings();
  const big = props.values.big_category;
  const smalls = data?.big_categories.find((b) => b.name === big)?.small_categories ?? [];
  return <SettingSelect {...props} disabled={props.disabled || !big} labelId="consultation.field.small_category" options={smalls} />;
}
