import { useState } from 'react';
import type { User } from '../../api/contracts/user.contract';
import { USER_PATHS } from '../../api/contracts/user.contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import { openPopup } from '../../shell/popups/open-popup';
import { showToast } from '../../ui/feedback/toaster';
import { PageFrame } from '../../ui/page/page-frame';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { useT } from '../../i18n/use-t';
import { useOwnAccountRefusal } from './own-account';
import { ResetPasswordDialog } from './reset-password-dialog';
import { closeUserDialog, useUserDialog } from './user-dialog-store';
import { UserFormDialog } from './user-form-dialog';
import { userView } from './users.resource';

/**
 * /users (managers): the company's users with search, role and status filters, sort, column settings,
 * status and queue report switches, add (the `user/add` pop-up), edit, delete (warning that the username
 * can never be used again), permissions (the `user/edit-permission/{id}` pop-up), password reset, export
 * and extensions. On the manager's own row, delete, deactivate and password reset are disabled with the
 * reason (own-account.ts).
 */
export default function UsersScreen() {
  const t = useT();
  const userInfo = useUserInfo();
  const dialog = useUserDialog();
  const ownAccountRefusal = useOwnAccountRefusal();
  const [editing, setEditing] = useState<User | null>(null);
  return (
    <PageFrame titleId="route.users">
      <ResourceListPanel
        view={userView}
        subject={userInfo}
        listPath={USER_PATHS.index}
        onAdd={() => void openPopup('add-user')}
        onEdit={setEditing}
        actionRefusal={ownAccountRefusal}
      />
      <UserFormDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void showToast(t('user.saved'));
        }}
      />
      <ResetPasswordDialog user={dialog?.kind === 'reset-password' ? dialog.user : null} onClose={closeUserDialog} />
    </PageFrame>
  );
}
