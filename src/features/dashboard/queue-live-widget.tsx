import { Callout, Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { boardName, waitLevel } from '../../api/queues/board-display';
import { agentCounts, longestWaitNow } from '../../api/queues/board-summary';
import { useT } from '../../i18n/use-t';
import { formatSeconds, useNow } from '../../ui/time/use-now';
import { WidgetCard } from './dashboard-widget';
import { DASHBOARD_LINKS } from './dashboard-links';
import { NumberLink } from './number-link';

function summaryOf(queue: QueueStatusRecord, now: number) {
  const counts = agentCounts(queue);
  // The longest wait counts on in the browser from when each caller entered, as on /queues.
  return { available: counts.available, on_call: counts.busy, paused: counts.paused, waiting: queue.waiting.length, longest: longestWaitNow(queue, now) };
}

/**
 * Each queue's live summary from the pushed board (the same push as /queues): callers waiting, the
 * longest wait (red from the queue's red threshold, docs/queues.md "Board label and colours"), under its board label, agents available, on a call and paused; every number
 * opens the board.
 */
export function QueueLiveWidget({ queues, connected, received }: { queues: QueueStatusRecord[]; connected: boolean; received: boolean }) {
  const t = useT();
  const now = useNow(1000);
  let body;
  if (!received) {
    body = connected ? (
      <div data-testid="dashboard-queues-loading" className={Classes.SKELETON} style={{ height: 48 }} />
    ) : (
      <Callout compact intent={Intent.WARNING} data-testid="dashboard-queues-offline">{t('queue_board.reconnecting_long')}</Callout>
    );
  } else if (queues.length === 0) {
    body = <p className={Classes.TEXT_MUTED}>{t('queue_board.no_queues')}</p>;
  } else {
    body = (
      <HTMLTable compact style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('dashboard.queues.queue')}</th>
            <th>{t('queue_board.waiting')}</th>
            <th>{t('queue_board.longest_wait')}</th>
            <th>{t('queue_board.state.available')}</th>
            <th>{t('queue_board.state.on_call')}</th>
            <th>{t('dashboard.queues.paused')}</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => {
            const summary = summaryOf(queue, now);
            const id = `dashboard-queue-${queue.queue}`;
            const late = summary.waiting > 0 && waitLevel(summary.longest, queue) === 'danger';
            return (
              <tr key={queue.queue} data-testid={id}>
                <td>{boardName(queue)} <span className={Classes.TEXT_MUTED}>{queue.queue}</span></td>
                <td><NumberLink testId={`${id}-waiting`} to={DASHBOARD_LINKS.queues}>{summary.waiting}</NumberLink></td>
                <td className={late ? Classes.INTENT_DANGER : undefined}>
                  <NumberLink testId={`${id}-longest`} to={DASHBOARD_LINKS.queues}>{summary.waiting > 0 ? formatSeconds(summary.longest) : '–'}</NumberLink>
                </td>
                <td><NumberLink testId={`${id}-available`} to={DASHBOARD_LINKS.queues}>{summary.available}</NumberLink></td>
                <td><NumberLink testId={`${id}-on-call`} to={DASHBOARD_LINKS.queues}>{summary.on_call}</NumberLink></td>
                <td><NumberLink testId={`${id}-paused`} to={DASHBOARD_LINKS.queues}>{summary.paused}</NumberLink></td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    // The manager's first look: a whole row, so six columns per queue never squeeze.
    <WidgetCard testId="dashboard-queues" titleId="dashboard.queues.title" fullRow>
      <div>
        <Tag minimal intent={connected ? Intent.SUCCESS : Intent.DANGER} icon={connected ? 'feed' : 'offline'} data-testid="dashboard-queues-connection">
          {t(connected ? 'queue_board.live' : 'queue_board.reconnecting')}
        </Tag>
      </div>
      {body}
    </WidgetCard>
  );
}
