import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useStatistics, type StatisticsKind } from '../../api/resources/statistics-api';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { openPopup } from '../../shell/popups/open-popup';
import { showError } from '../../ui/feedback/error-store';
import type { FieldErrors } from '../../ui/forms/field-errors';
import { combinedRows, exportRows } from './report-numbers';
import { useStatisticsChoices } from './queue-choices';
import { bodyOfFilter, queryOfFilter, type ReportFilter } from './report-query';
import { StatisticsChart } from './statistics-chart';
import { StatisticsFilterBar } from './statistics-filter-bar';
import { StatisticsBreakdown, StatisticsTable, StatisticsTotals } from './statistics-table';
import { saveWorkbook } from '../../ui/export/workbook';
import './statistics.css';

export interface StatisticsReportProps {
  kind: StatisticsKind;
  initial: ReportFilter;
  /** In its own window (the `inbound-statistics` / `call-statistics` pop-ups): no "open in a window". */
  inWindow?: boolean;
}

const POPUP_OF = { inbound: 'inbound-statistics', calls: 'call-statistics' } as const;

/** Days the filter needs before anything is asked, as the server would name them. */
function missingDays(filter: ReportFilter): FieldErrors {
  const errors: FieldErrors = {};
  if (!filter.fromDay) errors.from = ['validation.statistics_date_invalid'];
  if (!filter.toDay) errors.to = ['validation.statistics_date_invalid'];
  return errors;
}

/**
 * One report for both statistics (docs/queues.md "Statistics screens"): the filter bar, the totals of
 * the range, the chart and the same numbers in a table, exported to Excel as shown. `kind` says which
 * server report (`statistics/inbound`: queue calls; `statistics/calls`: the call log).
 */
export function StatisticsReport({ kind, initial, inWindow = false }: StatisticsReportProps) {
  const t = useT();
  const language = useLanguage();
  const [draft, setDraft] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const [checked, setChecked] = useState<FieldErrors>(() => missingDays(initial));
  const { data, error, isValidating, mutate } = useStatistics(kind, bodyOfFilter(applied, kind));
  const serverFields = error?.fieldErrors ?? {};
  const errors = { ...serverFields, ...checked };
  const otherError = error && Object.keys(serverFields).length === 0 ? error : null;
  const groupBy = kind === 'inbound' ? applied.groupBy : '';
  // A grouped report is shown side by side, and its groups added up for the totals, chart and table.
  const series = data && groupBy ? combinedRows(data) : data;
  const choices = useStatisticsChoices();
  const nameOf = (group: string) => (groupBy === 'queue' ? choices.queues.find((queue) => queue.number === group)?.name : undefined);

  const submit = () => {
    const missing = missingDays(draft);
    setChecked(missing);
    if (Object.keys(missing).length > 0) return;
    // The same question again reads again (new calls may have come in since).
    if (JSON.stringify(draft) === JSON.stringify(applied)) void mutate();
    else setApplied(draft);
  };

  const exportExcel = async () => {
    if (!data) return;
    const headings = {
      time: t('statistics.column.time'),
      offered: t('statistics.column.offered'),
      answered: t('statistics.column.answered'),
      abandoned: t('statistics.column.abandoned'),
      serviceLevel: t('statistics.export.service_level_percent'),
      asa: t('statistics.export.asa_seconds'),
      aht: t('statistics.export.aht_seconds'),
      total: t('statistics.total'),
      ...(groupBy ? { group: t(`statistics.group.${groupBy}`) } : {}),
    };
    const name = kind === 'inbound' ? 'inbound-statistics' : 'call-statistics';
    try {
      await saveWorkbook([{ name: t(kind === 'inbound' ? 'statistics.inbound.title' : 'statistics.calls.title'), cells: exportRows(data, applied.bucket, headings, language) }], `${name}-${applied.fromDay}-${applied.toDay}.xlsx`);
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <section className="statistics-report" data-testid={`statistics-report-${kind}`}>
      <StatisticsFilterBar kind={kind} value={draft} onChange={setDraft} errors={errors} busy={isValidating} onSubmit={submit} />
      <div className="statistics-report__actions">
        <Button icon="export" text={t('export.button')} disabled={!data} data-testid="statistics-export" onClick={() => void exportExcel()} />
        {!inWindow && <Button icon="share" variant="minimal" text={t('statistics.open_window')} data-testid="statistics-open-window" onClick={() => void openPopup(POPUP_OF[kind], queryOfFilter(applied, kind))} />}
      </div>
      {otherError && (
        <Callout intent={Intent.DANGER} data-testid="statistics-error">
          {otherError.message}{' '}
          <Button variant="minimal" icon="refresh" text={t('common.retry')} onClick={() => void mutate()} />
        </Callout>
      )}
      {!data && !error && isValidating && <Spinner aria-label={t('common.loading')} />}
      {data && series && (
        <>
          <StatisticsTotals rows={series} />
          {groupBy && <StatisticsBreakdown rows={data} groupBy={groupBy} nameOf={nameOf} />}
          <StatisticsChart rows={series} bucket={applied.bucket} />
          <StatisticsTable rows={series} bucket={applied.bucket} />
        </>
      )}
    </section>
  );
}
