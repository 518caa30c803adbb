import { useMemo, useState } from 'react';
import { useUserInfo } from '../../shell/session/session-selectors';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { urlListFilters } from '../../ui/resource/url-list-filters';
import { CallbackDialogs, type CallbackDialog } from './callback-dialogs';
import { callbackView } from './callbacks.resource';

/**
 * /consultations/callbacks: open callbacks first (the `active` filter), click-to-call numbers, status
 * for whoever sees the callback, assignment for managers. Which callbacks an agent sees is the
 * server's decision (callback_share). A link may open it narrowed (`?assignment=mine`, the dashboard's
 * "my open callbacks").
 */
export default function CallbacksScreen() {
  const userInfo = useUserInfo();
  const canAssign = userInfo?.role === 'manager';
  const [dialog, setDialog] = useState<CallbackDialog>(null);
  const [initialQuery] = useState(() => ({ status: 'active' as const, ...urlListFilters(['status', 'assignment']) }));
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
      <ResourceListPanel view={view} subject={userInfo} initialQuery={initialQuery} />
      <CallbackDialogs dialog={dialog} canAssign={canAssign} onClose={() => setDialog(null)} />
    </>
  );
}
