import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import type { StatisticsBody } from '../../api/contracts/statistics.contract';
import type { UserInfo } from '../../api/contracts/session.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import type { StatisticsRow } from './report-numbers';
import CallStatisticsPopup from './call-statistics-popup';
import { StatisticsReport } from './statistics-report';
import { saveWorkbook } from '../../ui/export/workbook';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../ui/export/workbook', () => ({ saveWorkbook: vi.fn(async () => {}) }));
const session = vi.hoisted(() => ({ user: null as UserInfo | null }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => session.user }));

/** Nov 27 and Nov 28, 2026 in Seoul. */
const ROWS: StatisticsRow[] = [
  { bucket_start: '2026-11-26T15:00:00.000Z', offered: 10, answered: 8, abandoned: 2, service_level: 0.75, avg_wait_s: 12, avg_talk_s: 90 },
  { bucket_start: '2026-11-27T15:00:00.000Z', offered: 5, answered: 2, abandoned: 3, service_level: 0.5, avg_wait_s: 30, avg_talk_s: 60 },
];
const WEEK = { fromDay: '2026-11-27', toDay: '2026-11-28', bucket: 'day' as const, queue: '', extension: '', direction: '' as const, groupBy: '' as const };

const bodiesTo = (path: string) => vi.mocked(http.post).mock.calls.filter(([called]) => called === path).map(([, body]) => body as StatisticsBody);

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(saveWorkbook).mockClear();
  vi.mocked(openPopup).mockClear();
  vi.mocked(http.post).mockResolvedValue({ data: { data: ROWS } });
  session.user = null;
});

