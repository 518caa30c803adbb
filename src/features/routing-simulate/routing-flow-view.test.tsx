import { screen, within } from '@testing-library/react';
import { http } from '../../api/http';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { RoutingFlowView } from './routing-flow-view';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

const STAMP = '2026-11-01T00:00:00.000Z';
const stamps = { created_at: STAMP, updated_at: STAMP };
const calendar = { start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_minute: 0, end_minute: 0 };

const RECORDS: Record<string, unknown[]> = {
  'inbound-number': [{ id: 1, number: '0215889000', name: 'Main line', destination: { type: 'ivr', target: '700' }, ...stamps }],
  'time-condition': [
    { id: 1, name: 'Office hours', type: 'working_hour', ...calendar, start_hour: 9, end_hour: 18, destination: { type: 'voicemail', target: null }, sound_file_id: null, korean_holidays: false, ...stamps },
    { id: 2, name: 'Lunch', type: 'lunch_hour', ...calendar, start_hour: 12, end_hour: 13, destination: null, sound_file_id: 9, korean_holidays: false, ...stamps },
  ],
  ivr: [
    {
      id: 1,
      number: '700',
      name: 'Main menu',
      greeting_sound_file_id: 9,
      timeout_s: 5,
      invalid_retries: 2,
      options: [
        { digit: '1', destination: { type: 'ring_group', target: '600' } },
        { digit: '2', destination: { type: 'ivr', target: '700' } },
        { digit: '3', destination: { type: 'callback_group', target: '800' } },
      ],
      timeout_destination: { type: 'extension', target: '1001' },
      invalid_destination: null,
      ...stamps,
    },
  ],
  'ring-group': [{ id: 1, number: '600', display_name: 'Support', strategy: 'ringall', ring_time_s: 20, members: ['1001', '1002'], no_answer_destination: { type: 'queue', target: '500' }, ...stamps }],
  'callback-group': [{ id: 1, number: '800', name: 'Call me back', members: ['1003'], callback_delay_s: 0, max_attempts: 3, ...stamps }],
  'sound-file': [{ id: 9, name: 'Lunch greeting', file: null, file_name: 'lunch.mp3', duration_ms: 3000, extension: '', ...stamps }],
};

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('RoutingFlowView', () => {
  it('draws the staged routing from the records: conditions by priority, menus with their keys, groups with members, loops once', async () => {
    vi.mocked(http.post).mockImplementation((async (path: string) => {
      if (path in RECORDS) return { data: { data: RECORDS[path] } };
      throw new Error(`unexpected ${path}`);
    }) as never);
    renderWithFreshCache(<RoutingFlowView />);
    const tree = await screen.findByRole('list', { name: 'The routing as edited' });
    const [inbound] = within(tree).getAllByTestId('flow-node');
    expect(inbound).toHaveAttribute('data-kind', 'inbound_number');
    const lines = within(tree)
      .getAllByTestId('flow-node')
      .map((node) => node.querySelector('.routing-flow__label')!.textContent);
    expect(lines).toEqual([
      'Inbound number 0215889000 (Main line)',
      'When Lunch hour “Lunch” holds',
      'Plays sound file Lunch greeting, then hangs up',
      'When Working hour “Office hours” holds',
      'Voicemail',
      'Otherwise',
      'IVR 700 (Main menu), greeting Lunch greeting',
      'Key 1',
      'Ring group 600 (Support), Ring all at once: 1001, 1002',
      'No answer',
      'Queue 500',
      'Key 2',
      'Back to menu 700',
      'Key 3',
      'Callback group 800 (Call me back): 1003',
      'No key pressed in time',
      'Extension 1001',
      'Too many wrong keys',
      'Hang up',
    ]);
    // Nested lists: the menu's keys sit one level below the menu.
    const menu = within(tree).getAllByTestId('flow-node').find((node) => node.getAttribute('data-kind') === 'ivr')!;
    expect(within(menu).getAllByTestId('flow-node').filter((node) => node.parentElement?.parentElement === menu).map((node) => node.getAttribute('data-kind'))).toEqual(['ivr_option', 'ivr_option', 'ivr_option', 'ivr_timeout', 'ivr_invalid']);
  });

  it('says so when the routing cannot be read', async () => {
    vi.mocked(http.post).mockRejectedValue({ isAxiosError: true, message: 'Request failed', response: { status: 500, data: { message: 'boom' } } });
    renderWithFreshCache(<RoutingFlowView />);
    expect(await screen.findByTestId('routing-flow-error')).toHaveTextContent('The routing could not be read.');
  });
});
