import { OptionSelect } from './option-select';
import type { KindProps } from './field-props';

/** One of the options the definition's hook gives (fixed choices, or the company's settings). */
export function SelectField({ field, ...props }: KindProps<'select'>) {
  return <OptionSelect {...props} labelId={field.labelId} required={field.required} noBlank={field.noBlank} options={field.useOptions()} />;
}
