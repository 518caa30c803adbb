import { Intent, TextArea } from '@blueprintjs/core';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { messagesOf, textOf, type KindProps } from './field-props';

/** Several lines (a memo, a template's text); stops at the field's longest text. */
export function TextareaField(props: KindProps<'textarea'>) {
  const { field, name, value, onChange, disabled, hiddenLabel } = props;
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const invalid = (messages?.length ?? 0) > 0;
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required} hiddenLabel={hiddenLabel}>
      <TextArea
        id={id}
        name={name}
        value={textOf(value)}
        disabled={disabled}
        fill
        autoResize
        rows={3}
        maxLength={field.max}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        aria-describedby={errorsIdFor(id, messages)}
        data-testid={name}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}
