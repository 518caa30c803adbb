import { transferHistoryEntity } from '../../api/contracts/transfer.contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { transferHistoryView } from './transfer-history.view';

const view = viewOf(transferHistoryEntity, transferHistoryView);

/**
 * The pop-up transfer/history (transfer-history, specification §2): every change of call forwarding
 * (who, when, the number and switch before and after, where it was made), read-only, newest first, with
 * the extension, change, source, user and day filters. An agent sees their own extension's.
 */
export default function TransferHistoryPopup() {
  const subject = useUserInfo();
  return (
    <div style={{ padding: 16 }} data-testid="transfer-history">
      <ResourceListPanel view={view} subject={subject} initialQuery={{ sort_by: 'created_at', sort_order: 'desc' }} />
    </div>
  );
}
