import { HTMLTable } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { DashboardWidget } from './dashboard-widget';
import { DASHBOARD_LINKS } from './dashboard-links';
import { NumberLink } from './number-link';
import { useMyCallsToday } from './use-dashboard-data';

/**
 * An agent's calls today on their extension: answered, missed and abandoned inbound, answered and
 * unanswered outbound. Each number opens the call-statistics detail list on today, this extension and
 * that result (`linkable`: the user may open those lists).
 */
export function MyCallsWidget({ extension, day, linkable }: { extension: string; day: string; linkable: boolean }) {
  const t = useT();
  const source = useMyCallsToday(extension, day);
  return (
    <DashboardWidget testId="dashboard-my-calls" titleId="dashboard.my_calls.title" source={source}>
      {(counts) => (
        <HTMLTable compact style={{ width: '100%' }}>
          <tbody>
            {counts.map(({ direction, disposition, labelId, total }) => (
              <tr key={`${direction}.${disposition}`}>
                <td>{t(labelId)}</td>
                <td style={{ textAlign: 'right' }}>
                  <NumberLink
                    testId={`dashboard-my-calls-${direction}-${disposition}`}
                    to={linkable ? DASHBOARD_LINKS.callDetails(direction, { date_from: day, date_to: day, extension, disposition }) : null}
                  >
                    {total}
                  </NumberLink>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </DashboardWidget>
  );
}
