import { Button, Classes, Code, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import type { User } from '../../api/contracts/user.contract';
import { useUserWrites } from '../../api/resources/user-api';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { useAskBeforeClosing } from '../../ui/forms/ask-before-closing';
import { fieldErrorsFromServer } from '../../ui/forms/field-errors';
import { FormIdScope } from '../../ui/forms/field-ids';
import { TextField } from '../../ui/forms/text-field';
import { TYPING_LOST } from '../../ui/forms/unsaved-work';
import { useT } from '../../i18n/use-t';
import { focusFirstField } from '../../ui/focus/focus-return';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';

export interface ResetPasswordDialogProps {
  user: User | null;
  onClose: () => void;
}

/**
 * Password reset (specification §5: it needs a confirmation). The manager may type the new password;
 * left empty, the server makes a temporary one, shown here once with a copy button. Either way the user's
 * sessions end.
 */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
  const { resetPassword } = useUserWrites();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [temporary, setTemporary] = useState<string | null>(null);

  const closeNow = useCallback(() => {
    setPassword('');
    setErrors(undefined);
    setTemporary(null);
    onClose();
  }, [onClose]);
  // A typed password not yet used asks before Escape, × or Cancel throw it away.
  const { close, question } = useAskBeforeClosing(
    useCallback(() => (password !== '' && !temporary ? TYPING_LOST : null), [password, temporary]),
    closeNow,
    'resource.close_form_title',
  );

  const reset = async () => {
    if (!user) return;
    setBusy(true);
    try {
      const answer = await resetPassword(user.id, password || undefined);
      if (answer.temporary_password) setTemporary(answer.temporary_password);
      else {
        void showToast(t('user.reset_password.done'));
        closeNow();
      }
    } catch (err) {
      const fieldErrors = fieldErrorsFromServer(err);
      if (fieldErrors?.password) setErrors(fieldErrors.password);
      else showError(err);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(temporary ?? '');
      void showToast(t('user.copied'));
    } catch {
      // Specification §5: a failed copy says so.
      void showToast(t('errors.copy_failed'), Intent.DANGER);
    }
  };

  const name = user?.name ?? '';
  return (
    <>
      <Dialog isOpen={user !== null} onClose={busy ? undefined : close} title={t(temporary ? 'user.reset_password.temporary_title' : 'user.reset_password')} icon="key" style={{ width: 465 }} {...focus}>
        <DialogBody>
          {temporary ? (
            <>
              <p className={Classes.RUNNING_TEXT}>{t('user.reset_password.temporary_body', { name })}</p>
              <Code data-testid="temporary-password" style={{ fontSize: 18, padding: '6px 10px', userSelect: 'all' }}>
                {temporary}
              </Code>
            </>
          ) : (
            <FormIdScope>
              <form
                id="reset-password-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void reset();
                }}
              >
                <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
                  {t('user.reset_password.confirm', { name })}
                </p>
                <TextField
                  name="password"
                  labelId="user.reset_password.new_password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(value) => {
                    setPassword(value);
                    setErrors(undefined);
                  }}
                  errors={errors}
                  disabled={busy}
                />
              </form>
            </FormIdScope>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            temporary ? (
              <>
                <Button data-testid="copy-password" icon="duplicate" text={t('user.copy')} onClick={() => void copy()} />
                <Button data-testid="confirm-close" intent={Intent.PRIMARY} text={t('common.close')} onClick={close} />
              </>
            ) : (
              <>
                <Button data-testid="confirm-cancel" disabled={busy} text={t('resource.cancel')} onClick={close} />
                <Button data-testid="confirm-accept" type="submit" form="reset-password-form" intent={Intent.WARNING} loading={busy} text={t('user.reset_password.accept')} />
              </>
            )
          }
        />
      </Dialog>
      {question}
    </>
  );
}
