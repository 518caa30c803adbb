import { Classes, Colors } from '@blueprintjs/core';
import type { AgentState } from '../../api/queues/queue-log';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { formatSeconds } from '../../ui/time/use-now';
import { DashboardWidget } from './dashboard-widget';
import { DASHBOARD_LINKS } from './dashboard-links';
import { NumberLink } from './number-link';
import { useMyStatesToday } from './use-dashboard-data';

/** The states in the order the bar shows them, each with its label and colour. */
const STATES: { state: AgentState; labelId: MessageId; color: string }[] = [
  { state: 'available', labelId: 'queue_board.state.available', color: Colors.GREEN3 },
  { state: 'ringing', labelId: 'queue_board.state.ringing', color: Colors.GOLD4 },
  { state: 'on_call', labelId: 'queue_board.state.on_call', color: Colors.BLUE3 },
  { state: 'after', labelId: 'queue_board.state.after', color: Colors.VIOLET4 },
  { state: 'rest', labelId: 'queue_board.state.rest', color: Colors.ORANGE3 },
  { state: 'lunch', labelId: 'queue_board.state.lunch', color: Colors.ROSE4 },
  { state: 'dnd', labelId: 'queue_board.state.dnd', color: Colors.RED3 },
  { state: 'logged_out', labelId: 'queue_board.state.logged_out', color: Colors.GRAY3 },
];

/**
 * An agent's day in states (`statistics/extension-status`, their extension): one bar, each state's share
 * of the day so far, and the time in each; the times open the agent's day as a timeline (pop-up).
 */
export function MyStatesWidget({ extension, day }: { extension: string; day: string }) {
  const t = useT();
  const source = useMyStatesToday(extension, day);
  return (
    <DashboardWidget testId="dashboard-my-states" titleId="dashboard.my_states.title" source={source}>
      {(row) => {
        const shown = STATES.map((entry) => ({ ...entry, seconds: row?.seconds[entry.state] ?? 0 })).filter((entry) => entry.seconds > 0);
        const total = shown.reduce((sum, entry) => sum + entry.seconds, 0);
        if (total === 0) return <p className={Classes.TEXT_MUTED}>{t('dashboard.my_states.none')}</p>;
        return (
          <>
            <div role="img" aria-label={t('dashboard.my_states.title')} style={{ display: 'flex', height: 14, borderRadius: 3, overflow: 'hidden' }}>
              {shown.map((entry) => (
                <div key={entry.state} title={`${t(entry.labelId)} ${formatSeconds(entry.seconds)}`} style={{ flex: entry.seconds, background: entry.color }} />
              ))}
            </div>
            <ul className={Classes.LIST_UNSTYLED} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 4 }}>
              {shown.map((entry) => (
                <li key={entry.state} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: entry.color }} />
                  <span>{t(entry.labelId)}</span>
                  <NumberLink testId={`dashboard-my-states-${entry.state}`} to={DASHBOARD_LINKS.myDay(day, extension)}>
                    {formatSeconds(entry.seconds)}
                  </NumberLink>
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </DashboardWidget>
  );
}
