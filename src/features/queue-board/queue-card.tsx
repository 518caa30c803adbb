import { Button, Card, H4, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { boardName, waitLevel, type WaitLevel } from '../../api/queues/board-display';
import type { AgentState } from '../../api/queues/queue-log';
import { formatDateTime } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { ConfirmDialog } from '../../ui/resource/confirm-dialog';
import { openPopup } from '../../shell/popups/open-popup';
import { formatSeconds, secondsSince } from '../../ui/time/use-now';

/** How a state shows: calls in blue, pauses in orange, free in green, away in grey. */
const STATE_INTENT: Record<AgentState, Intent> = {
  available: Intent.SUCCESS,
  ringing: Intent.PRIMARY,
  on_call: Intent.PRIMARY,
  dnd: Intent.WARNING,
  rest: Intent.WARNING,
  lunch: Intent.WARNING,
  after: Intent.WARNING,
  logged_out: Intent.NONE,
};

const LEVEL_INTENT: Record<WaitLevel, Intent> = { none: Intent.NONE, warning: Intent.WARNING, danger: Intent.DANGER };

/**
 * The colour of a wait against the queue's thresholds (`waitLevel`): amber from `wait_warning_s`, red
 * from `wait_danger_s`; blank, half the service-level threshold and all of it. The same rule colours the
 * longest wait and each caller's.
 */
export function waitIntent(waitedS: number, status: Parameters<typeof waitLevel>[1]): Intent {
  return LEVEL_INTENT[waitLevel(waitedS, status)];
}

/** Service level against the common 80 % target (guides/anchors.md); under 60 % is bad. */
export function serviceLevelIntent(level: number | null): Intent {
  if (level === null) return Intent.NONE;
  if (level < 0.6) return Intent.DANGER;
  if (level < 0.8) return Intent.WARNING;
  return Intent.SUCCESS;
}

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);
const secondsOrDash = (value: number | null) => (value === null ? '–' : formatSeconds(value));

function Figure({ label, value, intent = Intent.NONE, testId }: { label: string; value: string; intent?: Intent; testId: string }) {
  return (
    <div style={{ minWidth: 96 }}>
      <div className="bp6-text-muted" style={{ fontSize: 12 }}>
        {label}
      </div>
      <Tag large minimal={intent === Intent.NONE} intent={intent} data-testid={testId}>
        {value}
      </Tag>
    </div>
  );
}

export interface QueueCardProps {
  status: QueueStatusRecord;
  now: number;
  /** Absent for users whose reset button is hidden. */
  onReset?: (queue: string) => Promise<void>;
  /** Offer to open the queue alone in a window (queue-status); not inside that window itself. */
  openable?: boolean;
  /** Offer to edit the queue's board label and colours (queue-status/label/edit/{id}), on /queues. */
  labelEditable?: boolean;
}

