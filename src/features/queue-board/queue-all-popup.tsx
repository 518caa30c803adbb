import { HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { boardName } from '../../api/queues/board-display';
import { agentCounts, longestWaitNow } from '../../api/queues/board-summary';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import { useT } from '../../i18n/use-t';
import { formatSeconds, useNow } from '../../ui/time/use-now';
import { serviceLevelIntent, waitIntent } from './queue-card';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);

/**
 * `queue-all` (queue status all, a window): every queue on one line each, live: waiting, longest wait,
 * the day's counts, both service levels and how many members are free, busy, paused or away.
 */
export default function QueueAllPopup({ connect }: { connect?: QueueBoardConnect }) {
  const t = useT();
  const { queues, received } = useLiveQueueBoards(connect);
  const now = useNow(1000);
  if (!received) return <Spinner />;
  return (
    <div style={{ padding: 12 }}>
      <HTMLTable compact striped data-testid="queue-all" style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('queue_board.queue')}</th>
            <th>{t('queue_board.waiting')}</th>
            <th>{t('queue_board.longest_wait')}</th>
            <th>{t('queue_board.offered')}</th>
            <th>{t('queue_board.answered')}</th>
            <th>{t('queue_board.abandoned')}</th>
            <th>{t('queue_board.service_level_short')}</th>
            <th>{t('queue_board.service_level_with_abandoned')}</th>
            <th>{t('queue_board.agents_available')}</th>
            <th>{t('queue_board.agents_busy')}</th>
            <th>{t('queue_board.agents_paused')}</th>
            <th>{t('queue_board.agents_away')}</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((status) => {
            const longest = longestWaitNow(status, now);
            const counts = agentCounts(status);
            return (
              <tr key={status.queue} data-testid={`queue-all-${status.queue}`}>
                <td>
                  {boardName(status)} ({status.queue})
                </td>
                <td>{status.waiting.length}</td>
                <td>
                  <Tag minimal intent={waitIntent(longest, status)}>
                    {formatSeconds(longest)}
                  </Tag>
                </td>
                <td>{status.offered}</td>
                <td>{status.answered}</td>
                <td>{status.abandoned}</td>
                <td>
                  <Tag minimal intent={serviceLevelIntent(status.service_level)}>
                    {percent(status.service_level)}
                  </Tag>
                </td>
                <td>{percent(status.service_level_with_abandoned)}</td>
                <td>{counts.available}</td>
                <td>{counts.busy}</td>
                <td>{counts.paused}</td>
                <td>{counts.away}</td>
              </tr>
            );
          })}
          {queues.length === 0 && (
            <tr>
              <td colSpan={12}>
                <Tag minimal intent={Intent.NONE}>
                  {t('queue_board.no_queues')}
                </Tag>
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
