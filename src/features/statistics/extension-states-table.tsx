import { Button, HTMLTable } from '@blueprintjs/core';
import type { AgentState } from '../../api/queues/queue-log';
import type { ExtensionStatusDay } from '../../api/resources/statistics-api';
import { useT } from '../../i18n/use-t';
import { openPopup } from '../../shell/popups/open-popup';
import { STATE_LABELS, STATE_ORDER, totalSeconds } from './agent-states';
import { StateStackedBar } from './extension-state-parts';
import { formatSeconds } from './report-numbers';

/** Every extension's seconds added up per state (the table's foot). */
export function sumSeconds(day: ExtensionStatusDay): Partial<Record<AgentState, number>> {
  const sum: Partial<Record<AgentState, number>> = {};
  for (const agent of day) for (const state of STATE_ORDER) if (agent.seconds[state]) sum[state] = (sum[state] ?? 0) + agent.seconds[state];
  return sum;
}

/**
 * Each extension's day: time in each state (h:mm:ss), the total, a stacked bar, and a link to its
 * timeline in a window (`view-extension-status-data-analysis/{extension}?date=`).
 */
export function ExtensionStatesTable({ day, date }: { day: ExtensionStatusDay; date: string }) {
  const t = useT();
  const sum = sumSeconds(day);
  return (
    <div className="statistics-table">
      <HTMLTable compact striped data-testid="extension-states-table">
        <thead>
          <tr>
            <th>{t('statistics.extension.column.extension')}</th>
            <th>{t('statistics.extension.column.name')}</th>
            {STATE_ORDER.map((state) => (
              <th key={state} className="statistics-table__number">
                {t(STATE_LABELS[state])}
              </th>
            ))}
            <th className="statistics-table__number">{t('statistics.total')}</th>
            <th className="extension-states__bar-column">{t('statistics.extension.column.day')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {day.map((agent) => (
            <tr key={agent.extension} data-testid={`extension-states-row-${agent.extension}`}>
              <td>{agent.extension}</td>
              <td>{agent.name}</td>
              {STATE_ORDER.map((state) => (
                <td key={state} className="statistics-table__number" data-state={state}>
                  {formatSeconds(agent.seconds[state] ?? 0)}
                </td>
              ))}
              <td className="statistics-table__number">{formatSeconds(totalSeconds(agent.seconds))}</td>
              <td>
                <StateStackedBar seconds={agent.seconds} testId={`extension-states-bar-${agent.extension}`} />
              </td>
              <td>
                <Button
                  variant="minimal"
                  icon="timeline-events"
                  text={t('statistics.extension.timeline')}
                  data-testid={`extension-timeline-link-${agent.extension}`}
                  onClick={() => void openPopup('view-extension-status-data-analysis', { extension: agent.extension, date })}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="extension-states-total-row">
            <th scope="row" colSpan={2}>
              {t('statistics.total')}
            </th>
            {STATE_ORDER.map((state) => (
              <td key={state} className="statistics-table__number" data-state={state}>
                {formatSeconds(sum[state] ?? 0)}
              </td>
            ))}
            <td className="statistics-table__number">{formatSeconds(totalSeconds(sum))}</td>
            <td colSpan={2} />
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}
