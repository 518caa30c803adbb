import { Card } from '@blueprintjs/core';
import { ChangePasswordForm } from './change-password-form';
import { changePassword } from '../../api/session-api';
import { showToast } from '../../ui/feedback/toaster';
import { useT } from '../../i18n/use-t';

/** My account → change password: current, new and confirmation. */
export default function ChangePasswordScreen() {
  const t = useT();
  return (
    <Card>
      <ChangePasswordForm
        onSave={async (values) => {
          await changePassword(values);
          void showToast(t('my_account.password_changed'));
        }}
      />
    </Card>
  );
}
