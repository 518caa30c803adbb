import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { useT } from '../../i18n/use-t';
import { UserForm } from './user-form';
import { PopupFormCard } from '../../ui/layout/popup-form-card';

/** Pop-up `user/add` (window or dialog): the user form with the photo; closes itself once saved. */
export default function AddUserPopup() {
  const t = useT();
  const popup = usePopup();
  return (
    <PopupFormCard testId="add-user-popup">
      <UserForm
        onSaved={() => closeAfterSaving(popup, t('user.saved'))}
        onCancel={popup?.close}
      />
    </PopupFormCard>
  );
}
