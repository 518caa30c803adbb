import { Button, Intent } from '@blueprintjs/core';
import { useEffect, type FormEvent } from 'react';
import { loginRequestSchema } from '../../api/contracts/session.contract';
import type { ApiError } from '../../api/errors';
import { FormIdScope } from '../../ui/forms/field-ids';
import { useForm } from '../../ui/forms/use-form';
import { TextField } from '../../ui/forms/text-field';
import { FormErrorCallout } from '../../ui/forms/form-error-callout';
import { useT } from '../../i18n/use-t';

export interface LoginFormProps {
  /** The session machine's last login error: 422 field messages go to the fields, others above the form. */
  loginError: ApiError | null;
  /** True while the session signs in: the button waits and cannot be pressed twice. */
  busy: boolean;
  onSubmit: (credentials: { username: string; password: string }) => void;
}

/** Username and password, validated with the shared loginRequestSchema before anything is sent. */
export function LoginForm({ loginError, busy, onSubmit }: LoginFormProps) {
  const t = useT();
  const form = useForm({ username: '', password: '' }, loginRequestSchema);
  const { setErrors } = form;
  const serverFieldErrors = loginError?.fieldErrors;
  const hasServerFieldErrors = !!serverFieldErrors && Object.keys(serverFieldErrors).length > 0;

  // The login error lives in the session machine; mirror its field messages into the form once per error.
  useEffect(() => {
    if (serverFieldErrors && Object.keys(serverFieldErrors).length > 0) setErrors(serverFieldErrors);
  }, [serverFieldErrors, setErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = form.validate();
    if (credentials) onSubmit(credentials);
  };

  return (
    <FormIdScope>
      <form data-testid="login-form" aria-label={t('login.title')} noValidate onSubmit={submit}>
        <FormErrorCallout message={loginError && !hasServerFieldErrors ? loginError.message : null} testId="login-error" />
        <TextField
          name="username"
          labelId="login.username"
          value={form.values.username}
          onChange={(value) => form.setValue('username', value)}
          errors={form.errors.username}
          autoComplete="username"
          testId="login-username"
          required
        />
        <TextField
          name="password"
          type="password"
          labelId="login.password"
          value={form.values.password}
          onChange={(value) => form.setValue('password', value)}
          errors={form.errors.password}
          autoComplete="current-password"
          testId="login-password"
          required
        />
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          fill
          size="large"
          loading={busy}
          disabled={busy}
          data-testid="login-submit"
          text={t('login.submit')}
        />
      </form>
    </FormIdScope>
  );
}
