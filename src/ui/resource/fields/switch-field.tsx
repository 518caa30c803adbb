import { Switch } from '@blueprintjs/core';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { messagesOf, type KindProps } from './field-props';

/** On or off: a Blueprint switch under the field's label, saying "Yes" or "No" inside. */
export function SwitchField(props: KindProps<'switch'>) {
  const { field, name, value, onChange, disabled, hiddenLabel } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} hiddenLabel={hiddenLabel}>
      <Switch
        id={id}
        name={name}
        checked={value === true}
        disabled={disabled}
        innerLabel={t('entity.no')}
        innerLabelChecked={t('entity.yes')}
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, messages)}
        data-testid={name}
        style={{ marginBottom: 0 }}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </FieldShell>
  );
}
