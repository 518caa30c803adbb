import { Classes, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useLanguage } from '../../i18n/language-store';
import { calendarLabel } from '../resource/calendar-labels';
import './week-hour-grid.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export interface WeekHourRow {
  /** The row's header: the day. */
  label: string;
  /** The row's test id. @default none */
  testId?: string;
}

export interface WeekHourGridProps {
  /** The header of the days' column. */
  dayHeader: string;
  /** The days, Monday first. */
  rows: readonly WeekHourRow[];
  /** One hour's cell: a `<td>`. */
  renderCell: (row: number, hour: number) => ReactNode;
}

/** A week by the hour (rows: the days; columns: 0 to 23, named in the page's language), cells drawn by the caller. */
export function WeekHourGrid({ dayHeader, rows, renderCell }: WeekHourGridProps) {
  const language = useLanguage();
  return (
    <div className="week-hour-grid__scroll">
      <HTMLTable compact className="week-hour-grid">
        <thead>
          <tr>
            <th scope="col">
              <span className={Classes.TEXT_MUTED}>{dayHeader}</span>
            </th>
            {HOURS.map((hour) => (
              <th key={hour} scope="col">
                {calendarLabel('hour', hour, language)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} data-testid={row.testId}>
              <th scope="row">{row.label}</th>
              {HOURS.map((hour) => renderCell(index, hour))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export interface WeekLegendItem {
  key: string;
  /** The class that colours the swatch as the grid's cells of this kind. */
  colourClass: string;
  text: string;
}

/** What the grid's colours mean. */
export function WeekLegend({ label, items }: { label: string; items: readonly WeekLegendItem[] }) {
  return (
    <ul className="week-hour-grid__legend" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={`week-hour-grid__swatch ${item.colourClass}`} aria-hidden />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
