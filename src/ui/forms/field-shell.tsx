import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { useFieldId } from './field-ids';

export interface FieldShellProps {
  /** The field's name: its control's id is `useFieldId(name)`; test ids use the name as it is. */
  name: string;
  labelId: MessageId;
  errors?: readonly string[];
  /** @default false */
  required?: boolean;
  children: ReactNode;
}

/** Label, control and per-field messages; the messages are linked to the control for screen readers. */
export function FieldShell({ name, labelId, errors = [], required = false, children }: FieldShellProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const inputId = useFieldId(name);
  const hasError = errors.length > 0;
  return (
    <FormGroup
      label={t(labelId)}
      labelFor={inputId}
      labelInfo={required ? t('form.required_mark') : undefined}
      intent={hasError ? Intent.DANGER : Intent.NONE}
      helperText={
        hasError ? (
          <span id={`${inputId}-errors`} data-testid={`${name}-errors`} role="alert">
            {errors.map(translate).join(' ')}
          </span>
        ) : undefined
      }
    >
      {children}
    </FormGroup>
  );
}

/** The `aria-describedby` of a control whose id is `inputId`, while it has messages. */
export const errorsIdFor = (inputId: string, errors: readonly string[] | undefined) =>
  errors && errors.length > 0 ? `${inputId}-errors` : undefined;
