import { NonIdealState, Spinner } from '@blueprintjs/core';
import { hasUserPermission } from '../../api/permissions/check';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { useUserInfo } from '../../shell/session/session-selectors';
import { useNow } from '../../ui/time/use-now';
import { QueueCard } from './queue-card';

/**
 * `queue-status?queue=` (a window): one queue's live board, as on /queues, to keep beside other work;
 * without `queue`, every queue. Pushed like the page (docs/queues.md "Board pop-ups").
 */
export default function QueueStatusPopup({ connect }: { connect?: QueueBoardConnect }) {
  const t = useT();
  const userInfo = useUserInfo();
  const queue = usePopup()?.query.queue ?? '';
  const { queues, received, reset } = useLiveQueueBoards(connect);
  const now = useNow(1000);
  const mayReset = !(userInfo?.role === 'agent' && hasUserPermission(userInfo, 'hide_queue_reset_button'));
  const shown = queue ? queues.filter((status) => status.queue === queue) : queues;
  if (!received) return <Spinner />;
  if (shown.length === 0) {
    return (
      <div data-testid="queue-status-missing">
        <NonIdealState icon="search" title={t('queue_board.no_such_queue', { queue })} />
      </div>
    );
  }
  return (
    <div data-testid="queue-status-popup" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      {shown.map((status) => (
        <QueueCard key={status.queue} status={status} now={now} {...(mayReset ? { onReset: reset } : {})} />
      ))}
    </div>
  );
}
