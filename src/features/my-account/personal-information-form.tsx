import { Button, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { personalInformationSchema, type UserInfo } from '../../api/contracts/session.contract';
import { FormIdScope } from '../../ui/forms/field-ids';
import { useForm } from '../../ui/forms/use-form';
import { TextField } from '../../ui/forms/text-field';
import { SelectField } from '../../ui/forms/select-field';
import { LANGUAGE_LABELS } from '../../ui/controls/language-switch';
import { LANGUAGES, useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

type Parsed = ReturnType<typeof personalInformationSchema.parse>;

export interface PersonalInformationFormProps {
  userInfo: UserInfo;
  /** Saves; a rejection is shown per field (422) or in the error dialog. */
  onSave: (values: Parsed) => Promise<void>;
}

type TextFieldName = 'name' | 'email' | 'mobile' | 'landline';
const TEXT_LABELS: Record<TextFieldName, MessageId> = {
  name: 'my_account.name',
  email: 'my_account.email',
  mobile: 'my_account.mobile',
  landline: 'my_account.landline',
};

const LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, labelId: LANGUAGE_LABELS[value] }));

export function PersonalInformationForm({ userInfo, onSave }: PersonalInformationFormProps) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const { user } = userInfo;
  // The language in use, which the header's switch may have changed since the last save: saving must not
  // switch the screens back to the stored one (QA).
  const language = useLanguage();
  const form = useForm(
    {
      name: user.name,
      email: user.email ?? '',
      mobile: user.mobile ?? '',
      landline: user.landline ?? '',
      language,
    },
    personalInformationSchema,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return;
    setSaving(true);
    try {
      await onSave(values);
    } catch (err) {
      form.handleSubmitError(err);
    } finally {
      setSaving(false);
    }
  };

  const text = (name: TextFieldName, type: 'text' | 'email' | 'tel', autoComplete: string) => (
    <TextField
      name={name}
      type={type}
      labelId={TEXT_LABELS[name]}
      value={form.values[name]}
      onChange={(value) => form.setValue(name, value)}
      errors={form.errors[name]}
      autoComplete={autoComplete}
      required={name === 'name'}
    />
  );

  return (
    <FormIdScope>
      <form data-testid="personal-information-form" noValidate onSubmit={submit} style={{ maxWidth: 480 }}>
        {text('name', 'text', 'name')}
        {text('email', 'email', 'email')}
        {text('mobile', 'tel', 'tel')}
        {text('landline', 'tel', 'tel')}
        <SelectField
          name="language"
          labelId="my_account.language"
          value={form.values.language}
          options={LANGUAGE_OPTIONS}
          onChange={(value) => form.setValue('language', value)}
          errors={form.errors.language}
        />
        <Button type="submit" intent={Intent.PRIMARY} loading={saving} data-testid="personal-information-save" text={t('common.save')} />
      </form>
    </FormIdScope>
  );
}
