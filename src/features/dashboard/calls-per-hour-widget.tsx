import { Classes, Colors } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { DashboardWidget } from './dashboard-widget';
import { DASHBOARD_LINKS } from './dashboard-links';
import { NumberLink } from './number-link';
import { useInboundToday } from './use-dashboard-data';

const HOUR_MS = 3_600_000;
const BAR_WIDTH = 12;
const GAP = 2;
const HEIGHT = 64;

/**
 * Queue calls per hour today (`statistics/inbound`, bucket 1h), from midnight to the hour now: a strip of
 * bars (offered in grey, answered in green over it), each hour's numbers in its tooltip and accessible
 * name; the strip opens the inbound statistics pop-up on today by the hour. Drawn inline: no chart library for 24 bars.
 */
export function CallsPerHourWidget({ range, now }: { range: { day: string; from: string; to: string; start: number }; now: number }) {
  const t = useT();
  const source = useInboundToday(range, '1h');
  const report = DASHBOARD_LINKS.inboundToday(range.day, '1h');
  const hoursSoFar = Math.floor((now - range.start) / HOUR_MS) + 1;
  return (
    <DashboardWidget testId="dashboard-calls-per-hour" titleId="dashboard.calls_per_hour.title" source={source}>
      {(rows) => {
        const shown = rows.slice(0, hoursSoFar).map((row, hour) => ({ ...row, hour }));
        const peak = Math.max(1, ...shown.map((row) => row.offered));
        const offered = shown.reduce((sum, row) => sum + row.offered, 0);
        const answered = shown.reduce((sum, row) => sum + row.answered, 0);
        return (
          <>
            <NumberLink to={report} testId="dashboard-calls-per-hour-totals">
              {t('dashboard.calls_per_hour.totals', { offered, answered })}
            </NumberLink>
            <NumberLink to={report} testId="dashboard-calls-per-hour-chart">
              {/* Room for all 24 hours from the start, so the strip keeps its scale as the day goes on. */}
              <svg width="100%" viewBox={`0 0 ${24 * (BAR_WIDTH + GAP)} ${HEIGHT + 14}`} role="img" aria-label={t('dashboard.calls_per_hour.title')} style={{ display: 'block' }}>
                <line x1={0} x2={24 * (BAR_WIDTH + GAP)} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} stroke={Colors.GRAY4} />
                {shown.map((row) => {
                  const x = row.hour * (BAR_WIDTH + GAP);
                  const total = (row.offered / peak) * HEIGHT;
                  const done = (row.answered / peak) * HEIGHT;
                  const label = t('dashboard.calls_per_hour.bar', { hour: row.hour, offered: row.offered, answered: row.answered });
                  return (
                    <g key={row.hour} data-testid={`dashboard-calls-hour-${row.hour}`} aria-label={label}>
                      <title>{label}</title>
                      <rect x={x} y={HEIGHT - total} width={BAR_WIDTH} height={total} fill={Colors.LIGHT_GRAY1} />
                      <rect x={x} y={HEIGHT - done} width={BAR_WIDTH} height={done} fill={Colors.GREEN3} />
                      {row.hour % 3 === 0 && (
                        <text x={x} y={HEIGHT + 12} fontSize={9} fill={Colors.GRAY1}>
                          {row.hour}
                        </text>
                      )}
                    </g>
                  );
                })}
              </svg>
            </NumberLink>
            {offered === 0 && <p className={Classes.TEXT_MUTED}>{t('dashboard.calls_per_hour.none')}</p>}
          </>
        );
      }}
    </DashboardWidget>
  );
}
