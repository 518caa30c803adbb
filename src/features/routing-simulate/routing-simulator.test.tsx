import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import type { RoutingSimulateBody, RoutingSimulateResponse } from '../../api/routing/routing.contract';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { RoutingSimulator } from './routing-simulator';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

const STAMP = '2026-11-01T00:00:00.000Z';
const NUMBERS = [
  { id: 1, number: '0215889000', name: 'Main line', destination: { type: 'ivr', target: '700' }, created_at: STAMP, updated_at: STAMP },
  { id: 2, number: '0215889001', name: 'Sales', destination: { type: 'queue', target: '500' }, created_at: STAMP, updated_at: STAMP },
];

const PATH: RoutingSimulateResponse = {
  steps: [
    { type: 'inbound_number', target: '0215889000', reason: 'Called the inbound number Main line.' },
    { type: 'ivr', target: '700', reason: 'The IVR Main menu plays its greeting and waits for a key.' },
    { type: 'ivr_option', target: '1', reason: 'The caller pressed 1.' },
    { type: 'ring_group', target: '600', reason: 'Rings ring group 600.' },
  ],
  destination: { type: 'ring_group', target: '600' },
  ring_group: '600',
  ivr_number: '700',
};

/** Friday 2026-11-27, 09:30 in Seoul. */
const NOW = new Date('2026-11-27T00:30:00Z');

type Answer = (body: RoutingSimulateBody) => Promise<{ data: unknown }>;

function serve(simulate: Answer) {
  vi.mocked(http.post).mockImplementation((async (path: string, body: RoutingSimulateBody) => {
    if (path === 'inbound-number') return { data: { data: NUMBERS } };
    if (path === 'routing/simulate') return simulate(body);
    throw new Error(`unexpected ${path}`);
  }) as never);
}

