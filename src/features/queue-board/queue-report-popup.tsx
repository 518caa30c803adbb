import { Button, H4, H5, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import { formatDay, formatTime } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showError } from '../../ui/feedback/error-store';
import { formatSeconds, useNow } from '../../ui/time/use-now';
import { serviceLevelIntent, waitIntent } from './queue-card';
import { agentReportRows, percentOf, queueReportRows, seoulDayOf, type AgentReportRow, type QueueReportRow } from './queue-report-rows';
import { saveWorkbook, type Sheet } from '../../ui/export/workbook';
import './queue-report.css';

const percentText = (value: number | null) => (value === null ? '–' : `${percentOf(value)}%`);
const secondsText = (value: number | null) => (value === null ? '–' : formatSeconds(value));
const wholeSeconds = (value: number | null) => (value === null ? null : Math.round(value));

/**
 * `queue-status-report` ("queue report", a window): today's report from the live boards, to print or
 * download: a table per queue (offered, answered, abandoned, timed out, both service levels, average
 * speed of answer and talk, the longest wait now and callers waiting) and one per agent across the
 * queues (extension, name, queues, state, reason, time in state), updating as the boards are pushed.
 * "Download Excel" writes both tables as they stand (numbers a spreadsheet adds up: % and seconds);
 * "Print" prints the window without its buttons. Only for users whose user info has
 * `queue_report_status` (the pop-up's access, popup-table.ts; checked here too).
 */
