import { HTMLSelect } from '@blueprintjs/core';
import type { MessageId } from '../../../i18n/message-ids';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { useOptionLabel } from '../option-label';
import type { FieldProps, ResourceOption } from '../resource-view';
import { messagesOf, textOf } from './field-props';

export interface OptionSelectProps extends FieldProps {
  labelId: MessageId;
  required?: boolean;
  /** The value is never blank: no "Choose…" once it holds a choice. @default false */
  noBlank?: boolean;
  options: readonly ResourceOption[];
  /** Still loading: a value not among the options yet is not "gone". @default false */
  loading?: boolean;
  hintId?: MessageId;
  hint?: string;
  /** The option's value back to the form's (an id as a number). @default the text itself, '' as null */
  fromOption?: (option: string) => unknown;
}

/** A number from an option's value; '' is none. */
export const numberFromOption = (option: string): number | null => (option === '' ? null : Number(option));

/**
 * One choice among options, as a native select (keyboard and screen readers for free). "Choose…" stands
 * for no value; a required field with a value, or one that always has one, does not offer it. A value
 * that is no longer among the options (a user who left) still shows, by its value, so it is not lost.
 */
export function OptionSelect(props: OptionSelectProps) {
  const { name, value, onChange, disabled, labelId, required = false, noBlank = false, options, loading = false, hintId, hint, hiddenLabel } = props;
  const { fromOption = (option: string) => (option === '' ? null : option) } = props;
  const t = useT();
  const label = useOptionLabel();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const current = textOf(value);
  const known = options.some((option) => option.value === current);
  const missing = current !== '' && !known && !loading ? [{ value: current, label: `#${current}` }] : [];
  // "Choose…" is a choice only where nothing is one (QA: a type put back on "Choose…" was saved blank).
  const choose = (required || noBlank) && (known || missing.length > 0) ? [] : [{ value: '', label: t('resource.choose') }];
  return (
    <FieldShell name={name} labelId={labelId} errors={messages} required={required} hintId={hintId} hint={hint} hiddenLabel={hiddenLabel}>
      <HTMLSelect
        id={id}
        name={name}
        data-testid={name}
        value={current}
        disabled={disabled}
        fill
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, messages, hintId ?? hint)}
        onChange={(event) => onChange(fromOption(event.currentTarget.value))}
        options={[...choose, ...options.map((o) => ({ value: o.value, label: label(o) })), ...missing]}
      />
    </FieldShell>
  );
}
