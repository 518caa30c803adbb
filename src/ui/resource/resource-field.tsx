import { Checkbox, HTMLSelect } from '@blueprintjs/core';
import { useFieldId } from '../forms/field-ids';
import { errorsIdFor, FieldShell } from '../forms/field-shell';
import { TextField } from '../forms/text-field';
import { useT } from '../../i18n/use-t';
import { useOptionLabel } from './option-label';
import type { FieldProps, ResourceField as FieldDef, ResourceOption } from './resource-view';

export interface ResourceFieldProps extends FieldProps {
  field: FieldDef;
}

/** One form field of a resource definition; each kind is its own component so option hooks stay put. */
export function ResourceField({ field, ...props }: ResourceFieldProps) {
  switch (field.kind) {
    case 'text':
    case 'tel':
      return (
        <TextField
          name={field.name}
          labelId={field.labelId}
          type={field.kind}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={props.onChange}
          errors={props.errors[field.name]}
          required={field.required}
          disabled={props.disabled}
        />
      );
    case 'select':
      return <SelectOptionField field={field} options={field.useOptions()} {...props} />;
    case 'checkboxes':
      return <CheckboxesField field={field} options={field.useOptions()} {...props} />;
    case 'custom':
      return <>{field.render(props)}</>;
  }
}

type OptionFieldProps = FieldProps & { field: FieldDef & { labelId: FieldDef['labelId'] }; options: readonly ResourceOption[] };

function SelectOptionField({ field, options, name, value, onChange, errors, disabled }: OptionFieldProps) {
  const t = useT();
  const label = useOptionLabel();
  const id = useFieldId(name);
  const messages = errors[name];
  const required = 'required' in field && field.required === true;
  const current = typeof value === 'string' ? value : '';
  // "Choose…" is a choice only where nothing is one: a required field that has a value keeps a real one
  // (QA: a custom field's type put back on "Choose…" was saved as text without a word).
  const choose = required && options.some((o) => o.value === current) ? [] : [{ value: '', label: t('resource.choose') }];
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={required}>
      <HTMLSelect
        id={id}
        data-testid={name}
        value={current}
        disabled={disabled}
        fill
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, messages)}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[...choose, ...options.map((o) => ({ value: o.value, label: label(o) }))]}
      />
    </FieldShell>
  );
}

function CheckboxesField({ field, options, name, value, onChange, errors, disabled }: OptionFieldProps) {
  const label = useOptionLabel();
  const id = useFieldId(name);
  const selected = Array.isArray(value) ? (value as string[]) : [];
  // A saved value the settings no longer offer still shows, so it can be unticked.
  const shown = [...options, ...selected.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: v }))];
  const toggle = (option: string, on: boolean) =>
    onChange(on ? [...selected, option] : selected.filter((v) => v !== option));
  return (
    <FieldShell name={name} labelId={field.labelId} errors={errors[name]}>
      <div id={id} data-testid={name} role="group" style={{ display: 'flex', flexWrap: 'wrap', gap: '0 16px' }}>
        {shown.map((option) => (
          <Checkbox
            key={option.value}
            label={label(option)}
            checked={selected.includes(option.value)}
            disabled={disabled}
            onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            style={{ marginBottom: 4 }}
          />
        ))}
      </div>
    </FieldShell>
  );
}
