import { Button, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { useCompanyExtensions } from '../entity-options';
import { CheckboxList } from './checkboxes-field';
import { messagesOf, textOf, type KindProps } from './field-props';

/**
 * One extension number: typed (a branch's extension is often one no user holds), with the company's
 * extensions offered as suggestions, and the holder named when the number is one of theirs.
 */
export function ExtensionField(props: KindProps<'extension'>) {
  const { field, name, value, onChange, disabled, hiddenLabel } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const invalid = (messages?.length ?? 0) > 0;
  const { extensions } = useCompanyExtensions();
  const current = textOf(value);
  const holder = extensions.find((extension) => extension.number === current)?.holder;
  const hint = holder ? t('entity.extension_in_use', { name: holder }) : undefined;
  const listId = `${id}-extensions`;
  return (
    <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required} hint={hint} hiddenLabel={hiddenLabel}>
      <InputGroup
        id={id}
        name={name}
        inputMode="numeric"
        list={listId}
        autoComplete="off"
        value={current}
        disabled={disabled}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        aria-describedby={errorsIdFor(id, messages, hint)}
        data-testid={name}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <datalist id={listId}>
        {extensions.map((extension) => (
          <option key={extension.number} value={extension.number} label={t('entity.extension_in_use', { name: extension.holder })} />
        ))}
      </datalist>
    </FieldShell>
  );
}

/** Extension numbers: the company's, ticked, each with its holder; and others typed in. */
export function ExtensionsField(props: KindProps<'extensions'>) {
  const { field, name, value, onChange, disabled } = props;
  const t = useT();
  const { extensions, loading } = useCompanyExtensions();
  const [other, setOther] = useState('');
  const selected = Array.isArray(value) ? value.map(String) : [];
  const options = extensions.map((extension) => ({ value: extension.number, label: `${extension.number} · ${extension.holder}` }));
  const add = () => {
    const number = other.trim();
    if (number !== '' && !selected.includes(number)) onChange([...selected, number]);
    setOther('');
  };
  return (
    <CheckboxList
      {...props}
      labelId={field.labelId}
      options={options}
      scroll
      {...(!loading && options.length === 0 ? { hintId: 'entity.extensions_none' as const } : {})}
      after={
        <ControlGroup style={{ marginTop: 4, maxWidth: '20em' }}>
          <InputGroup
            data-testid={`${name}-other`}
            aria-label={t('entity.extensions_other', { field: t(field.labelId) })}
            placeholder={t('entity.extensions_other_placeholder')}
            inputMode="numeric"
            value={other}
            disabled={disabled}
            onChange={(event) => setOther(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button data-testid={`${name}-add`} text={t('entity.extensions_add')} disabled={disabled || other.trim() === ''} onClick={add} />
        </ControlGroup>
      }
    />
  );
}
