import type { AgentState } from '../../api/queues/queue-log';
import { useT } from '../../i18n/use-t';
import { formatSeconds } from './report-numbers';
import { STATE_COLOURS, STATE_LABELS, STATE_ORDER, totalSeconds } from './agent-states';

type Seconds = Partial<Record<AgentState, number>>;

/** One agent's day as one bar, each state's share of the time recorded; hover names state and time. */
export function StateStackedBar({ seconds, testId }: { seconds: Seconds; testId?: string }) {
  const t = useT();
  const total = totalSeconds(seconds);
  return (
    <div className="state-stacked-bar" data-testid={testId} role="img" aria-label={STATE_ORDER.filter((state) => seconds[state]).map((state) => `${t(STATE_LABELS[state])} ${formatSeconds(seconds[state]!)}`).join(', ')}>
      {total > 0 &&
        STATE_ORDER.filter((state) => (seconds[state] ?? 0) > 0).map((state) => (
          <span
            key={state}
            className="state-stacked-bar__part"
            data-state={state}
            style={{ width: `${((seconds[state] ?? 0) / total) * 100}%`, background: STATE_COLOURS[state] }}
            title={`${t(STATE_LABELS[state])}: ${formatSeconds(seconds[state]!)}`}
          />
        ))}
    </div>
  );
}

/** What the colours mean. */
export function StateLegend() {
  const t = useT();
  return (
    <div className="state-legend" data-testid="state-legend">
      {STATE_ORDER.map((state) => (
        <span key={state}>
          <span className="statistics-chart__swatch" style={{ background: STATE_COLOURS[state] }} />
          {t(STATE_LABELS[state])}
        </span>
      ))}
    </div>
  );
}
