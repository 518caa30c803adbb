import { useMemo, useState } from 'react';
import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { CallbackDialogs, type CallbackDialog } from './callback-dialogs';
import { callbackView } from './callbacks.resource';

/**
 * /consultations/callbacks: open callbacks first (the `active` filter), click-to-call numbers, status
 * for whoever sees the callback, assignment for managers. Which callbacks an agent sees is the
 * server's decision (callback_share).
 */
export default function CallbacksScreen() {
  const userInfo = useUserInfo();
  const canAssign = userInfo?.role === 'manager';
  const [dialog, setDialog] = useState<CallbackDialog>(null);
  const view = useMemo(
    () =>
      callbackView({
        onStatus: (callback) => setDialog({ kind: 'status', callback }),
        onAssign: canAssign ? (callback) => setDialog({ kind: 'assign', callback }) : undefined,
      }),
    [canAssign],
  );
  return (
    <>
      <ResourceListPanel view={view} subject={userInfo} initialQuery={{ status: 'active' }} />
      <CallbackDialogs dialog={dialog} canAssign={canAssign} onClose={() => setDialog(null)} />
    </>
  );
}
