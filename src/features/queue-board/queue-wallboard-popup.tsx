import { Card, Intent, Spinner } from '@blueprintjs/core';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { boardName } from '../../api/queues/board-display';
import { agentCounts, longestWaitNow } from '../../api/queues/board-summary';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import { useT } from '../../i18n/use-t';
import { formatSeconds, useNow } from '../../ui/time/use-now';
import { serviceLevelIntent, waitIntent } from './queue-card';

const COLOURS: Record<Intent, string> = {
  [Intent.NONE]: 'inherit',
  [Intent.PRIMARY]: '#2d72d2',
  [Intent.SUCCESS]: '#238551',
  [Intent.WARNING]: '#c87619',
  [Intent.DANGER]: '#cd4246',
};

function Big({ label, value, intent = Intent.NONE, testId }: { label: string; value: string; intent?: Intent; testId: string }) {
  return (
    <div style={{ textAlign: 'center' }}>
      <div data-testid={testId} data-intent={intent} style={{ fontSize: 44, fontWeight: 700, lineHeight: 1.1, color: COLOURS[intent] }}>
        {value}
      </div>
      <div className="bp6-text-muted">{label}</div>
    </div>
  );
}

function Tile({ status, now }: { status: QueueStatusRecord; now: number }) {
  const t = useT();
  const longest = longestWaitNow(status, now);
  const counts = agentCounts(status);
  const id = `wallboard-${status.queue}`;
  return (
    <Card data-testid={id} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ fontSize: 22, fontWeight: 600 }}>
        {boardName(status)} <span className="bp6-text-muted">{status.queue}</span>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
        <Big testId={`${id}-waiting`} label={t('queue_board.waiting')} value={String(status.waiting.length)} intent={status.waiting.length > 0 ? waitIntent(longest, status) : Intent.NONE} />
        <Big testId={`${id}-longest`} label={t('queue_board.longest_wait')} value={formatSeconds(longest)} intent={waitIntent(longest, status)} />
        <Big
          testId={`${id}-sl`}
          label={t('queue_board.service_level', { seconds: status.service_level_s })}
          value={status.service_level === null ? '–' : `${Math.round(status.service_level * 100)}%`}
          intent={serviceLevelIntent(status.service_level)}
        />
        <Big testId={`${id}-answered`} label={t('queue_board.answered')} value={String(status.answered)} />
        <Big testId={`${id}-abandoned`} label={t('queue_board.abandoned')} value={String(status.abandoned)} intent={status.abandoned > 0 ? Intent.WARNING : Intent.NONE} />
        <Big testId={`${id}-available`} label={t('queue_board.agents_available')} value={`${counts.available}/${status.agents.length}`} intent={counts.available === 0 ? Intent.DANGER : Intent.SUCCESS} />
      </div>
    </Card>
  );
}

/**
 * `queue-status/v2` (a window, for a wall screen): each queue as a tile of big figures readable across
 * the room: waiting, longest wait and service level coloured against the queue's threshold, answered,
 * abandoned, and free members out of all. Live like the board (docs/queues.md "Board pop-ups").
 */
export default function QueueWallboardPopup({ connect }: { connect?: QueueBoardConnect }) {
  const { queues, received } = useLiveQueueBoards(connect);
  const now = useNow(1000);
  if (!received) return <Spinner />;
  return (
    <div data-testid="queue-wallboard" style={{ padding: 12, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))', gap: 12 }}>
      {queues.map((status) => (
        <Tile key={status.queue} status={status} now={now} />
      ))}
    </div>
  );
}
