import { Callout, Classes } from '@blueprintjs/core';
import type { TimeConditionType } from '../../api/contracts/time-condition.contract';
import { TIME_CONDITION_TYPES } from '../../api/contracts/time-condition.contract';
import { conditionInEffect, seoulMoment, type RoutingMoment, type TimeConditionRule } from '../../api/routing/time-condition-rules';
import type { MessageId } from '../../i18n/message-ids';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { calendarLabel } from '../../ui/resource/calendar-labels';
import { useEntityRecords } from '../../ui/resource/entity-options';
import { WeekHourGrid, WeekLegend } from '../../ui/week/week-hour-grid';
import './time-condition-week.css';

type Condition = TimeConditionRule & { id: number; name: string };

/** One hour of the week: the condition a call meets then, if any. */
export interface WeekCell {
  moment: RoutingMoment;
  condition: Condition | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The seven days (Monday first) of the week holding `now`, in Asia/Seoul. */
export function weekOf(now: Date): Omit<RoutingMoment, 'hour' | 'minute'>[] {
  const today = seoulMoment(now);
  return Array.from({ length: 7 }, (_, index) => {
    const { weekday, month, date } = seoulMoment(new Date(now.getTime() + (index + 1 - today.weekday) * DAY_MS));
    return { weekday, month, date };
  });
}

/**
 * Which condition holds at the start of each hour of the week (rows: days, Monday first; columns: hours):
 * the rule the routing follows (conditionInEffect: holiday, custom temporary holiday, lunch hour, working
 * hour). Korean public holidays are the routing engine's and are not shown.
 */
export function weekGrid(conditions: readonly Condition[], now: Date): WeekCell[][] {
  return weekOf(now).map((day) =>
    HOURS.map((hour) => {
      const moment = { ...day, hour, minute: 0 };
      return { moment, condition: conditionInEffect(conditions, moment) };
    }),
  );
}

const TYPE_LABELS: Record<TimeConditionType, MessageId> = {
  holiday: 'time-condition.type.holiday',
  custom_temporary_holiday: 'time-condition.type.custom_temporary_holiday',
  lunch_hour: 'time-condition.type.lunch_hour',
  working_hour: 'time-condition.type.working_hour',
};

/** What a cell says: the condition's type and name, or that none holds. */
function useCellText() {
  const t = useT();
  return (cell: WeekCell) => (cell.condition?.type ? `${t(TYPE_LABELS[cell.condition.type])}: ${cell.condition.name}` : t('time-condition.week.none'));
}

/**
 * The week view above /time-conditions ("a week view shows which condition holds at each hour"): this
 * week's days by the hour, each cell coloured by the type of the condition a call meets then, its name
 * on hover and for screen readers; the legend says what the colours mean. It follows the list: a
 * write revalidates the company's conditions.
 */
export function TimeConditionWeek({ now = new Date() }: { now?: Date }) {
  const t = useT();
  const language = useLanguage();
  const cellText = useCellText();
  const { records, loading, error } = useEntityRecords('time-condition');
  if (error) return <Callout intent="warning" data-testid="time-condition-week-error">{t('time-condition.week.failed')}</Callout>;
  const grid = weekGrid(records as unknown as Condition[], now);
  const dayLabel = (day: RoutingMoment) => `${calendarLabel('weekday', day.weekday, language)} ${day.month}/${day.date}`;
  return (
    <section className="time-condition-week" data-testid="time-condition-week" aria-busy={loading} aria-labelledby="time-condition-week-title">
      <h3 id="time-condition-week-title" className={Classes.HEADING}>
        {t('time-condition.week.title')}
      </h3>
      <p className={Classes.TEXT_MUTED}>{t('time-condition.week.caption')}</p>
      <WeekHourGrid
        dayHeader={t('time-condition.week.day')}
        rows={grid.map((row) => ({ label: dayLabel(row[0]!.moment), testId: `week-day-${row[0]!.moment.weekday}` }))}
        renderCell={(index, hour) => {
          const cell = grid[index]![hour]!;
          const day = cell.moment;
          const text = `${dayLabel(day)} ${calendarLabel('hour', hour, language)}:00 · ${cellText(cell)}`;
          return (
            <td
              key={hour}
              data-testid={`week-cell-${day.weekday}-${hour}`}
              data-type={cell.condition?.type ?? 'none'}
              className={`time-condition-week__cell time-condition-week__cell--${cell.condition?.type ?? 'none'}`}
              title={text}
              aria-label={text}
            />
          );
        }}
      />
      <WeekLegend
        label={t('time-condition.week.legend')}
        items={[...TIME_CONDITION_TYPES, 'none' as const].map((type) => ({
          key: type,
          colourClass: `time-condition-week__cell--${type}`,
          text: type === 'none' ? t('time-condition.week.none') : t(TYPE_LABELS[type]),
        }))}
      />
    </section>
  );
}
