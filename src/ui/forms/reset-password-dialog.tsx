import { Button, Classes, Code, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { showError } from '../feedback/error-store';
import { showToast } from '../feedback/toaster';
import { focusFirstField } from '../focus/focus-return';
import { useDialogFocus } from '../focus/use-dialog-focus';
import { useAskBeforeClosing } from './ask-before-closing';
import { fieldErrorsFromServer } from './field-errors';
import { FormIdScope } from './field-ids';
import { TextField } from './text-field';
import { TYPING_LOST } from './unsaved-work';

/** The texts of one use of the dialog; each is given `{ name }`. */
export interface ResetPasswordTexts {
  title: MessageId;
  temporaryTitle: MessageId;
  /** Above the form: what happens (the user is signed out). */
  confirm: MessageId;
  newPassword: MessageId;
  accept: MessageId;
  /** Above the generated password. */
  temporaryBody: MessageId;
  /** The toast after a typed password was set. */
  done: MessageId;
}

export interface ResetPasswordDialogProps {
  /** Whose password: open while set. */
  subject: { id: number; name: string } | null;
  onClose: () => void;
  /** Sets the password (undefined: the server makes a temporary one and answers it). */
  reset: (id: number, password: string | undefined) => Promise<{ temporary_password?: string | null }>;
  texts: ResetPasswordTexts;
  formId: string;
}

/**
 * Password reset (specification §5: it needs a confirmation), for a manager resetting a user's and the
 * administrator a manager's. The new password may be typed; left empty, the server makes a temporary one,
 * shown here once with a copy button. Either way the user's sessions end.
 */
export function ResetPasswordDialog({ subject: user, onClose, reset: resetPassword, texts, formId }: ResetPasswordDialogProps) {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
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
        void showToast(t(texts.done, { name: user.name }));
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
      <Dialog isOpen={user !== null} onClose={busy ? undefined : close} title={t(temporary ? texts.temporaryTitle : texts.title, { name })} icon="key" style={{ width: 465 }} {...focus}>
        <DialogBody>
          {temporary ? (
            <>
              <p className={Classes.RUNNING_TEXT}>{t(texts.temporaryBody, { name })}</p>
              <Code data-testid="temporary-password" style={{ fontSize: 18, padding: '6px 10px', userSelect: 'all' }}>
                {temporary}
              </Code>
            </>
          ) : (
            <FormIdScope>
              <form
                id={formId}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void reset();
                }}
              >
                <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
                  {t(texts.confirm, { name })}
                </p>
                <TextField
                  name="password"
                  labelId={texts.newPassword}
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
                <Button data-testid="confirm-accept" type="submit" form={formId} intent={Intent.WARNING} loading={busy} text={t(texts.accept, { name })} />
              </>
            )
          }
        />
      </Dialog>
      {question}
    </>
  );
}
