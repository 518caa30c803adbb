import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useExtensionStatus, type ExtensionStatusBody } from '../../api/resources/statistics-api';
import { seoulDay } from '../../api/routing/route-call';
import { useT } from '../../i18n/use-t';
import { ExtensionDayForm, type ExtensionDayQuery } from './extension-day-form';
import { StateLegend } from './extension-state-parts';
import { ExtensionStatesTable } from './extension-states-table';
import './statistics.css';

export const bodyOfDay = (query: ExtensionDayQuery): ExtensionStatusBody => ({ date: query.date, ...(query.extension ? { extension: query.extension } : {}) });

/**
 * /call-statistics/extension-status-data-analysis (docs/queues.md "Statistics screens"): for a Seoul
 * day, each extension's time in each state with totals and a stacked bar, and a link to its timeline.
 */
export default function ExtensionStatusScreen({ now }: { now?: Date }) {
  const t = useT();
  const [query, setQuery] = useState<ExtensionDayQuery>(() => ({ date: seoulDay(now ?? new Date()), extension: '' }));
  const { data, error, isValidating, mutate } = useExtensionStatus(bodyOfDay(query));
  const fieldErrors = error?.fieldErrors ?? {};
  const otherError = error && Object.keys(fieldErrors).length === 0 ? error : null;
  return (
    <section className="statistics-report" data-testid="extension-status-screen">
      <ExtensionDayForm
        initial={query}
        withExtension
        errors={fieldErrors}
        busy={isValidating}
        onSubmit={(next) => (JSON.stringify(next) === JSON.stringify(query) ? void mutate() : setQuery(next))}
      />
      {otherError && (
        <Callout intent={Intent.DANGER} data-testid="statistics-error">
          {otherError.message} <Button variant="minimal" icon="refresh" text={t('common.retry')} onClick={() => void mutate()} />
        </Callout>
      )}
      {!data && !error && <Spinner aria-label={t('common.loading')} />}
      {data && data.length === 0 && <NonIdealState icon="people" title={t('statistics.extension.none')} />}
      {data && data.length > 0 && (
        <>
          <StateLegend />
          <ExtensionStatesTable day={data} date={query.date} />
        </>
      )}
    </section>
  );
}
