import { Card } from '@blueprintjs/core';
import { usePopup } from '../../app/popups/popup-context';
import { showToast } from '../../ui/feedback/toaster';
import { useT } from '../../i18n/use-t';
import { UserForm } from './user-form';

/** Pop-up `user/add` (window or dialog): the user form with the photo; closes itself once saved. */
export default function AddUserPopup() {
  const t = useT();
  const popup = usePopup();
  return (
    <Card data-testid="add-user-popup" style={{ margin: 16 }}>
      <UserForm
        onSaved={() => {
          void showToast(t('user.saved'));
          popup?.close();
        }}
        onCancel={popup?.close}
      />
    </Card>
  );
}
