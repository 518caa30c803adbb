import { Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useMemberSettings } from '../../api/resources/member-api';
import { useFieldIds } from '../../ui/forms/field-ids';
import type { FieldProps } from '../../ui/resource/resource-view';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';

const INPUT_TYPE = { text: 'text', number: 'number', date: 'date' } as const;

/**
 * The member form's custom fields: one input per field of the company's settings, typed by the field's
 * type. Server messages arrive as `custom_fields.<name>` and show under that input.
 */
export function CustomFieldsInput({ name, value, onChange, errors, disabled }: FieldProps) {
  const t = useT();
  const translate = useTranslateMaybeId();
  const idOf = useFieldIds();
  const { data: settings } = useMemberSettings();
  const values = (value ?? {}) as Record<string, string>;
  const fields = settings?.custom_fields ?? [];
  const general = errors[name];
  if (fields.length === 0 && !general) return null;
  return (
    <fieldset data-testid="custom-fields" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t('member.field.custom_fields')}</legend>
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
            <InputGroup
              id={idOf(key)}
              data-testid={key}
              type={INPUT_TYPE[field.field_type]}
              value={values[field.name] ?? ''}
              disabled={disabled}
              intent={messages ? Intent.DANGER : Intent.NONE}
              onChange={(event) => onChange({ ...values, [field.name]: event.currentTarget.value })}
            />
          </FormGroup>
        );
      })}
    </fieldset>
  );
}
