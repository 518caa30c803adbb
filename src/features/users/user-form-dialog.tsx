import { Dialog, DialogBody } from '@blueprintjs/core';
import type { User } from '../../api/contracts/user.contract';
import { useT } from '../../i18n/use-t';
import { UserForm } from './user-form';
import { useIsOwnAccount } from './own-account';
import { focusFirstField } from '../../ui/focus/focus-return';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';
import { useAskBeforeClosing } from '../../ui/forms/ask-before-closing';
import { UnsavedWorkContext, useUnsavedWork } from '../../ui/forms/unsaved-work';

export interface UserFormDialogProps {
  /** The user being edited; null keeps the dialog closed. */
  user: User | null;
  onSaved: (user: User) => void;
  onClose: () => void;
}

/** Editing a user from the list: the user form (photo included) in an in-page dialog; closing it with typing in it asks first. */
export function UserFormDialog({ user, onSaved, onClose }: UserFormDialogProps) {
  const t = useT();
  // Starts on the first field; focus goes back where it was when the dialog closes.
  const focus = useDialogFocus(focusFirstField);
  const unsaved = useUnsavedWork();
  const isOwnAccount = useIsOwnAccount();
  const { close, question } = useAskBeforeClosing(unsaved.current, onClose, 'resource.close_form_title');
  return (
    <>
      <Dialog
        isOpen={user !== null}
        onClose={close}
        title={t('resource.edit_title', { noun: t('user.noun') })}
        // A stray click outside must not throw away what was typed.
        canOutsideClickClose={false}
        style={{ width: 720 }}
        {...focus}
      >
        <DialogBody>
          {user && (
            <UnsavedWorkContext value={unsaved.report}>
              <UserForm key={user.id} user={user} onSaved={onSaved} onCancel={close} ownAccount={isOwnAccount(user)} />
            </UnsavedWorkContext>
          )}
        </DialogBody>
      </Dialog>
      {question}
    </>
  );
}
