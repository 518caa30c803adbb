import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { dismissError, useCurrentError } from './error-store';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';

/** Mount once (App). Shows what showError() reported: the message, and field messages if no form took them. */
export function ErrorDialog() {
  const t = useT();
  const translate = useTranslateMaybeId();
  const error = useCurrentError();
  const fields = Object.entries(error?.fieldErrors ?? {});

  return (
    <Dialog
      isOpen={error !== null}
      onClose={dismissError}
      title={t('error_dialog.title')}
      icon="error"
      // The footer has a translated close button; Blueprint's own one is labelled in English only.
      isCloseButtonShown={false}
    >
      <DialogBody data-testid="error-dialog">
        <p className={Classes.RUNNING_TEXT} data-testid="error-dialog-message">
          {error ? translate(error.message) : null}
        </p>
        {fields.length > 0 && (
          <ul className={Classes.LIST}>
            {fields.map(([field, messages]) => (
              <li key={field}>{messages.map(translate).join(' ')}</li>
            ))}
          </ul>
        )}
      </DialogBody>
      <DialogFooter
        actions={<Button intent={Intent.PRIMARY} onClick={dismissError} text={t('common.close')} />}
      />
    </Dialog>
  );
}