export default function QueueReportPopup({ connect }: { connect?: QueueBoardConnect }) {
  const t = useT();
  const language = useLanguage();
  const userInfo = useUserInfo();
  const allowed = userInfo?.queue_report_status === true;
  const { queues, received } = useLiveQueueBoards(connect, allowed);
  const now = useNow(1000);
  const [downloading, setDownloading] = useState(false);

  if (!allowed) {
    return (
      <div data-testid="queue-report-refused">
        <NonIdealState icon="lock" title={t('queue_report.not_allowed')} />
      </div>
    );
  }
  if (!received) return <Spinner />;

  const day = seoulDayOf(now);
  const queueRows = queueReportRows(queues, now);
  const agentRows = agentReportRows(queues, now);
  const stateText = (row: AgentReportRow) => t(`queue_board.state.${row.state}`);
  const reasonText = (row: AgentReportRow) => (row.reason ? t(`queue_board.reason.${row.reason}`) : '');

  const download = async () => {
    const sheets: Sheet[] = [
      {
        name: t('queue_report.queues'),
        cells: [
          [
            t('queue_board.queue'),
            t('queue_board.extension'),
            t('queue_board.offered'),
            t('queue_board.answered'),
            t('queue_board.abandoned'),
            t('queue_report.timed_out'),
            `${t('queue_board.service_level_short')} (%)`,
            `${t('queue_board.service_level_with_abandoned')} (%)`,
            `${t('queue_board.avg_wait')} (s)`,
            `${t('queue_board.avg_talk')} (s)`,
            `${t('queue_report.longest_wait_now')} (s)`,
            t('queue_report.callers_waiting'),
          ],
          ...queueRows.map((row: QueueReportRow) => [
            row.name,
            row.queue,
            row.offered,
            row.answered,
            row.abandoned,
            row.timed_out,
            percentOf(row.service_level),
            percentOf(row.service_level_with_abandoned),
            wholeSeconds(row.avg_wait_s),
            wholeSeconds(row.avg_talk_s),
            row.longest_wait_s,
            row.waiting,
          ]),
        ],
      },
      {
        name: t('queue_report.agents'),
        cells: [
          [t('queue_board.extension'), t('queue_board.agent'), t('queue_report.agent_queues'), t('queue_board.state'), t('queue_report.reason'), `${t('queue_board.time_in_state')} (s)`],
          ...agentRows.map((row) => [row.extension, row.name, row.queues.join(', '), stateText(row), reasonText(row), row.seconds_in_state]),
        ],
      },
    ];
    setDownloading(true);
    try {
      await saveWorkbook(sheets, `queue-report-${day}.xlsx`);
    } catch (failure) {
      showError(failure);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="queue-report" data-testid="queue-report" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 12 }}>
        <H4 style={{ margin: 0 }} data-testid="queue-report-title">
          {t('queue_report.title', { day: formatDay(day, language) })}
        </H4>
        <span className="bp6-text-muted" style={{ flex: 1 }}>
          {t('queue_report.as_of', { time: formatTime(now, language) })}
        </span>
        <span className="queue-report-actions" style={{ display: 'flex', gap: 8 }}>
          <Button icon="download" data-testid="queue-report-download" loading={downloading} text={t('queue_report.download')} onClick={() => void download()} />
          <Button icon="print" data-testid="queue-report-print" text={t('queue_report.print')} onClick={() => window.print()} />
        </span>
      </div>

      <H5 style={{ margin: 0 }}>{t('queue_report.queues')}</H5>
      <HTMLTable compact striped bordered data-testid="queue-report-queues" style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('queue_board.queue')}</th>
            <th>{t('queue_board.offered')}</th>
            <th>{t('queue_board.answered')}</th>
            <th>{t('queue_board.abandoned')}</th>
            <th>{t('queue_report.timed_out')}</th>
            <th>{t('queue_board.service_level_short')}</th>
            <th>{t('queue_board.service_level_with_abandoned')}</th>
            <th>{t('queue_board.avg_wait')}</th>
            <th>{t('queue_board.avg_talk')}</th>
            <th>{t('queue_report.longest_wait_now')}</th>
            <th>{t('queue_report.callers_waiting')}</th>
          </tr>
        </thead>
        <tbody>
          {queueRows.map((row, index) => (
            <tr key={row.queue} data-testid={`queue-report-queue-${row.queue}`}>
              <td>
                {row.name} ({row.queue})
              </td>
              <td>{row.offered}</td>
              <td>{row.answered}</td>
              <td>{row.abandoned}</td>
              <td>{row.timed_out}</td>
              <td>
                <Tag minimal intent={serviceLevelIntent(row.service_level)}>
                  {percentText(row.service_level)}
                </Tag>
              </td>
              <td>{percentText(row.service_level_with_abandoned)}</td>
              <td>{secondsText(row.avg_wait_s)}</td>
              <td>{secondsText(row.avg_talk_s)}</td>
              <td>
                <Tag minimal intent={row.waiting > 0 ? waitIntent(row.longest_wait_s, queues[index]!) : Intent.NONE}>
                  {formatSeconds(row.longest_wait_s)}
                </Tag>
              </td>
              <td>{row.waiting}</td>
            </tr>
          ))}
          {queueRows.length === 0 && (
            <tr>
              <td colSpan={11}>{t('queue_board.no_queues')}</td>
            </tr>
          )}
        </tbody>
      </HTMLTable>

      <H5 style={{ margin: 0 }}>{t('queue_report.agents')}</H5>
      <HTMLTable compact striped bordered data-testid="queue-report-agents" style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('queue_board.extension')}</th>
            <th>{t('queue_board.agent')}</th>
            <th>{t('queue_report.agent_queues')}</th>
            <th>{t('queue_board.state')}</th>
            <th>{t('queue_report.reason')}</th>
            <th>{t('queue_board.time_in_state')}</th>
          </tr>
        </thead>
        <tbody>
          {agentRows.map((row) => (
            <tr key={row.extension} data-testid={`queue-report-agent-${row.extension}`} data-state={row.state}>
              <td>{row.extension}</td>
              <td>{row.name}</td>
              <td>{row.queues.join(', ')}</td>
              <td>{stateText(row)}</td>
              <td>{reasonText(row) || '–'}</td>
              <td>{secondsText(row.seconds_in_state)}</td>
            </tr>
          ))}
          {agentRows.length === 0 && (
            <tr>
              <td colSpan={6}>{t('queue_report.no_agents')}</td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
