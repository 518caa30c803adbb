import { HTMLTable } from '@blueprintjs/core';
import type { Bucket } from '../../api/queues/queue-statistics';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { bucketLabel, formatPercent, formatSeconds, groupTotals, reportTotals, type ReportTotals, type StatisticsRow } from './report-numbers';

function Cells({ row }: { row: ReportTotals }) {
  const language = useLanguage();
  return (
    <>
      <td className="statistics-table__number">{row.offered}</td>
      <td className="statistics-table__number">{row.answered}</td>
      <td className="statistics-table__number">{row.abandoned}</td>
      <td className="statistics-table__number">{formatPercent(row.service_level, language)}</td>
      <td className="statistics-table__number">{formatSeconds(row.avg_wait_s)}</td>
      <td className="statistics-table__number">{formatSeconds(row.avg_talk_s)}</td>
    </>
  );
}

/** The six numbers' column headings, as `Cells` fills them. */
function NumberHeadings() {
  const t = useT();
  return (
    <>
      <th className="statistics-table__number">{t('statistics.column.offered')}</th>
      <th className="statistics-table__number">{t('statistics.column.answered')}</th>
      <th className="statistics-table__number">{t('statistics.column.abandoned')}</th>
      <th className="statistics-table__number">{t('statistics.column.service_level')}</th>
      <th className="statistics-table__number" title={t('statistics.column.asa_long')}>{t('statistics.column.asa')}</th>
      <th className="statistics-table__number" title={t('statistics.column.aht_long')}>{t('statistics.column.aht')}</th>
    </>
  );
}

/** The chart's numbers, one row per bucket (Seoul time), the range's totals at the foot. */
export function StatisticsTable({ rows, bucket }: { rows: readonly StatisticsRow[]; bucket: Bucket }) {
  const t = useT();
  const language = useLanguage();
  return (
    <div className="statistics-table">
      <HTMLTable compact striped data-testid="statistics-table">
        <thead>
          <tr>
            <th>{t('statistics.column.time')}</th>
            <NumberHeadings />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.bucket_start} data-testid="statistics-row">
              <td>{bucketLabel(row.bucket_start, bucket, language)}</td>
              <Cells row={row} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="statistics-total-row">
            <th scope="row">{t('statistics.total')}</th>
            <Cells row={reportTotals(rows)} />
          </tr>
        </tfoot>
      </HTMLTable>
    </div>
  );
}

/**
 * A grouped report side by side: one line per queue or agent with its totals over the range, and the
 * share of the range's calls it took as a bar, so the busiest and the slowest stand out.
 */
export function StatisticsBreakdown({ rows, groupBy, nameOf }: { rows: readonly StatisticsRow[]; groupBy: 'queue' | 'agent'; nameOf: (group: string) => string | undefined }) {
  const t = useT();
  const language = useLanguage();
  const groups = groupTotals(rows);
  const most = Math.max(1, ...groups.map(({ totals }) => totals.offered));
  return (
    <div className="statistics-table">
      <HTMLTable compact striped data-testid="statistics-breakdown">
        <thead>
          <tr>
            <th>{t(groupBy === 'queue' ? 'statistics.group.queue' : 'statistics.group.agent')}</th>
            <NumberHeadings />
            <th>{t('statistics.breakdown.share')}</th>
          </tr>
        </thead>
        <tbody>
          {groups.length === 0 && (
            <tr>
              <td colSpan={8}>{t('statistics.breakdown.none')}</td>
            </tr>
          )}
          {groups.map(({ group, totals }) => (
            <tr key={group} data-testid={`statistics-breakdown-${group}`}>
              <th scope="row">
                {group}
                {nameOf(group) ? ` ${nameOf(group)}` : ''}
              </th>
              <Cells row={totals} />
              <td>
                <meter className="statistics-breakdown__share" min={0} max={most} value={totals.offered} aria-label={formatPercent(totals.offered / most, language)} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The range at a glance: the six numbers a manager looks for first. */
export function StatisticsTotals({ rows }: { rows: readonly StatisticsRow[] }) {
  const t = useT();
  const language = useLanguage();
  const totals = reportTotals(rows);
  const items = [
    ['offered', t('statistics.column.offered'), String(totals.offered)],
    ['answered', t('statistics.column.answered'), String(totals.answered)],
    ['abandoned', t('statistics.column.abandoned'), String(totals.abandoned)],
    ['service-level', t('statistics.column.service_level'), formatPercent(totals.service_level, language)],
    ['asa', t('statistics.column.asa_long'), formatSeconds(totals.avg_wait_s)],
    ['aht', t('statistics.column.aht_long'), formatSeconds(totals.avg_talk_s)],
  ] as const;
  return (
    <dl className="statistics-totals" data-testid="statistics-totals">
      {items.map(([key, label, value]) => (
        <div key={key} className="statistics-totals__item" data-testid={`statistics-total-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
