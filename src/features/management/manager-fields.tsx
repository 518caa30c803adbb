import { InputGroup, Intent } from '@blueprintjs/core';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { InputField } from '../../ui/resource/fields/input-field';
import { OptionSelect } from '../../ui/resource/fields/option-select';
import type { FieldProps } from '../../ui/resource/resource-view';
import { useCompanyOptions } from './company-options';

/**
 * The manager form's fields that are fixed once the manager is stored (docs/administration.md): the
 * company and the username (unique forever) are shown, not editable, when editing; the password is
 * asked only when adding (later it changes through "Reset password"). `values.editing` tells them apart.
 */
const editing = (props: FieldProps) => props.values.editing === true;

export function ManagerCompanyField(props: FieldProps) {
  const options = useCompanyOptions();
  return (
    <OptionSelect
      {...props}
      labelId="management.company"
      required
      options={options}
      disabled={props.disabled || editing(props)}
      {...(editing(props) ? { hintId: 'management.manager.fixed_after_store' as const } : {})}
    />
  );
}

export function ManagerUsernameField(props: FieldProps) {
  return <InputField {...props} disabled={props.disabled || editing(props)} field={{ kind: 'text', name: props.name, labelId: 'management.manager.field.username', required: true }} />;
}

export function ManagerPasswordField(props: FieldProps) {
  const id = useFieldId(props.name);
  if (editing(props)) return null;
  const messages = props.errors[props.name];
  const invalid = (messages?.length ?? 0) > 0;
  return (
    <FieldShell name={props.name} labelId="management.manager.field.password" errors={messages} required>
      <InputGroup
        id={id}
        name={props.name}
        type="password"
        autoComplete="new-password"
        value={typeof props.value === 'string' ? props.value : ''}
        disabled={props.disabled}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        aria-describedby={errorsIdFor(id, messages)}
        data-testid={props.name}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FieldShell>
  );
}
