import type { ExtensionStatusDay } from '../../api/resources/statistics-api';
import { formatHourMinute, formatTime } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { REASON_LABELS, shownReason, STATE_COLOURS, STATE_LABELS, timelineSpans } from './agent-states';

const TICK_HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

/**
 * An agent's Seoul day 00:00–24:00 as coloured spans, one per state interval; each span's title (hover)
 * names the state, its reason and its start–end. Time not yet lived (today) stays blank.
 */
export function ExtensionTimeline({ agent, date }: { agent: ExtensionStatusDay[number]; date: string }) {
  const t = useT();
  const language = useLanguage();
  const spans = timelineSpans(agent.intervals, date);
  const describe = (span: (typeof spans)[number]) => {
    const reason = shownReason(span.state, span.reason);
    const state = reason ? `${t(STATE_LABELS[span.state])} (${t(REASON_LABELS[reason])})` : t(STATE_LABELS[span.state]);
    return `${state}: ${formatTime(span.start, language)}–${formatTime(span.end, language)}`;
  };
  return (
    <div className="extension-timeline" data-testid="extension-timeline">
      <div className="extension-timeline__line" role="list" aria-label={t('statistics.extension.timeline')}>
        {spans.map((span) => (
          <span
            key={span.start}
            role="listitem"
            className="extension-timeline__span"
            data-testid="extension-timeline-span"
            data-state={span.state}
            style={{ left: `${span.left}%`, width: `${span.width}%`, background: STATE_COLOURS[span.state] }}
            title={describe(span)}
            aria-label={describe(span)}
          />
        ))}
      </div>
      <div className="extension-timeline__ticks" aria-hidden>
        {TICK_HOURS.map((hour) => (
          <span key={hour} style={{ left: `${(hour / 24) * 100}%` }}>
            {hour === 24 ? '24:00' : formatHourMinute(hour, 0, language)}
          </span>
        ))}
      </div>
    </div>
  );
}
