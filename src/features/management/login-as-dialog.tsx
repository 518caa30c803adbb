import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useRef } from 'react';
import type { CompanyUser, Manager } from '../../api/contracts/management.contract';
import { useT } from '../../i18n/use-t';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';
import { loginAsUser, useIsSwitchingUser, useSwitchError } from '../../shell/session/session-selectors';

/**
 * "Log in as" after a confirmation (specification §5, §6). Confirming sends LOGIN_AS to the session
 * machine, which keeps the administrator's session aside and opens the user's landing page as them
 * (docs/administration.md); a refusal is said here and the administrator stays as they were.
 */
export function LoginAsDialog({ user, onClose }: { user: Manager | CompanyUser | null; onClose: () => void }) {
  const t = useT();
  const switching = useIsSwitchingUser();
  const error = useSwitchError();
  const cancel = useRef<HTMLButtonElement>(null);
  const focus = useDialogFocus(() => cancel.current?.focus());
  const failed = user !== null && error !== null && !switching;
  return (
    <Dialog isOpen={user !== null} onClose={switching ? undefined : onClose} title={t('management.login_as_title', { name: user?.name ?? '' })} icon="log-in" style={{ width: 480 }} {...focus}>
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
          {t('management.login_as_body', { name: user?.name ?? '', username: user?.username ?? '', company: user?.company_name ?? '' })}
        </p>
        {failed && (
          <Callout intent={Intent.DANGER} data-testid="login-as-error">
            {Object.values(error.fieldErrors).flat()[0] ?? error.message}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button ref={cancel} data-testid="confirm-cancel" disabled={switching} onClick={onClose} text={t('resource.cancel')} />
            <Button
              data-testid="confirm-accept"
              intent={Intent.WARNING}
              loading={switching}
              onClick={() => user && loginAsUser(user.id)}
              text={t('management.login_as_confirm')}
            />
          </>
        }
      />
    </Dialog>
  );
}
