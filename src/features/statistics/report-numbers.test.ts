import * as XLSX from 'xlsx';
import { axisLabel, bucketLabel, exportRows, formatPercent, formatSeconds, reportTotals, type StatisticsRow } from './report-numbers';
import { bodyOfFilter, filterFromQuery, queryOfFilter } from './report-query';
import { buildWorkbook } from '../../ui/export/workbook';

/** Two Seoul days: Nov 27 and Nov 28, 2026. */
const TWO_DAYS: StatisticsRow[] = [
  { bucket_start: '2026-11-26T15:00:00.000Z', offered: 10, answered: 8, abandoned: 2, service_level: 0.75, avg_wait_s: 12, avg_talk_s: 90 },
  { bucket_start: '2026-11-27T15:00:00.000Z', offered: 5, answered: 2, abandoned: 3, service_level: 0.5, avg_wait_s: 30, avg_talk_s: 60 },
];
const EMPTY: StatisticsRow = { bucket_start: '2026-11-28T15:00:00.000Z', offered: 0, answered: 0, abandoned: 0, service_level: null, avg_wait_s: null, avg_talk_s: null };

const HEADINGS = { time: 'Time', offered: 'Offered', answered: 'Answered', abandoned: 'Abandoned', serviceLevel: 'SL (%)', asa: 'ASA (s)', aht: 'AHT (s)', total: 'Total' };

describe('report totals', () => {
  it('adds counts and weighs the service level, ASA and AHT by answered calls; empty buckets change nothing', () => {
    // SL (6 + 1) / 10; ASA (8×12 + 2×30) / 10; AHT (8×90 + 2×60) / 10.
    expect(reportTotals([...TWO_DAYS, EMPTY])).toEqual({ offered: 15, answered: 10, abandoned: 5, service_level: 0.7, avg_wait_s: 15.6, avg_talk_s: 84 });
  });

  it('has no ratios without answered calls', () => {
    expect(reportTotals([EMPTY])).toEqual({ offered: 0, answered: 0, abandoned: 0, service_level: null, avg_wait_s: null, avg_talk_s: null });
  });

  it('formats percentages in the page\'s language and seconds as m:ss / h:mm:ss', () => {
    expect(formatPercent(0.7, 'en')).toBe('70%');
    expect(formatPercent(null, 'en')).toBe('–');
    expect(formatSeconds(15.6)).toBe('0:16');
    expect(formatSeconds(84)).toBe('1:24');
    expect(formatSeconds(3725)).toBe('1:02:05');
  });
});

describe('bucket labels (Seoul time)', () => {
  it('names days, weeks and quarter hours in the page\'s language', () => {
    expect(bucketLabel('2026-11-26T15:00:00.000Z', 'day', 'en')).toBe('Nov 27, 2026');
    expect(bucketLabel('2026-11-26T15:00:00.000Z', 'day', 'kr')).toBe('2026. 11. 27.');
    expect(bucketLabel('2026-11-22T15:00:00.000Z', 'week', 'en')).toBe('Nov 23, 2026 – Nov 29, 2026');
    expect(bucketLabel('2026-11-27T00:15:00.000Z', '15m', 'en')).toBe('Nov 27, 2026 9:15 AM');
    expect(axisLabel('2026-11-27T00:15:00.000Z', '15m', 'kr')).toBe('오전 9:15');
    expect(axisLabel('2026-11-26T15:00:00.000Z', 'day', 'en')).toBe('Nov 27');
  });
});

describe('the Excel export', () => {
  it('has the headings, one row per bucket and the totals, as numbers', () => {
    expect(exportRows([...TWO_DAYS, EMPTY], 'day', HEADINGS, 'en')).toEqual([
      ['Time', 'Offered', 'Answered', 'Abandoned', 'SL (%)', 'ASA (s)', 'AHT (s)'],
      ['Nov 27, 2026', 10, 8, 2, 75, 12, 90],
      ['Nov 28, 2026', 5, 2, 3, 50, 30, 60],
      ['Nov 29, 2026', 0, 0, 0, null, null, null],
      ['Total', 15, 10, 5, 70, 16, 84],
    ]);
  });

  it('builds a workbook that reads back as the same cells', async () => {
    const cells = exportRows(TWO_DAYS, 'day', HEADINGS, 'en');
    const book = XLSX.read(new Uint8Array(await buildWorkbook([{ name: 'Inbound statistics', cells }])), { type: 'array' });
    expect(book.SheetNames).toEqual(['Inbound statistics']);
    expect(XLSX.utils.sheet_to_json(book.Sheets['Inbound statistics']!, { header: 1 })).toEqual(cells);
  });
});

describe('the report query', () => {
  it('asks from the first day\'s Seoul midnight to the midnight after the last, with only the filters given', () => {
    const filter = { fromDay: '2026-11-01', toDay: '2026-11-30', bucket: '1h' as const, queue: ' 500 ', extension: '', direction: 'inbound' as const, groupBy: 'agent' as const };
    expect(bodyOfFilter(filter, 'calls')).toEqual({ from: '2026-11-01T00:00:00+09:00', to: '2026-12-01T00:00:00+09:00', bucket: '1h', queue: '500', direction: 'inbound' });
    // The queue report has no direction, and only it breaks down by agent.
    expect(bodyOfFilter(filter, 'inbound')).toEqual({ from: '2026-11-01T00:00:00+09:00', to: '2026-12-01T00:00:00+09:00', bucket: '1h', queue: '500', group_by: 'agent' });
    expect(bodyOfFilter({ ...filter, toDay: '' }, 'inbound')).toBeNull();
  });

  it('reads a pop-up\'s query back to the same filter, and keeps the last week for what is missing', () => {
    const filter = { fromDay: '2026-11-01', toDay: '2026-11-30', bucket: 'week' as const, queue: '500', extension: '1001', direction: 'outbound' as const, groupBy: '' as const };
    const now = new Date('2026-11-27T00:30:00Z');
    expect(filterFromQuery(queryOfFilter(filter, 'calls'), now)).toEqual(filter);
    const grouped = { ...filter, direction: '' as const, groupBy: 'queue' as const };
    expect(filterFromQuery(queryOfFilter(grouped, 'inbound'), now)).toEqual(grouped);
    expect(filterFromQuery({ bucket: 'year', group_by: 'caller' }, now)).toEqual({ fromDay: '2026-11-21', toDay: '2026-11-27', bucket: 'day', queue: '', extension: '', direction: '', groupBy: '' });
  });
});
