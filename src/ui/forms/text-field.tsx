import { InputGroup, Intent } from '@blueprintjs/core';
import type { Ref } from 'react';
import { useFieldId } from './field-ids';
import { errorsIdFor, FieldShell } from './field-shell';
import type { MessageId } from '../../i18n/message-ids';

export interface TextFieldProps {
  /** Field name: the input's name, the base of its id (`useFieldId`) and the key of its messages in a 422 answer. */
  name: string;
  labelId: MessageId;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  /** @default 'text' */
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  /** @default false */
  required?: boolean;
  /** @default false */
  disabled?: boolean;
  /** A line under the input while it has no messages. */
  hintId?: MessageId;
  /** @default `name` */
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps) {
  const { name, labelId, value, onChange, errors, type = 'text', autoComplete, required, disabled, hintId, testId, inputRef } =
    props;
  const id = useFieldId(name);
  const hasError = (errors?.length ?? 0) > 0;
  return (
    <FieldShell name={name} labelId={labelId} errors={errors} required={required} hintId={hintId}>
      <InputGroup
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        disabled={disabled}
        inputRef={inputRef}
        intent={hasError ? Intent.DANGER : Intent.NONE}
        aria-invalid={hasError}
        aria-describedby={errorsIdFor(id, errors, hintId)}
        data-testid={testId ?? name}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}
