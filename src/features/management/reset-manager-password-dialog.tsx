import { Button, Classes, Code, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { MANAGEMENT_PATHS, type Manager } from '../../api/contracts/management.contract';
import { resetPasswordResponseSchema } from '../../api/contracts/user-actions.contract';
import { postParsed } from '../../api/post-parsed';
import { useT } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';
import { focusFirstField } from '../../ui/focus/focus-return';
import { fieldErrorsFromServer } from '../../ui/forms/field-errors';
import { FormIdScope } from '../../ui/forms/field-ids';
import { TextField } from '../../ui/forms/text-field';

/**
 * A manager's password reset (specification §5: it needs a confirmation). The administrator types the
 * new password, or leaves it empty for a generated one shown here once; the manager is signed out.
 */
export function ResetManagerPasswordDialog({ manager, onClose }: { manager: Manager | null; onClose: () => void }) {
  const t = useT();
  const focus = useDialogFocus(focusFirstField);
  const { mutate } = useSWRConfig();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setErrors(undefined);
    setGenerated(null);
    onClose();
  };
  const reset = async () => {
    if (!manager) return;
    setBusy(true);
    try {
      const answer = await postParsed(MANAGEMENT_PATHS.managerResetPassword, { id: manager.id, password: password || undefined }, (data) => resetPasswordResponseSchema.parse(data));
      void mutate(() => true);
      if (answer.temporary_password) setGenerated(answer.temporary_password);
      else {
        void showToast(t('management.manager.reset_done'));
        close();
      }
    } catch (err) {
      const fieldErrors = fieldErrorsFromServer(err);
      if (fieldErrors?.password) setErrors(fieldErrors.password);
      else showError(err);
    } finally {
      setBusy(false);
    }
  };

  const name = manager?.name ?? '';
  return (
    <Dialog isOpen={manager !== null} onClose={busy ? undefined : close} title={t('management.manager.reset_title', { name })} icon="key" style={{ width: 465 }} {...focus}>
      <DialogBody>
        {generated ? (
          <>
            <p className={Classes.RUNNING_TEXT}>{t('management.manager.reset_generated', { name })}</p>
            <Code data-testid="temporary-password" style={{ fontSize: 18, padding: '6px 10px', userSelect: 'all' }}>
              {generated}
            </Code>
          </>
        ) : (
          <FormIdScope>
            <form
              id="manager-reset-password-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void reset();
              }}
            >
              <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
                {t('management.manager.reset_body')}
              </p>
              <TextField
                name="password"
                labelId="management.manager.reset_new_password"
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
          generated ? (
            <Button data-testid="confirm-close" intent={Intent.PRIMARY} text={t('common.close')} onClick={close} />
          ) : (
            <>
              <Button data-testid="confirm-cancel" disabled={busy} text={t('resource.cancel')} onClick={close} />
              <Button data-testid="confirm-accept" type="submit" form="manager-reset-password-form" intent={Intent.WARNING} loading={busy} text={t('management.manager.reset_confirm')} />
            </>
          )
        }
      />
    </Dialog>
  );
}
