import { Colors } from '@blueprintjs/core';
import type { Bucket } from '../../api/queues/queue-statistics';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import { axisLabel, formatPercent, type StatisticsRow } from './report-numbers';

/** More buckets than this make bars thinner than a pixel: the chart asks for a larger bucket, the table still shows them all. */
export const MAX_CHART_BUCKETS = 400;

const WIDTH = 1000;
const HEIGHT = 260;
const PAD = { left: 44, right: 48, top: 12, bottom: 28 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
/** At most this many time labels, so they never overlap. */
const MAX_LABELS = 12;

export const SERIES_COLOURS = { offered: Colors.BLUE3, answered: Colors.GREEN3, abandoned: Colors.RED3, serviceLevel: Colors.ORANGE3 } as const;

/** A round top for the count axis: 1, 2, 5 × 10ⁿ. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Offered, answered and abandoned as bars per bucket, the service level as a line on its own 0–100 %
 * axis, time along the bottom in Seoul. Hand-drawn SVG (docs/decisions.md): a few hundred elements,
 * no library, each bar titled with its number on hover; the table below carries the same numbers.
 */
export function StatisticsChart({ rows, bucket }: { rows: readonly StatisticsRow[]; bucket: Bucket }) {
  const t = useT();
  const language = useLanguage();
  if (rows.length > MAX_CHART_BUCKETS) {
    return (
      <p className="statistics-chart__too-many" data-testid="statistics-chart-too-many">
        {t('statistics.chart.too_many', { count: rows.length })}
      </p>
    );
  }
  const top = niceMax(Math.max(0, ...rows.map((row) => row.offered)));
  const slot = PLOT_W / Math.max(rows.length, 1);
  const barWidth = (slot * 0.8) / 3;
  const y = (count: number) => PAD.top + PLOT_H - (count / top) * PLOT_H;
  const ySl = (level: number) => PAD.top + PLOT_H - level * PLOT_H;
  const every = Math.ceil(rows.length / MAX_LABELS);
  const centre = (index: number) => PAD.left + slot * index + slot / 2;
  const line = rows.flatMap((row, index) => (row.service_level === null ? [] : [`${centre(index).toFixed(1)},${ySl(row.service_level).toFixed(1)}`]));
  const series = [
    ['offered', t('statistics.column.offered')],
    ['answered', t('statistics.column.answered')],
    ['abandoned', t('statistics.column.abandoned')],
  ] as const;

  return (
    <figure className="statistics-chart" data-testid="statistics-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('statistics.chart.label')}>
        {[0, 0.5, 1].map((part) => (
          <g key={part} className="statistics-chart__grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * part)} y2={y(top * part)} />
            <text x={PAD.left - 6} y={y(top * part) + 4} textAnchor="end">
              {Math.round(top * part)}
            </text>
            <text x={WIDTH - PAD.right + 6} y={ySl(part) + 4} textAnchor="start">
              {formatPercent(part, language)}
            </text>
          </g>
        ))}
        {rows.map((row, index) => (
          <g key={row.bucket_start} data-testid="statistics-chart-bucket">
            {series.map(([key, name], position) => (
              <rect
                key={key}
                x={PAD.left + slot * index + slot * 0.1 + barWidth * position}
                y={y(row[key])}
                width={barWidth}
                height={PAD.top + PLOT_H - y(row[key])}
                fill={SERIES_COLOURS[key]}
              >
                <title>{`${axisLabel(row.bucket_start, bucket, language)} · ${name}: ${row[key]}`}</title>
              </rect>
            ))}
            {index % every === 0 && (
              <text className="statistics-chart__time" x={centre(index)} y={HEIGHT - 8} textAnchor="middle">
                {axisLabel(row.bucket_start, bucket, language)}
              </text>
            )}
          </g>
        ))}
        {line.length > 1 && <polyline points={line.join(' ')} fill="none" stroke={SERIES_COLOURS.serviceLevel} strokeWidth={2} />}
        {rows.map((row, index) =>
          row.service_level === null ? null : (
            <circle key={row.bucket_start} cx={centre(index)} cy={ySl(row.service_level)} r={3} fill={SERIES_COLOURS.serviceLevel}>
              <title>{`${axisLabel(row.bucket_start, bucket, language)} · ${t('statistics.column.service_level')}: ${formatPercent(row.service_level, language)}`}</title>
            </circle>
          ),
        )}
      </svg>
      <figcaption className="statistics-chart__legend">
        {series.map(([key, name]) => (
          <span key={key}>
            <span className="statistics-chart__swatch" style={{ background: SERIES_COLOURS[key] }} />
            {name}
          </span>
        ))}
        <span>
          <span className="statistics-chart__swatch statistics-chart__swatch--line" style={{ background: SERIES_COLOURS.serviceLevel }} />
          {t('statistics.column.service_level')}
        </span>
      </figcaption>
    </figure>
  );
}
