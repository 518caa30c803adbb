import { InputGroup, Intent } from '@blueprintjs/core';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { messagesOf, textOf, type KindProps } from './field-props';

type InputKind = 'text' | 'tel' | 'digits' | 'number' | 'decimal' | 'time';

const ATTRIBUTES: Record<InputKind, { type: 'text' | 'tel'; inputMode?: 'numeric' | 'decimal' | 'tel' }> = {
  text: { type: 'text' },
  tel: { type: 'tel', inputMode: 'tel' },
  digits: { type: 'text', inputMode: 'numeric' },
  number: { type: 'text', inputMode: 'numeric' },
  decimal: { type: 'text', inputMode: 'decimal' },
  time: { type: 'text', inputMode: 'numeric' },
};

/** `9:5`, `0930`, `9.30` → `09:30` (24-hour); anything else stays as typed, for the schema to refuse. */
export function normaliseTime(text: string): string {
  const match = /^(\d{1,2})\s*[:.h]?\s*(\d{2})$/.exec(text.trim());
  if (!match) return text.trim();
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/**
 * One line of input: text, a phone number (`tel`), digits, a whole number or a time of day (`HH:MM`,
 * 24-hour, written out on leaving the box). What is typed goes to the form as text; the contract's
 * schema reads it (blank is "none", numbers are coerced), so what is refused is said under the field.
 */
export function InputField(props: KindProps<InputKind>) {
  const { field, name, value, onChange, disabled, hiddenLabel } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const invalid = (messages?.length ?? 0) > 0;
  const { type, inputMode } = ATTRIBUTES[field.kind];
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required} hiddenLabel={hiddenLabel}>
      <InputGroup
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        value={textOf(value)}
        disabled={disabled}
        placeholder={field.kind === 'time' ? t('entity.time_placeholder') : undefined}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        aria-describedby={errorsIdFor(id, messages)}
        data-testid={name}
        style={field.kind === 'time' ? { maxWidth: '8em' } : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={field.kind === 'time' ? (event) => onChange(normaliseTime(event.currentTarget.value)) : undefined}
      />
    </FieldShell>
  );
}