/** One queue's live board: the figures, who is waiting and for how long, and each member's state. */
export function QueueCard({ status, now, onReset, openable = false, labelEditable = false }: QueueCardProps) {
  const t = useT();
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const waits = status.waiting.map((call) => ({ ...call, live: secondsSince(call.entered_at, now) }));
  const longest = waits.reduce((most, call) => Math.max(most, call.live), 0);
  const threshold = status.service_level_s;
  const name = boardName(status);
  const id = `queue-${status.queue}`;

  return (
    <Card data-testid={id} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
        <H4 style={{ margin: 0, flex: 1 }} data-testid={`${id}-name`} title={status.label ? status.name : undefined}>
          {name} <span className="bp6-text-muted">({status.queue})</span>
        </H4>
        <span className="bp6-text-muted" data-testid={`${id}-since`}>
          {status.reset_at ? t('queue_board.reset_by', { name: status.reset_by ?? '', at: formatDateTime(status.reset_at, language) }) : t('queue_board.since_midnight')}
        </span>
        {onReset && <Button size="small" icon="reset" data-testid={`${id}-reset`} text={t('queue_board.reset')} onClick={() => setConfirming(true)} />}
        {labelEditable && (
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            data-testid={`${id}-edit-label`}
            aria-label={t('queue_label.edit')}
            title={t('queue_label.edit')}
            onClick={() => openPopup('edit-queue-status-label', { id: status.id })}
          />
        )}
        {openable && <Button size="small" variant="minimal" icon="share" data-testid={`${id}-open`} aria-label={t('queue_board.open_window')} title={t('queue_board.open_window')} onClick={() => openPopup('queue-status', { queue: status.queue })} />}
      </div>

      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <Figure testId={`${id}-waiting`} label={t('queue_board.waiting')} value={String(waits.length)} intent={waits.length > 0 ? waitIntent(longest, status) : Intent.NONE} />
        <Figure testId={`${id}-longest`} label={t('queue_board.longest_wait')} value={formatSeconds(longest)} intent={waitIntent(longest, status)} />
        <Figure testId={`${id}-offered`} label={t('queue_board.offered')} value={String(status.offered)} />
        <Figure testId={`${id}-answered`} label={t('queue_board.answered')} value={String(status.answered)} />
        <Figure testId={`${id}-abandoned`} label={t('queue_board.abandoned')} value={String(status.abandoned)} intent={status.abandoned > 0 ? Intent.WARNING : Intent.NONE} />
        <Figure testId={`${id}-sl`} label={t('queue_board.service_level', { seconds: threshold })} value={percent(status.service_level)} intent={serviceLevelIntent(status.service_level)} />
        <Figure testId={`${id}-sl2`} label={t('queue_board.service_level_with_abandoned')} value={percent(status.service_level_with_abandoned)} intent={serviceLevelIntent(status.service_level_with_abandoned)} />
        <Figure testId={`${id}-asa`} label={t('queue_board.avg_wait')} value={secondsOrDash(status.avg_wait_s)} />
        <Figure testId={`${id}-aht`} label={t('queue_board.avg_talk')} value={secondsOrDash(status.avg_talk_s)} />
      </div>

      {waits.length > 0 && (
        <HTMLTable compact striped data-testid={`${id}-callers`}>
          <thead>
            <tr>
              <th>{t('queue_board.caller')}</th>
              <th>{t('queue_board.waited')}</th>
            </tr>
          </thead>
          <tbody>
            {waits.map((call) => (
              <tr key={call.uniqueid} data-testid={`${id}-caller-${call.uniqueid}`}>
                <td>{call.caller}</td>
                <td>
                  <Tag minimal intent={waitIntent(call.live, status)}>
                    {formatSeconds(call.live)}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}

      <HTMLTable compact data-testid={`${id}-agents`}>
        <thead>
          <tr>
            <th>{t('queue_board.extension')}</th>
            <th>{t('queue_board.agent')}</th>
            <th>{t('queue_board.state')}</th>
            <th>{t('queue_board.time_in_state')}</th>
          </tr>
        </thead>
        <tbody>
          {status.agents.map((agent) => (
            <tr key={agent.extension} data-testid={`${id}-agent-${agent.extension}`} data-state={agent.state}>
              <td>{agent.extension}</td>
              <td>{agent.name}</td>
              <td>
                <Tag intent={STATE_INTENT[agent.state]} minimal={agent.state === 'logged_out'}>
                  {t(`queue_board.state.${agent.state}`)}
                  {agent.reason && agent.state === 'on_call' ? ` · ${t(`queue_board.reason.${agent.reason}`)}` : ''}
                </Tag>
              </td>
              <td data-testid={`${id}-agent-${agent.extension}-time`}>{agent.since ? formatSeconds(secondsSince(agent.since, now)) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>

      {onReset && (
        <ConfirmDialog
          isOpen={confirming}
          titleId="queue_board.reset_title"
          messageId="queue_board.reset_confirm"
          values={{ name }}
          intent={Intent.WARNING}
          confirmTextId="queue_board.reset"
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await onReset(status.queue);
            } catch (failure) {
              showError(failure);
            } finally {
              setConfirming(false);
            }
          }}
        />
      )}
    </Card>
  );
}
