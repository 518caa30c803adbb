import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import type { ExtensionStatusDay } from '../../api/resources/statistics-api';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import ExtensionStatusScreen from './extension-status-screen';
import ExtensionTimelinePopup from './extension-timeline-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));

/** Friday 2026-11-27, 09:30 in Seoul. */
const NOW = new Date('2026-11-27T00:30:00Z');
const at = (clock: string) => `2026-11-27T${clock}+09:00`;

/** Agent 1001's Thursday: logged out until 9, available, a call, lunch 12–13 (a call during it), then available until midnight. */
const DAY: ExtensionStatusDay = [
  {
    extension: '1001',
    name: 'Kim',
    seconds: { logged_out: 32_400, available: 37_800, on_call: 3_600, lunch: 12_600 },
    intervals: [
      { state: 'logged_out', reason: null, start: at('00:00:00'), end: at('09:00:00') },
      { state: 'available', reason: null, start: at('09:00:00'), end: at('10:00:00') },
      { state: 'on_call', reason: null, start: at('10:00:00'), end: at('10:30:00') },
      { state: 'available', reason: null, start: at('10:30:00'), end: at('12:00:00') },
      { state: 'lunch', reason: 'lunch', start: at('12:00:00'), end: at('12:30:00') },
      { state: 'on_call', reason: 'lunch', start: at('12:30:00'), end: at('13:00:00') },
      { state: 'lunch', reason: 'lunch', start: at('13:00:00'), end: at('15:00:00') },
      { state: 'available', reason: null, start: at('15:00:00'), end: '2026-11-28T00:00:00+09:00' },
    ],
  },
  { extension: '1002', name: 'Lee', seconds: { available: 3_600, rest: 1_800 }, intervals: [] },
];

/** A share of the day as the timeline writes it: percent, four decimals. */
const pct = (hours: number) => `${Math.round((hours / 24) * 1_000_000) / 10_000}%`;
const bodies = () => vi.mocked(http.post).mock.calls.map(([path, body]) => [path, body]);

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockClear();
  vi.mocked(http.post).mockImplementation((async (_path: string, body: { extension?: string }) => ({ data: { data: body.extension ? DAY.filter((agent) => agent.extension === body.extension) : DAY } })) as never);
});

describe('/call-statistics/extension-status-data-analysis', () => {
  it('asks for today in Seoul, shows each extension\'s time per state with totals, and the day asked for on "Show"', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<ExtensionStatusScreen now={NOW} />);
    const row = await screen.findByTestId('extension-states-row-1001');
    expect(bodies()).toEqual([['statistics/extension-status', { date: '2026-11-27' }]]);
    const cell = (inRow: HTMLElement, state: string) => inRow.querySelector(`[data-state="${state}"]`)!.textContent;
    expect(cell(row, 'available')).toBe('10:30:00');
    expect(cell(row, 'lunch')).toBe('3:30:00');
    expect(cell(row, 'logged_out')).toBe('9:00:00');
    expect(cell(row, 'rest')).toBe('0:00');
    // A whole day in states.
    expect(within(row).getByText('24:00:00')).toBeInTheDocument();
    const total = screen.getByTestId('extension-states-total-row');
    expect(cell(total, 'available')).toBe('11:30:00');
    expect(cell(total, 'rest')).toBe('30:00');
    expect(total).toHaveTextContent('25:30:00');
    // The stacked bar: each state's share of the day, named on hover.
    const rest = screen.getByTestId('extension-states-bar-1002').querySelector('[data-state="rest"]')!;
    expect(rest).toHaveAttribute('title', 'Rest: 30:00');
    expect(rest).toHaveStyle({ width: `${(1800 / 5400) * 100}%` });

    const day = screen.getByTestId('extension-day');
    await user.clear(day);
    await user.type(day, '2026. 11. 20.{Enter}');
    await user.type(screen.getByTestId('extension-filter'), '1001');
    await user.click(screen.getByTestId('extension-day-submit'));
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()[1]).toEqual(['statistics/extension-status', { date: '2026-11-20', extension: '1001' }]);
  }, 20_000);

  it('opens the agent\'s timeline for the day shown', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<ExtensionStatusScreen now={NOW} />);
    await user.click(await screen.findByTestId('extension-timeline-link-1002'));
    expect(openPopup).toHaveBeenCalledWith('view-extension-status-data-analysis', { extension: '1002', date: '2026-11-27' });
  });

  it('shows the server\'s 422 under the day', async () => {
    vi.mocked(http.post).mockRejectedValue({ isAxiosError: true, message: 'Request failed', response: { status: 422, data: { message: 'Please choose a day (YYYY-MM-DD).', errors: { date: ['Please choose a day (YYYY-MM-DD).'] } } } });
    renderWithFreshCache(<ExtensionStatusScreen now={NOW} />);
    expect(await screen.findByTestId('date-errors')).toHaveTextContent('Please choose a day (YYYY-MM-DD).');
  });
});

describe('view-extension-status-data-analysis/{extension}?date=', () => {
  it('draws the agent\'s day 00:00–24:00 as coloured spans with state, reason and start–end, and the totals', async () => {
    renderWithFreshCache(
      <PopupContext value={{ popupId: 'view-extension-status-data-analysis', presentation: 'window', params: { extension: '1001' }, query: { date: '2026-11-27' }, close: vi.fn() }}>
        <ExtensionTimelinePopup />
      </PopupContext>,
    );
    await screen.findByTestId('extension-timeline');
    expect(bodies()).toEqual([['statistics/extension-status', { date: '2026-11-27', extension: '1001' }]]);
    expect(screen.getByRole('heading')).toHaveTextContent('1001 · Kim on Nov 27, 2026');
    const spans = screen.getAllByTestId('extension-timeline-span');
    expect(spans.map((span) => span.getAttribute('data-state'))).toEqual(['logged_out', 'available', 'on_call', 'available', 'lunch', 'on_call', 'lunch', 'available']);
    // 09:00 is 37.5 % into the day; 10:00–10:30 is 1/48 of it.
    expect(spans[1]).toHaveStyle({ left: '37.5%' });
    expect(spans[2]).toHaveStyle({ left: pct(10), width: pct(0.5) });
    expect(spans[7]).toHaveStyle({ left: pct(15), width: pct(9) });
    expect(spans[5]).toHaveAttribute('title', 'On a call (lunch): 12:30:00 PM–1:00:00 PM');
    expect(spans[0]).toHaveAttribute('title', 'Logged out: 12:00:00 AM–9:00:00 AM');
    const totals = screen.getByTestId('extension-timeline-totals');
    expect(totals.querySelector('[data-state="on_call"]')).toHaveTextContent('1:00:00');
    expect(totals).toHaveTextContent('24:00:00');
  });

  it('says so, without asking the server, when the address names no extension', async () => {
    renderWithFreshCache(
      <PopupContext value={{ popupId: 'view-extension-status-data-analysis', presentation: 'window', params: { extension: '1' }, query: {}, close: vi.fn() }}>
        <ExtensionTimelinePopup />
      </PopupContext>,
    );
    expect(await screen.findByTestId('extension-timeline-not-extension')).toHaveTextContent('“1” is not an extension number.');
    expect(bodies()).toEqual([]);
  });
});
