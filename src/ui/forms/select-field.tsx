import { HTMLSelect } from '@blueprintjs/core';
import { useFieldId } from './field-ids';
import { errorsIdFor, FieldShell } from './field-shell';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

export interface SelectOption<V extends string> {
  value: V;
  labelId: MessageId;
}

export interface SelectFieldProps<V extends string> {
  name: string;
  labelId: MessageId;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  errors?: readonly string[];
  /** @default false */
  disabled?: boolean;
  /** Said under the field while it has no messages (e.g. why it is disabled). */
  hintId?: MessageId;
}

export function SelectField<V extends string>({ name, labelId, value, options, onChange, errors, disabled, hintId }: SelectFieldProps<V>) {
  const t = useT();
  const id = useFieldId(name);
  return (
    <FieldShell name={name} labelId={labelId} errors={errors} hintId={hintId}>
      <HTMLSelect
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        fill
        aria-invalid={(errors?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, errors, hintId)}
        data-testid={name}
        onChange={(event) => onChange(event.currentTarget.value as V)}
        options={options.map((option) => ({ value: option.value, label: t(option.labelId) }))}
      />
    </FieldShell>
  );
}
