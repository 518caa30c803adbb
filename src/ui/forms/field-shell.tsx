import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { useFieldId } from './field-ids';
import './field-shell.css';

export interface FieldShellProps {
  /** The field's name: its control's id is `useFieldId(name)`; test ids use the name as it is. */
  name: string;
  labelId: MessageId;
  errors?: readonly string[];
  /** @default false */
  required?: boolean;
  /** A line under the control while it has no messages (e.g. why it is disabled). */
  hintId?: MessageId;
  /** A hint that is data or already translated (e.g. "In use by Kim"); shown like `hintId`. */
  hint?: string;
  /** The label for screen readers only, in place of `labelId` (a field in a table row whose header names it). */
  hiddenLabel?: string;
  children: ReactNode;
}

/** Label, control and per-field messages; the messages are linked to the control for screen readers. */
export function FieldShell({ name, labelId, errors = [], required = false, hintId, hint, hiddenLabel, children }: FieldShellProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const inputId = useFieldId(name);
  const hasError = errors.length > 0;
  return (
    <FormGroup
      label={hiddenLabel === undefined ? t(labelId) : <span className="visually-hidden">{hiddenLabel}</span>}
      labelFor={inputId}
      labelInfo={required && hiddenLabel === undefined ? t('form.required_mark') : undefined}
      intent={hasError ? Intent.DANGER : Intent.NONE}
      helperText={
        hasError ? (
          <span id={`${inputId}-errors`} data-testid={`${name}-errors`} role="alert">
            {errors.map(translate).join(' ')}
          </span>
        ) : hintId || hint ? (
          <span id={`${inputId}-hint`} data-testid={`${name}-hint`}>
            {hint ?? t(hintId!)}
          </span>
        ) : undefined
      }
    >
      {children}
    </FormGroup>
  );
}

/** The `aria-describedby` of a control whose id is `inputId`: its messages, else its hint if it has one. */
export const errorsIdFor = (inputId: string, errors: readonly string[] | undefined, hintId?: MessageId | string) =>
  errors && errors.length > 0 ? `${inputId}-errors` : hintId ? `${inputId}-hint` : undefined;
