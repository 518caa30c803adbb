import { HTMLTable } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { DashboardWidget } from './dashboard-widget';
import { DASHBOARD_LINKS } from './dashboard-links';
import { NumberLink } from './number-link';
import { useServiceLevelToday } from './use-dashboard-data';

const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);

/**
 * Today's service level (answered within the queue's threshold ÷ answered, docs/queues.md) for all
 * queues together and each queue, with the calls offered and answered; the numbers open the inbound
 * statistics pop-up on today and that queue.
 */
export function ServiceLevelWidget({ range, day, queues }: { range: { from: string; to: string }; day: string; queues: { queue: string; name: string }[] }) {
  const t = useT();
  const source = useServiceLevelToday(range, queues.map((queue) => queue.queue));
  const nameOf = (queue: string) => queues.find((entry) => entry.queue === queue)?.name ?? queue;
  return (
    <DashboardWidget testId="dashboard-service-level" titleId="dashboard.service_level.title" source={source}>
      {(rows) => (
        <HTMLTable compact style={{ width: '100%' }}>
          <thead>
            <tr>
              <th>{t('dashboard.queues.queue')}</th>
              <th>{t('queue_board.offered')}</th>
              <th>{t('queue_board.answered')}</th>
              <th>{t('dashboard.service_level.level')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const id = `dashboard-sl-${row.queue ?? 'all'}`;
              const report = DASHBOARD_LINKS.inboundToday(day, 'day', row.queue ?? undefined);
              return (
                <tr key={row.queue ?? 'all'} data-testid={id}>
                  <td style={row.queue ? undefined : { fontWeight: 600 }}>{row.queue ? nameOf(row.queue) : t('dashboard.service_level.all_queues')}</td>
                  <td><NumberLink testId={`${id}-offered`} to={report}>{row.offered}</NumberLink></td>
                  <td><NumberLink testId={`${id}-answered`} to={report}>{row.answered}</NumberLink></td>
                  <td><NumberLink testId={`${id}-level`} to={report}>{percent(row.service_level)}</NumberLink></td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </DashboardWidget>
  );
}
