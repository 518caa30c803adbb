import { Button, Callout, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { hasUserPermission } from '../../api/permissions/check';
import type { AutoCallRunConnect } from '../../api/resources/auto-call-api';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import { useT } from '../../i18n/use-t';
import { openPopup } from '../../shell/popups/open-popup';
import { getPopupSpec } from '../../shell/popups/popup-table';
import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';
import { useNow } from '../../ui/time/use-now';
import { OutboundStatus } from './outbound-status';
import { QueueCard } from './queue-card';

/**
 * `/queues`, the supervisor's live queue board (docs/queues.md): every queue of the company as the
 * server pushes it, waits and times in state counting in the browser each second. Managers and agents
 * with the queue board permission; the reset button is hidden for users with "hide reset button for
 * queues" (the server refuses them too). Each card edits its board label and colours in a window; users
 * whose user info has queue_report_status open the queue report.
 */
export default function QueueBoardScreen({ connect, outboundConnect }: { connect?: QueueBoardConnect; outboundConnect?: AutoCallRunConnect }) {
  const t = useT();
  const userInfo = useUserInfo();
  const { queues, connected, received, reset } = useLiveQueueBoards(connect);
  const now = useNow(1000);
  const mayReset = !(userInfo?.role === 'agent' && hasUserPermission(userInfo, 'hide_queue_reset_button'));
  // The queue report's own rule (popup-table.ts): the board's permission and queue_report_status.
  const report = getPopupSpec('queue-status-report')?.access;
  const mayReport = report ? canAccess(report, userInfo) : false;
  const waiting = queues.reduce((sum, queue) => sum + queue.waiting.length, 0);

  return (
    <section data-testid="queue-board" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Tag large intent={waiting > 0 ? Intent.WARNING : Intent.NONE} data-testid="queue-board-total-waiting">
          {t('queue_board.total_waiting', { count: waiting })}
        </Tag>
        <Tag minimal intent={connected ? Intent.SUCCESS : Intent.DANGER} icon={connected ? 'feed' : 'offline'} data-testid="queue-board-connection">
          {t(connected ? 'queue_board.live' : 'queue_board.reconnecting')}
        </Tag>
        <span style={{ flex: 1 }} />
        <Button size="small" variant="outlined" icon="th" data-testid="queue-board-open-all" text={t('queue_board.open_all')} onClick={() => openPopup('queue-all')} />
        <Button size="small" variant="outlined" icon="desktop" data-testid="queue-board-open-wallboard" text={t('queue_board.open_wallboard')} onClick={() => openPopup('queue-status-v2')} />
        {mayReport && <Button size="small" variant="outlined" icon="th-list" data-testid="queue-board-open-report" text={t('queue_report.open')} onClick={() => openPopup('queue-status-report')} />}
      </div>
      {!received && connected && <Spinner size={24} />}
      {!received && !connected && <Callout intent={Intent.WARNING}>{t('queue_board.reconnecting_long')}</Callout>}
      {received && queues.length === 0 && <NonIdealState icon="layout-grid" title={t('queue_board.no_queues')} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(520px, 1fr))', gap: 12 }}>
        {queues.map((status) => (
          <QueueCard key={status.queue} status={status} now={now} openable labelEditable {...(mayReset ? { onReset: reset } : {})} />
        ))}
      </div>
      <OutboundStatus {...(outboundConnect ? { connect: outboundConnect } : {})} />
    </section>
  );
}
