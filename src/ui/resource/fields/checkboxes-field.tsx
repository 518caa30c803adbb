import { Checkbox } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useFieldId } from '../../forms/field-ids';
import { FieldShell } from '../../forms/field-shell';
import type { MessageId } from '../../../i18n/message-ids';
import { useOptionLabel } from '../option-label';
import type { FieldProps, ResourceOption } from '../resource-view';
import { messagesOf, type KindProps } from './field-props';

export interface CheckboxListProps extends FieldProps {
  labelId: MessageId;
  options: readonly ResourceOption[];
  hintId?: MessageId;
  hint?: string;
  /** Option values back to the form's (ids as numbers). @default the texts */
  fromOptions?: (options: string[]) => unknown[];
  /** Long lists scroll inside the field. @default false */
  scroll?: boolean;
  /** Under the checkboxes, inside the field (a box to add a value not offered). */
  after?: ReactNode;
}

/**
 * Several of the options, one checkbox each. A saved value the options no longer hold still shows, so
 * it can be unticked.
 */
export function CheckboxList(props: CheckboxListProps) {
  const { name, value, onChange, disabled, labelId, options, hintId, hint, hiddenLabel, scroll = false, after, fromOptions = (v: string[]) => v } = props;
  const label = useOptionLabel();
  const id = useFieldId(name);
  const selected = Array.isArray(value) ? value.map(String) : [];
  const shown = [...options, ...selected.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: v }))];
  const toggle = (option: string, on: boolean) => onChange(fromOptions(on ? [...selected, option] : selected.filter((v) => v !== option)));
  return (
    <FieldShell name={name} labelId={labelId} errors={messagesOf(props)} hintId={hintId} hint={hint} hiddenLabel={hiddenLabel}>
      <div
        id={id}
        data-testid={name}
        role="group"
        style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px', ...(scroll ? { maxHeight: '12em', overflowY: 'auto' } : {}) }}
      >
        {shown.map((option) => (
          <Checkbox
            key={option.value}
            label={label(option)}
            checked={selected.includes(option.value)}
            disabled={disabled}
            data-testid={`${name}-${option.value}`}
            onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            style={{ marginBottom: 4 }}
          />
        ))}
      </div>
      {after}
    </FieldShell>
  );
}

/** Several of the options the definition's hook gives. */
export function CheckboxesField({ field, ...props }: KindProps<'checkboxes'>) {
  return <CheckboxList {...props} labelId={field.labelId} options={field.useOptions()} />;
}
