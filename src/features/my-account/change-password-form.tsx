import { Button, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { changePasswordSchema, type ChangePassword } from '../../api/contracts/session.contract';
import { FormIdScope } from '../../ui/forms/field-ids';
import { useForm } from '../../ui/forms/use-form';
import { TextField } from '../../ui/forms/text-field';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

const EMPTY = { current_password: '', new_password: '', new_password_confirmation: '' };
type Field = keyof typeof EMPTY;

const FIELDS: { name: Field; labelId: MessageId; autoComplete: string }[] = [
  { name: 'current_password', labelId: 'my_account.current_password', autoComplete: 'current-password' },
  { name: 'new_password', labelId: 'my_account.new_password', autoComplete: 'new-password' },
  { name: 'new_password_confirmation', labelId: 'my_account.new_password_confirmation', autoComplete: 'new-password' },
];

export interface ChangePasswordFormProps {
  /** Changes the password; a rejection is shown per field (422, e.g. a wrong current password) or in the error dialog. */
  onSave: (values: ChangePassword) => Promise<void>;
}

export function ChangePasswordForm({ onSave }: ChangePasswordFormProps) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const form = useForm(EMPTY, changePasswordSchema);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setSaving(true);
    try {
      await onSave(values);
      form.reset(EMPTY);
    } catch (err) {
      form.handleSubmitError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormIdScope>
      <form data-testid="change-password-form" noValidate onSubmit={submit} style={{ maxWidth: 480 }}>
        {FIELDS.map(({ name, labelId, autoComplete }) => (
          <TextField
            key={name}
            name={name}
            type="password"
            labelId={labelId}
            value={form.values[name]}
            onChange={(value) => form.setValue(name, value)}
            errors={form.errors[name]}
            autoComplete={autoComplete}
            required
          />
        ))}
        <Button type="submit" intent={Intent.PRIMARY} loading={saving} data-testid="change-password-save" text={t('my_account.change_password_submit')} />
      </form>
    </FormIdScope>
  );
}
