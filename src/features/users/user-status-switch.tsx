import { Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import type { User } from '../../api/contracts/user.contract';
import { useUserWrites } from '../../api/resources/user-api';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { ConfirmDialog } from '../../ui/resource/confirm-dialog';
import { useT } from '../../i18n/use-t';
import { OWN_ACCOUNT_REASON, useIsOwnAccount } from './own-account';

/**
 * The status column: a switch per user. Deactivating signs the user out at once (users/update-status), so
 * it asks first; activating does not. Disabled on the signed-in manager's own row (own-account.ts).
 */
export function UserStatusSwitch({ user }: { user: User }) {
  const t = useT();
  const { updateStatus } = useUserWrites();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Deactivating oneself would lock one out; the server refuses it too.
  const ownAccount = useIsOwnAccount()(user);
  const change = async (status: User['status']) => {
    setBusy(true);
    try {
      await updateStatus(user.id, status);
      void showToast(t('user.status.changed'));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      {/* The title sits on a wrapper: the switch's own props go to its <input>, which gets no hover when disabled. */}
      <div title={ownAccount ? t(OWN_ACCOUNT_REASON) : undefined}>
        <Switch
          data-testid={`status-${user.id}`}
          checked={user.status === 'active'}
          disabled={busy || ownAccount}
          aria-label={t('user.status.switch_label', { name: user.name })}
          labelElement={t(user.status === 'active' ? 'user.status.active' : 'user.status.inactive')}
          style={{ marginBottom: 0 }}
          onChange={(event) => (event.currentTarget.checked ? void change('active') : setConfirming(true))}
        />
      </div>
      <ConfirmDialog
        isOpen={confirming}
        titleId="user.status.deactivate_title"
        messageId="user.status.deactivate_confirm"
        values={{ name: user.name }}
        confirmTextId="user.status.deactivate"
        intent={Intent.DANGER}
        busy={busy}
        onConfirm={() => void change('inactive')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
