import { Classes, Intent, ProgressBar } from '@blueprintjs/core';
import type { RoutedDestination, RoutingSimulateResponse } from '../../api/routing/routing.contract';
import { formatDay } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { calendarLabel } from '../../ui/resource/calendar-labels';
import { WeekHourGrid, WeekLegend } from '../../ui/week/week-hour-grid';
import { destinationText, destinationTypeLabel } from './simulate-labels';
import type { WeekHour } from './simulate-week-runs';

export interface WeekRun {
  hours: readonly WeekHour[];
  /** Each hour's answer, by the index of `hours`; undefined until it arrives. */
  answers: readonly (RoutingSimulateResponse | undefined)[];
  done: number;
}

export interface SimulateWeekGridProps {
  run: WeekRun;
  /** The index of the hour whose path is shown. */
  selected: number | null;
  onSelect: (index: number) => void;
}

/** The legend's order: where calls ring first, then where they do not. */
const TYPE_ORDER: readonly RoutedDestination['type'][] = ['extension', 'queue', 'ring_group', 'ivr', 'callback_group', 'sound_file', 'voicemail', 'hangup', 'blocked', 'unknown'];

/** "Monday Nov 23, 2026 09:00": an hour of the week in the page's language. */
export function useHourText() {
  const language = useLanguage();
  return (hour: WeekHour) => `${calendarLabel('weekday', hour.weekday, language)} ${formatDay(hour.day, language)} ${calendarLabel('hour', hour.hour, language)}:00`;
}

/**
 * The whole week of one call (rows Monday to Sunday, columns the hours, Seoul): each hour coloured by the
 * type of where the call ends then, named on hover and for screen readers; a click shows that hour's path.
 * Filled in as the answers arrive, with the progress above it.
 */
export function SimulateWeekGrid({ run, selected, onSelect }: SimulateWeekGridProps) {
  const t = useT();
  const language = useLanguage();
  const hourText = useHourText();
  const total = run.hours.length;
  const seen = new Set(run.answers.filter((answer) => answer !== undefined).map((answer) => answer.destination.type));
  const days = Array.from({ length: 7 }, (_, day) => run.hours.slice(day * 24, day * 24 + 24));
  return (
    <section className="routing-week" data-testid="simulate-week" aria-labelledby="simulate-week-title">
      <h4 id="simulate-week-title" className={Classes.HEADING}>
        {t('routing-simulate.week.title')}
      </h4>
      <p className={Classes.TEXT_MUTED}>{t('routing-simulate.week.caption', { day: run.hours[0] ? formatDay(run.hours[0].day, language) : '' })}</p>
      {run.done < total && (
        <div className="routing-week__progress" data-testid="simulate-week-progress">
          <ProgressBar intent={Intent.PRIMARY} value={run.done / total} aria-label={t('routing-simulate.week.progress', { done: run.done, total })} />
          <span role="status">{t('routing-simulate.week.progress', { done: run.done, total })}</span>
        </div>
      )}
      <WeekHourGrid
        dayHeader={t('routing-simulate.week.day')}
        rows={days.map((row, day) => ({ label: `${calendarLabel('weekday', day + 1, language)} ${row[0] ? formatDay(row[0].day, language) : ''}` }))}
        renderCell={(day, hourOfDay) => {
          const index = day * 24 + hourOfDay;
          const hour = run.hours[index];
          const answer = run.answers[index];
          const type = answer?.destination.type ?? 'pending';
          const text = hour ? `${hourText(hour)} · ${answer ? destinationText(t, answer.destination) : t('routing-simulate.week.pending')}` : '';
          return (
            <td key={hourOfDay} className="routing-week__cell-holder">
              {hour && (
                <button
                  type="button"
                  className={`routing-week__cell routing-week__cell--${type}`}
                  data-testid={`simulate-week-cell-${hour.weekday}-${hour.hour}`}
                  data-type={type}
                  aria-label={text}
                  aria-pressed={selected === index}
                  title={text}
                  disabled={!answer}
                  onClick={() => onSelect(index)}
                />
              )}
            </td>
          );
        }}
      />
      <WeekLegend
        label={t('routing-simulate.week.legend')}
        items={TYPE_ORDER.filter((type) => seen.has(type)).map((type) => ({ key: type, colourClass: `routing-week__cell--${type}`, text: destinationTypeLabel(t, type) }))}
      />
    </section>
  );
}
