import type { ComponentType } from 'react';
import { CalendarField } from './fields/calendar-field';
import { CheckboxesField } from './fields/checkboxes-field';
import { ChildrenField } from './fields/children-field';
import { DateField } from './fields/date-field';
import { DateTimeField } from './fields/datetime-field';
import { DestinationField } from './fields/destination-field';
import { ExtensionField, ExtensionsField } from './fields/extension-field';
import type { KindProps } from './fields/field-props';
import { FileField } from './fields/file-field';
import { InputField } from './fields/input-field';
import { ReferenceField, SoundFileField } from './fields/record-field';
import { SelectField } from './fields/select-field';
import { SwitchField } from './fields/switch-field';
import { TextareaField } from './fields/textarea-field';
import { TimeWindowField } from './fields/time-window-field';
import { UserField, UsersField } from './fields/user-field';
import type { FieldProps, ResourceField as FieldDef } from './resource-view';

export interface ResourceFieldProps extends FieldProps {
  field: FieldDef;
}

type Components = { [K in FieldDef['kind']]: ComponentType<KindProps<K>> };

/** Each kind's component (ui/resource/fields/), so option hooks stay inside their own component. */
const COMPONENTS: Components = {
  text: InputField,
  tel: InputField,
  digits: InputField,
  number: InputField,
  decimal: InputField,
  time_window: TimeWindowField,
  time: InputField,
  textarea: TextareaField,
  switch: SwitchField,
  date: DateField,
  datetime: DateTimeField,
  select: SelectField,
  checkboxes: CheckboxesField,
  calendar: CalendarField,
  user: UserField,
  users: UsersField,
  extension: ExtensionField,
  extensions: ExtensionsField,
  sound_file: SoundFileField,
  reference: ReferenceField,
  destination: DestinationField,
  children: ChildrenField,
  file: FileField,
  custom: ({ field, ...props }) => <>{field.render(props)}</>,
};

/** One form field of a resource definition, drawn by its kind's component. */
export function ResourceField({ field, ...props }: ResourceFieldProps) {
  const Component = COMPONENTS[field.kind] as ComponentType<KindProps<typeof field.kind>>;
  return <Component field={field} {...props} />;
}