const simulateCalls = () => vi.mocked(http.post).mock.calls.filter(([path]) => path === 'routing/simulate').map(([, body]) => body as RoutingSimulateBody);

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('RoutingSimulator', () => {
  it('asks routing/simulate for the number, caller, Seoul time and keys, and draws the path with the destination, ring_gr and ivr_number', async () => {
    serve(async () => ({ data: PATH }));
    const user = userEvent.setup();
    renderWithFreshCache(<RoutingSimulator initialTo="0215889001" now={NOW} />);
    // The inbound numbers to choose from; choosing one fills the number dialled.
    const choice = screen.getByTestId('simulate-to-choice');
    await waitFor(() => expect(within(choice).getByRole('option', { name: '0215889000 · Main line' })).toBeInTheDocument());
    expect(choice).toHaveValue('0215889001');
    await user.selectOptions(choice, '0215889000');
    expect(screen.getByTestId('simulate-to')).toHaveValue('0215889000');
    expect(screen.getByTestId('simulate-day')).toHaveValue('Nov 27, 2026');
    await user.type(screen.getByTestId('simulate-from'), '01012345678');
    await user.type(screen.getByTestId('simulate-digits'), '1#');
    await user.click(screen.getByTestId('simulate-submit'));

    const path = await screen.findByTestId('simulate-path');
    expect(simulateCalls()).toEqual([{ to: '0215889000', from: '01012345678', at: '2026-11-27T09:30:00+09:00', digits: '1#' }]);
    expect(within(path).getByRole('heading')).toHaveTextContent("The call's path");
    expect(screen.getByTestId('simulate-step-0')).toHaveTextContent('Inbound number 0215889000');
    expect(screen.getByTestId('simulate-step-0')).toHaveTextContent('Called the inbound number Main line.');
    expect(screen.getByTestId('simulate-step-1')).toHaveAttribute('data-type', 'ivr');
    expect(screen.getByTestId('simulate-step-2')).toHaveTextContent('Key pressed 1');
    expect(screen.getByTestId('simulate-step-3')).toHaveTextContent('Rings ring group 600.');
    expect(screen.getByTestId('simulate-destination')).toHaveTextContent('Ends at: Ring group 600');
    expect(screen.getByTestId('simulate-ring-gr')).toHaveTextContent('Rings through (ring_gr): 600');
    expect(screen.getByTestId('simulate-ivr-number')).toHaveTextContent('Last menu (ivr_number): 700');
  });

  it('shows the server\'s 422 under its field', async () => {
    serve(async () => {
      throw { isAxiosError: true, message: 'Request failed', response: { status: 422, data: { message: 'The caller number must be digits, optionally starting with +.', errors: { from: ['The caller number must be digits, optionally starting with +.'] } } } };
    });
    const user = userEvent.setup();
    renderWithFreshCache(<RoutingSimulator initialTo="0215889000" now={NOW} />);
    await user.type(screen.getByTestId('simulate-from'), 'abc');
    await user.click(screen.getByTestId('simulate-submit'));
    expect(await screen.findByTestId('from-errors')).toHaveTextContent('The caller number must be digits, optionally starting with +.');
    expect(screen.getByTestId('simulate-from')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('simulate-path')).not.toBeInTheDocument();
  });

  it('simulates every hour of the week (a few at a time) and colours each by where the call ends; an hour shows its path', async () => {
    let running = 0;
    let most = 0;
    serve(async (body) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 0));
      running -= 1;
      const [, day, hour] = /^2026-11-(\d{2})T(\d{2})/.exec(body.at!)!.map(Number) as [number, number, number];
      const weekday = day - 22; // Monday is the 23rd
      const open = weekday <= 5 && hour >= 9 && hour < 18;
      const answer: RoutingSimulateResponse =
        weekday === 7
          ? { steps: [{ type: 'hangup', target: '', reason: 'Is hung up.' }], destination: { type: 'hangup', target: null }, ring_group: '', ivr_number: '' }
          : open
            ? { steps: [{ type: 'queue', target: '500', reason: 'Waits in queue 500 for a free agent.' }], destination: { type: 'queue', target: '500' }, ring_group: '500', ivr_number: '' }
            : { steps: [{ type: 'time_condition', target: 'Office hours', reason: 'It is outside working hours (Office hours).' }, { type: 'voicemail', target: '', reason: 'Goes to voicemail.' }], destination: { type: 'voicemail', target: null }, ring_group: '', ivr_number: '' };
      return { data: answer };
    });
    const user = userEvent.setup();
    renderWithFreshCache(<RoutingSimulator initialTo="0215889000" now={NOW} />);
    await user.type(screen.getByTestId('simulate-from'), '01012345678');
    await user.click(screen.getByTestId('simulate-mode-week'));
    expect(screen.getByTestId('simulate-hour')).toBeDisabled();
    await user.click(screen.getByTestId('simulate-submit'));

    await waitFor(() => expect(screen.getByTestId('simulate-week-cell-7-23')).toHaveAttribute('data-type', 'hangup'), { timeout: 20_000 });
    await waitFor(() => expect(screen.queryByTestId('simulate-week-progress')).not.toBeInTheDocument());
    const bodies = simulateCalls();
    expect(bodies).toHaveLength(168);
    expect(new Set(bodies.map((body) => body.at)).size).toBe(168);
    expect(bodies.every((body) => body.to === '0215889000' && body.from === '01012345678' && body.digits === undefined)).toBe(true);
    expect(most).toBeLessThanOrEqual(6);
    expect(most).toBeGreaterThan(1);

    expect(screen.getByTestId('simulate-week-cell-1-10')).toHaveAttribute('data-type', 'queue');
    expect(screen.getByTestId('simulate-week-cell-1-10')).toHaveAccessibleName('Monday Nov 23, 2026 10:00 · Queue 500');
    expect(screen.getByTestId('simulate-week-cell-1-8')).toHaveAttribute('data-type', 'voicemail');
    expect(screen.getByTestId('simulate-week-cell-6-12')).toHaveAttribute('data-type', 'voicemail');
    const legend = screen.getByRole('list', { name: 'What the colours mean' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Queue', 'Voicemail', 'Hang up']);

    await user.click(screen.getByTestId('simulate-week-cell-2-20'));
    const path = screen.getByTestId('simulate-path');
    expect(within(path).getByRole('heading')).toHaveTextContent('The path at Tuesday Nov 24, 2026 20:00');
    expect(path).toHaveTextContent('It is outside working hours (Office hours).');
    expect(screen.getByTestId('simulate-destination')).toHaveTextContent('Ends at: Voicemail');
    // 168 simulated requests and a 7×24 grid: seconds on a loaded CI machine (it timed out at 5 s once).
  }, 30_000);
});
