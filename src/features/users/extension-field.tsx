import { Button, InputGroup, Intent, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useUserExtensions } from '../../api/resources/user-api';
import { useT } from '../../i18n/use-t';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { extensionChoices, nextFreeExtension } from './extension-choices';

export interface ExtensionFieldProps {
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  /** @default false */
  required?: boolean;
  /** @default false */
  disabled?: boolean;
  /** The user the form edits: the extension they hold is theirs to keep. Absent when adding. */
  userId?: number;
}

/**
 * The user form's extension id: typed (a new number becomes an extension when the user is saved), or
 * chosen from the company's extensions (users/extensions). One held by another user is shown with who
 * holds it and cannot be chosen (saving it would be refused: one live user per extension); the edited
 * user's own is; a free number after the company's highest is offered first. Typing a number someone
 * holds says so under the field before anything is sent.
 */
export function ExtensionField({ value, onChange, errors, required = false, disabled = false, userId }: ExtensionFieldProps) {
  const t = useT();
  const id = useFieldId('extension_id');
  const { data: holders, error, isLoading } = useUserExtensions();
  const choices = useMemo(() => extensionChoices(holders ?? [], userId), [holders, userId]);
  const free = nextFreeExtension(choices);
  const typed = choices.find((choice) => choice.extension === value.trim());
  const hint = typed && !typed.own ? t('user.extension.in_use_by', { name: typed.name }) : undefined;
  const hasError = (errors?.length ?? 0) > 0;

  const menu = (
    <Menu aria-label={t('user.extension.choose')} data-testid="extension_id-menu" style={{ maxHeight: 280, overflowY: 'auto' }}>
      {isLoading && <MenuItem disabled text={t('user.extension.loading')} />}
      {error && <MenuItem disabled icon="warning-sign" data-testid="extension_id-menu-error" text={t('user.extension.list_failed')} />}
      {free && <MenuItem icon="add" data-testid={`extension-option-${free}`} data-used="false" text={free} label={t('user.extension.free')} onClick={() => onChange(free)} />}
      {choices.length > 0 && <MenuDivider title={t('user.extensions')} />}
      {choices.map((choice) => (
        <MenuItem
          key={choice.extension}
          data-testid={`extension-option-${choice.extension}`}
          data-used={choice.own ? 'false' : 'true'}
          icon={choice.own ? 'tick' : 'person'}
          text={choice.extension}
          label={choice.own ? t('user.extension.own') : t('user.extension.in_use_by', { name: choice.name })}
          disabled={!choice.own}
          active={choice.extension === value.trim()}
          onClick={() => onChange(choice.extension)}
        />
      ))}
    </Menu>
  );

  return (
    <FieldShell name="extension_id" labelId="user.field.extension_id" errors={errors} required={required} hint={hint}>
      <InputGroup
        id={id}
        name="extension_id"
        value={value}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        intent={hasError ? Intent.DANGER : hint ? Intent.WARNING : Intent.NONE}
        aria-invalid={hasError}
        aria-describedby={errorsIdFor(id, errors, hint)}
        data-testid="extension_id"
        onChange={(event) => onChange(event.currentTarget.value)}
        rightElement={
          // PopoverNext: Blueprint's classic Popover mispositions under React 19.
          <PopoverNext content={menu} placement="bottom-end" disabled={disabled}>
            <Button variant="minimal" icon="properties" disabled={disabled} data-testid="extension_id-choose" aria-label={t('user.extension.choose')} title={t('user.extension.choose')} />
          </PopoverNext>
        }
      />
    </FieldShell>
  );
}
