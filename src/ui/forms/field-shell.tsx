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
  /** A line under the control while it has no messages (e.g. why it is disabled). */
  hintId?: MessageId;
  children: ReactNode;
}

/** Label, control and per-field messages; the messages are linked to the control for screen readers. */
export function FieldShell({ name, labelId, errors = [], required = false, hintId, children }: FieldShellProps) {
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
        ) : hintId ? (
          <span id={`${inputId}-hint`} data-testid={`${name}-hint`}>
            {t(hintId)}
          </span>
        ) : undefined
      }
    >
      {children}
    </FormGroup>
  );
}

/** The `aria-describedby` of a control whose id is `inputId`: its messages, else its hint if it has one. */
export const errorsIdFor = (inputId: string, errors: readonly string[] | undefined, hintId?: MessageId) =>
  errors && errors.length > 0 ? `${inputId}-errors` : hintId ? `${inputId}-hint` : undefined;
