import { Button, Callout, Classes, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useExtensionStatus } from '../../api/resources/statistics-api';
import { seoulDay } from '../../api/routing/route-call';
import { formatDay } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { STATE_LABELS, STATE_ORDER, totalSeconds } from './agent-states';
import { ExtensionDayForm } from './extension-day-form';
import { StateLegend } from './extension-state-parts';
import { ExtensionTimeline } from './extension-timeline';
import { formatSeconds } from './report-numbers';
import './statistics.css';

/** An extension number as the server takes it (2 to 10 digits). */
const EXTENSION_NUMBER = /^[0-9]{2,10}$/;

/**
 * `view-extension-status-data-analysis/{extension}?date=` (a window): one agent's day as a timeline of
 * states, and its time in each state. Without `date`, today in Seoul.
 */
export default function ExtensionTimelinePopup({ now }: { now?: Date }) {
  const t = useT();
  const language = useLanguage();
  const popup = usePopup();
  const extension = popup?.params.extension ?? '';
  const [date, setDate] = useState(() => (/^\d{4}-\d{2}-\d{2}$/.test(popup?.query.date ?? '') ? popup!.query.date! : seoulDay(now ?? new Date())));
  // The address may name no extension at all (`…/1`): say so instead of asking the server (a 422).
  const isExtension = EXTENSION_NUMBER.test(extension);
  const { data, error, isValidating, mutate } = useExtensionStatus(isExtension ? { date, extension } : null);
  const fieldErrors = error?.fieldErrors ?? {};
  const otherError = error && Object.keys(fieldErrors).length === 0 ? error : null;
  const agent = data?.find((entry) => entry.extension === extension);
  return (
    <section className="statistics-popup statistics-report" data-testid="extension-timeline-popup">
      <h3 className={Classes.HEADING}>{t('statistics.extension.timeline_heading', { extension: agent?.name ? `${extension} · ${agent.name}` : extension, day: formatDay(date, language) })}</h3>
      <ExtensionDayForm initial={{ date, extension }} withExtension={false} errors={fieldErrors} busy={isValidating} onSubmit={(next) => (next.date === date ? void mutate() : setDate(next.date))} />
      {otherError && (
        <Callout intent={Intent.DANGER} data-testid="statistics-error">
          {otherError.message} <Button variant="minimal" icon="refresh" text={t('common.retry')} onClick={() => void mutate()} />
        </Callout>
      )}
      {!isExtension && (
        <div data-testid="extension-timeline-not-extension">
          <NonIdealState icon="person" title={t('statistics.extension.not_an_extension', { extension })} />
        </div>
      )}
      {isExtension && !data && !error && <Spinner aria-label={t('common.loading')} />}
      {data && !agent && <NonIdealState icon="person" title={t('statistics.extension.no_day', { extension })} />}
      {agent && (
        <>
          <ExtensionTimeline agent={agent} date={date} />
          <StateLegend />
          <HTMLTable compact striped data-testid="extension-timeline-totals">
            <thead>
              <tr>
                {STATE_ORDER.map((state) => (
                  <th key={state}>{t(STATE_LABELS[state])}</th>
                ))}
                <th>{t('statistics.total')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                {STATE_ORDER.map((state) => (
                  <td key={state} className="statistics-table__number" data-state={state}>
                    {formatSeconds(agent.seconds[state] ?? 0)}
                  </td>
                ))}
                <td className="statistics-table__number">{formatSeconds(totalSeconds(agent.seconds))}</td>
              </tr>
            </tbody>
          </HTMLTable>
        </>
      )}
    </section>
  );
}