describe('the statistics report', () => {
  it('breaks the report down side by side by queue, and adds the queues up for the totals and the table', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const grouped: StatisticsRow[] = [
      { ...ROWS[0]!, group: '500' },
      { ...ROWS[1]!, group: '500' },
      { bucket_start: '2026-11-26T15:00:00.000Z', offered: 4, answered: 4, abandoned: 0, service_level: 1, avg_wait_s: 3, avg_talk_s: 30, group: '501' },
      { bucket_start: '2026-11-27T15:00:00.000Z', offered: 0, answered: 0, abandoned: 0, service_level: null, avg_wait_s: null, avg_talk_s: null, group: '501' },
    ];
    renderWithFreshCache(<StatisticsReport kind="inbound" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    expect(screen.queryByTestId('statistics-breakdown')).not.toBeInTheDocument();
    vi.mocked(http.post).mockResolvedValue({ data: { data: grouped } });
    await user.selectOptions(screen.getByTestId('statistics-group-by'), 'queue');
    await user.click(screen.getByTestId('statistics-submit'));
    await waitFor(() => expect(bodiesTo('statistics/inbound')).toHaveLength(2));
    expect(bodiesTo('statistics/inbound')[1]).toMatchObject({ group_by: 'queue' });
    const q500 = await screen.findByTestId('statistics-breakdown-500');
    // Queue 500: 15 offered, 10 answered, 5 abandoned; service level (0.75×8 + 0.5×2) ÷ 10.
    expect(within(q500).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual(['15', '10', '5', '70%']);
    expect(within(screen.getByTestId('statistics-breakdown-501')).getAllByRole('cell')[0]).toHaveTextContent('4');
    // The strip and the table add both queues up, bucket by bucket.
    expect(screen.getByTestId('statistics-total-offered')).toHaveTextContent('19');
    expect(screen.getAllByTestId('statistics-row')).toHaveLength(2);
    expect(within(screen.getAllByTestId('statistics-row')[0]!).getAllByRole('cell')[1]).toHaveTextContent('14');
    // The export names the queue on every line.
    await user.click(screen.getByTestId('statistics-export'));
    const cells = vi.mocked(saveWorkbook).mock.calls[0]![0][0]!.cells;
    expect(cells[0]![0]).toBe('Queue');
    expect(cells.slice(1).map((line) => line[0])).toEqual(['500', '500', '500', '501', '501', '501']);
  });

  it('asks statistics/inbound for the range, then for what the filter bar says on "Show"', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<StatisticsReport kind="inbound" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    expect(bodiesTo('statistics/inbound')).toEqual([{ from: '2026-11-27T00:00:00+09:00', to: '2026-11-29T00:00:00+09:00', bucket: 'day' }]);
    // The queue report has no direction to choose.
    expect(screen.queryByTestId('statistics-direction')).not.toBeInTheDocument();

    const from = screen.getByTestId('statistics-from');
    await user.clear(from);
    await user.type(from, 'Nov 1, 2026{Enter}');
    await user.selectOptions(screen.getByTestId('statistics-bucket'), '1h');
    await user.type(screen.getByTestId('statistics-queue'), '500');
    await user.type(screen.getByTestId('statistics-extension'), '1001');
    await user.click(screen.getByTestId('statistics-submit'));
    await waitFor(() => expect(bodiesTo('statistics/inbound')).toHaveLength(2));
    expect(bodiesTo('statistics/inbound')[1]).toEqual({ from: '2026-11-01T00:00:00+09:00', to: '2026-11-29T00:00:00+09:00', bucket: '1h', queue: '500', extension: '1001' });
  });

  it('asks statistics/calls with the direction chosen', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<StatisticsReport kind="calls" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    await user.selectOptions(screen.getByTestId('statistics-direction'), 'outbound');
    await user.click(screen.getByTestId('statistics-submit'));
    await waitFor(() => expect(bodiesTo('statistics/calls')).toHaveLength(2));
    expect(bodiesTo('statistics/calls')[1]).toEqual({ from: '2026-11-27T00:00:00+09:00', to: '2026-11-29T00:00:00+09:00', bucket: 'day', direction: 'outbound' });
  });

  it('shows each bucket\'s numbers in the table, the range\'s totals in the strip and the foot, and charts each bucket', async () => {
    renderWithFreshCache(<StatisticsReport kind="inbound" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    const rows = screen.getAllByTestId('statistics-row').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Nov 27, 2026', '10', '8', '2', '75%', '0:12', '1:30'],
      ['Nov 28, 2026', '5', '2', '3', '50%', '0:30', '1:00'],
    ]);
    // SL 7 of 10 answered in time; ASA (8×12 + 2×30) / 10 = 15.6 s; AHT (8×90 + 2×60) / 10 = 84 s.
    expect(screen.getByTestId('statistics-total-row')).toHaveTextContent(/^Total15105.*70%0:161:24$/);
    expect(screen.getByTestId('statistics-total-offered')).toHaveTextContent('Offered15');
    expect(screen.getByTestId('statistics-total-abandoned')).toHaveTextContent('Abandoned5');
    expect(screen.getByTestId('statistics-total-service-level')).toHaveTextContent('Service level70%');
    expect(screen.getByTestId('statistics-total-asa')).toHaveTextContent('Average speed of answer0:16');
    expect(screen.getByTestId('statistics-total-aht')).toHaveTextContent('Average handle time1:24');
    const buckets = screen.getAllByTestId('statistics-chart-bucket');
    expect(buckets).toHaveLength(2);
    expect([...buckets[0]!.querySelectorAll('title')].map((title) => title.textContent)).toEqual(['Nov 27 · Offered: 10', 'Nov 27 · Answered: 8', 'Nov 27 · Abandoned: 2']);
  });

  it('shows the server\'s 422 under its field', async () => {
    vi.mocked(http.post).mockRejectedValue({
      isAxiosError: true,
      message: 'Request failed',
      response: { status: 422, data: { message: 'A report covers at most 93 days.', errors: { to: ['A report covers at most 93 days.'] } } },
    });
    renderWithFreshCache(<StatisticsReport kind="inbound" initial={{ ...WEEK, fromDay: '2026-01-01' }} />);
    expect(await screen.findByTestId('to-errors')).toHaveTextContent('A report covers at most 93 days.');
    expect(screen.getByTestId('statistics-to')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('statistics-table')).not.toBeInTheDocument();
  });

  it('asks nothing while a day is missing, and says so under it', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<StatisticsReport kind="inbound" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    await user.clear(screen.getByTestId('statistics-to'));
    await user.click(screen.getByTestId('statistics-submit'));
    expect(screen.getByTestId('to-errors')).toHaveTextContent('Please choose a day (YYYY-MM-DD).');
    expect(bodiesTo('statistics/inbound')).toHaveLength(1);
  });

  it('exports the table as shown, headings, buckets and totals', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<StatisticsReport kind="calls" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    await user.click(screen.getByTestId('statistics-export'));
    expect(saveWorkbook).toHaveBeenCalledWith(
      [
        {
          name: 'Call statistics',
          cells: [
            ['Time (Seoul)', 'Offered', 'Answered', 'Abandoned', 'Service level (%)', 'Average speed of answer (s)', 'Average handle time (s)'],
            ['Nov 27, 2026', 10, 8, 2, 75, 12, 90],
            ['Nov 28, 2026', 5, 2, 3, 50, 30, 60],
            ['Total', 15, 10, 5, 70, 16, 84],
          ],
        },
      ],
      'call-statistics-2026-11-27-2026-11-28.xlsx',
    );
  });

  it('"Open in a window" opens the call-statistics pop-up for the report shown', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<StatisticsReport kind="calls" initial={{ ...WEEK, queue: '500' }} />);
    await user.click(await screen.findByTestId('statistics-open-window'));
    expect(openPopup).toHaveBeenCalledWith('call-statistics', { from: '2026-11-27', to: '2026-11-28', bucket: 'day', queue: '500' });
  });

  it('the call-statistics pop-up reports on its query\'s range', async () => {
    renderWithFreshCache(
      <PopupContext value={{ popupId: 'call-statistics', presentation: 'window', params: {}, query: { from: '2026-11-01', to: '2026-11-30', bucket: 'week', direction: 'inbound' }, close: vi.fn() }}>
        <CallStatisticsPopup />
      </PopupContext>,
    );
    await screen.findByTestId('statistics-table');
    expect(bodiesTo('statistics/calls')).toEqual([{ from: '2026-11-01T00:00:00+09:00', to: '2026-12-01T00:00:00+09:00', bucket: 'week', direction: 'inbound' }]);
    expect(screen.getByTestId('statistics-from')).toHaveValue('Nov 1, 2026');
    expect(screen.queryByTestId('statistics-open-window')).not.toBeInTheDocument();
  });
  it('suggests the company\'s queues and their members\' extensions to a manager, and asks nothing for an agent', async () => {
    const queue = (number: string, name: string, extensions: string[]) => ({
      id: Number(number), number, name, strategy: 'ringall', members: extensions.map((extension) => ({ extension, penalty: 0 })), wrapup_s: 0, service_level_s: 20, max_wait_s: 300,
      overflow_destination: null, hold_music_sound_file_id: null, announce_sound_file_id: null, announce_position: false, announce_every_s: 60, enabled: true,
      created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
    });
    vi.mocked(http.post).mockImplementation((async (path: string) => ({ data: { data: path === 'queue' ? [queue('500', 'Sales', ['1002', '1001']), queue('510', 'Support', ['1001', '1003'])] : ROWS } })) as never);
    session.user = makeUserInfo({ role: 'manager', permissions: [] });
    const { unmount } = renderWithFreshCache(<StatisticsReport kind="inbound" initial={WEEK} />);
    await waitFor(() => expect(screen.getByTestId('statistics-queue-choices').querySelectorAll('option')).toHaveLength(2));
    const options = (name: string) => [...screen.getByTestId(`statistics-${name}-choices`).querySelectorAll('option')].map((option) => [option.value, option.label]);
    expect(options('queue')).toEqual([['500', 'Sales'], ['510', 'Support']]);
    expect(options('extension').map(([value]) => value)).toEqual(['1001', '1002', '1003']);
    expect(screen.getByTestId('statistics-queue')).toHaveAttribute('list', screen.getByTestId('statistics-queue-choices').id);
    unmount();

    vi.mocked(http.post).mockClear();
    session.user = makeUserInfo({ role: 'agent', permissions: ['call_statistics'] });
    renderWithFreshCache(<StatisticsReport kind="inbound" initial={WEEK} />);
    await screen.findByTestId('statistics-table');
    expect(vi.mocked(http.post).mock.calls.map(([path]) => path)).toEqual(['statistics/inbound']);
    expect(screen.getByTestId('statistics-queue')).not.toHaveAttribute('list');
  });
});
