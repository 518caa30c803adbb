import { Intent } from '@blueprintjs/core';
import { DayInput } from '../../forms/day-input';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { messagesOf, textOf, type KindProps } from './field-props';

/** A calendar day (`YYYY-MM-DD`), shown, typed and picked in the page's language (forms/day-input.tsx). */
export function DateField(props: KindProps<'date'>) {
  const { field, name, value, onChange, disabled, hiddenLabel } = props;
  const id = useFieldId(name);
  const messages = messagesOf(props);
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required} hiddenLabel={hiddenLabel}>
      <DayInput
        fill
        id={id}
        data-testid={name}
        value={textOf(value)}
        disabled={disabled}
        intent={messages ? Intent.DANGER : Intent.NONE}
        aria-describedby={errorsIdFor(id, messages)}
        onChange={onChange}
      />
    </FieldShell>
  );
}
