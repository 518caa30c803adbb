import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { userInputSchema, userStoreSchema, type User, type UserInput, type UserStoreInput } from '../../api/contracts/user.contract';
import { useUserWrites } from '../../api/resources/user-api';
import { showError } from '../../ui/feedback/error-store';
import { fieldErrorsFromServer, fieldErrorsFromZod } from '../../ui/forms/field-errors';
import { FormIdScope, useFieldId } from '../../ui/forms/field-ids';
import { useFocusFirstProblem } from '../../ui/forms/focus-first-problem';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { SelectField } from '../../ui/forms/select-field';
import { TextField } from '../../ui/forms/text-field';
import { useForm } from '../../ui/forms/use-form';
import { unsavedValues } from '../../ui/forms/form-changes';
import { useReportTyping } from '../../ui/forms/unsaved-work';
import { useT } from '../../i18n/use-t';
import { AvatarPicker, avatarProblem } from './avatar-picker';
import { DepartmentField } from './department-field';
import { ExtensionField } from './extension-field';
import { emptyUserValues, ROLE_OPTIONS, USER_TEXT_FIELDS, userFormValues, type UserFormValues, type UserTextField } from './user-form-fields';
import '../../ui/forms/form-actions.css';

export interface UserFormProps {
  /** The user being edited; absent to add one. */
  user?: User;
  onSaved: (user: User) => void;
  onCancel?: () => void;
  /**
   * The signed-in manager's own account: the role stays, as demoting themselves would end their right to
   * manage users (the server refuses it too); the field says why instead of a refused save.
   */
  ownAccount?: boolean;
}

/** Field names whose server messages this form shows under the field; `file` is the photo. */
const PLACED = new Set<string>([...USER_TEXT_FIELDS.map((f) => f.name), 'role', 'file']);

/**
 * The user form of `user/add` and of the users list's edit (specification §3 fields, §5 messages). It is
 * checked with the same zod schema the server uses before anything is sent; server messages (a deleted
 * username, a taken extension, a refused photo) land under their field. Adding sends one multipart
 * `users/store` with the photo; editing sends `users/update`, then the new photo if one was chosen.
 */
export function UserForm({ user, onSaved, onCancel, ownAccount = false }: UserFormProps) {
  const t = useT();
  const writes = useUserWrites();
  const editing = user !== undefined;
  const schema = editing ? userInputSchema : userStoreSchema;
  const [startValues] = useState(() => (editing ? userFormValues(user) : emptyUserValues()));
  const form = useForm<UserFormValues, unknown>(startValues, schema);
  const [photo, setPhoto] = useState<File | null>(null);
  // Typing (or a photo) that closing would throw away: the dialog or pop-up around the form asks first.
  const typing = photo !== null || unsavedValues(form.values, startValues, Object.keys(startValues)) !== null;
  const withdrawTyping = useReportTyping(typing);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused save takes the user to the first field with a message (as every resource form does).
  const focusFirstProblem = useFocusFirstProblem(formRef);

  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    const problem = file ? avatarProblem(file) : null;
    const { file: _old, ...others } = form.errors;
    form.setErrors(problem ? { ...others, file: [problem] } : others);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The fields and the photo are checked together, so every problem shows at once.
    const result = schema.safeParse(form.values);
    const errors = result.success ? {} : fieldErrorsFromZod(result.error);
    const problem = photo ? avatarProblem(photo) : null;
    if (problem) errors.file = [problem];
    form.setErrors(errors);
    if (!result.success || problem) return focusFirstProblem();
    setSaving(true);
    try {
      const saved = editing ? await writes.update(user.id, result.data as UserInput, photo) : await writes.store(result.data as UserStoreInput, photo);
      // Before onSaved, which closes what holds the form: nothing typed is unsaved any more.
      withdrawTyping();
      onSaved(saved);
    } catch (err) {
      const serverErrors = fieldErrorsFromServer(err);
      if (serverErrors) {
        form.setErrors(serverErrors);
        focusFirstProblem();
      }
      // Anything that cannot sit under a field of this form goes to the one error dialog.
      if (!serverErrors || Object.keys(serverErrors).some((name) => !PLACED.has(name))) showError(err);
    } finally {
      setSaving(false);
    }
  };

  const field = (def: UserTextField) => {
    const value = form.values[def.name];
    const onChange = (next: string) => form.setValue(def.name, next);
    const errors = form.errors[def.name];
    // The username is set once and never changes (it is unique forever); editing shows it read-only.
    const disabled = saving || (editing && def.name === 'username');
    if (def.type === 'time') return <TimeField key={def.name} def={def} value={value} onChange={onChange} errors={errors} disabled={disabled} />;
    // Chosen from what the company has (its departments, its extensions), not typed blind.
    if (def.name === 'department_id') return <DepartmentField key={def.name} value={value} onChange={onChange} errors={errors} required disabled={disabled} />;
    if (def.name === 'extension_id') return <ExtensionField key={def.name} value={value} onChange={onChange} errors={errors} required disabled={disabled} userId={user?.id} />;
    return (
      <TextField
        key={def.name}
        name={def.name}
        labelId={def.labelId}
        type={def.type}
        value={value}
        onChange={onChange}
        errors={errors}
        required={def.required && !(editing && def.addOnly)}
        disabled={disabled}
        autoComplete={def.autoComplete}
      />
    );
  };

  return (
    <FormIdScope>
      <form ref={formRef} data-testid="user-form" noValidate onSubmit={(event) => void submit(event)}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', columnGap: 16 }}>
          {USER_TEXT_FIELDS.filter((def) => !(editing && def.name === 'password')).map(field)}
          <SelectField name="role" labelId="user.field.role" value={form.values.role} options={ROLE_OPTIONS} onChange={(role) => form.setValue('role', role)} errors={form.errors.role} disabled={saving || ownAccount} hintId={ownAccount ? 'user.own_role_locked' : undefined} />
        </div>
        <AvatarPicker file={photo} onChange={choosePhoto} currentUrl={user?.avatar} name={form.values.name} errors={form.errors.file} disabled={saving} />
        <div className="form-actions">
          {onCancel && <Button data-testid="user-form-cancel" onClick={onCancel} disabled={saving} text={t('resource.cancel')} />}
          <Button type="submit" intent={Intent.PRIMARY} loading={saving} data-testid="user-form-save" text={t('common.save')} />
        </div>
      </form>
    </FormIdScope>
  );
}

/** HH:MM with the browser's time picker. */
function TimeField({ def, value, onChange, errors, disabled }: { def: UserTextField; value: string; onChange: (v: string) => void; errors?: string[]; disabled: boolean }) {
  const id = useFieldId(def.name);
  const hasError = (errors?.length ?? 0) > 0;
  return (
    <FieldShell name={def.name} labelId={def.labelId} errors={errors}>
      <InputGroup
        id={id}
        name={def.name}
        type="time"
        value={value}
        disabled={disabled}
        intent={hasError ? Intent.DANGER : Intent.NONE}
        aria-invalid={hasError}
        aria-describedby={errorsIdFor(id, errors)}
        data-testid={def.name}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}
