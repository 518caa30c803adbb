import { useMemberSettings } from '../../api/resources/member-api';
import { CustomFieldInputs } from '../../ui/forms/custom-field-inputs';
import type { FieldProps } from '../../ui/resource/resource-view';

/** The member form's custom fields: the company's member custom fields (its settings), typed by field type. */
export function CustomFieldsInput(props: FieldProps) {
  const { data: settings } = useMemberSettings();
  return <CustomFieldInputs {...props} legendId="member.field.custom_fields" fields={settings?.custom_fields ?? []} />;
}
