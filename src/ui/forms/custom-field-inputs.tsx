import { Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { CustomFieldType } from '../../api/contracts/setting-contracts';
import type { MessageId } from '../../i18n/message-ids';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import { DayInput } from './day-input';
import { useFieldIds } from './field-ids';
import type { FieldProps } from '../resource/resource-view';

/** Dates are a DayInput instead: the browser's date input writes the day in the browser's order, not the page's. */
const INPUT_TYPE = { text: 'text', number: 'number' } as const;

export interface CustomFieldInputsProps extends FieldProps {
  legendId: MessageId;
  /** The company's custom fields (name and type), in display order. */
  fields: readonly { name: string; field_type: CustomFieldType }[];
}

/**
 * One input per configured custom field, typed by the field's type. Server messages arrive as
 * `<name>.<field>` (e.g. `custom_fields.visit_date`) and show under that input.
 */
export function CustomFieldInputs({ name, legendId, fields, value, onChange, errors, disabled }: CustomFieldInputsProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const idOf = useFieldIds();
  const values = (value ?? {}) as Record<string, string>;
  const general = errors[name];
  if (fields.length === 0 && !general) return null;
  return (
    <fieldset data-testid={name} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t(legendId)}</legend>
      {general && (
        <Callout compact intent={Intent.DANGER} role="alert" data-testid={`${name}-errors`} style={{ marginBottom: 8 }}>
          {general.map(translate).join(' ')}
        </Callout>
      )}
      {fields.map((field) => {
        const key = `${name}.${field.name}`;
        const messages = errors[key];
        return (
          <FormGroup
            key={field.name}
            label={field.name}
            labelFor={idOf(key)}
            intent={messages ? Intent.DANGER : Intent.NONE}
            helperText={messages && <span data-testid={`${key}-errors`} role="alert">{messages.map(translate).join(' ')}</span>}
          >
            {field.field_type === 'date' ? (
              <DayInput
                fill
                id={idOf(key)}
                data-testid={key}
                value={values[field.name] ?? ''}
                disabled={disabled}
                intent={messages ? Intent.DANGER : Intent.NONE}
                onChange={(day) => onChange({ ...values, [field.name]: day })}
              />
            ) : (
              <InputGroup
                id={idOf(key)}
                data-testid={key}
                type={INPUT_TYPE[field.field_type]}
                value={values[field.name] ?? ''}
                disabled={disabled}
                intent={messages ? Intent.DANGER : Intent.NONE}
                onChange={(event) => onChange({ ...values, [field.name]: event.currentTarget.value })}
              />
            )}
          </FormGroup>
        );
      })}
    </fieldset>
  );
}
