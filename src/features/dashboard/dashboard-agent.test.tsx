import { act, fireEvent, screen, within } from '@testing-library/react';
import { openPopup } from '../../shell/popups/open-popup';
import type { Callback } from '../../api/contracts/callback.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import DashboardOverviewScreen from './dashboard-overview-screen';
import { answerByPath, httpError, renderDashboard, type Answer } from './dashboard-test-setup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', async (importOriginal) => ({ ...(await importOriginal<object>()), openPopup: vi.fn() }));
let user = makeUserInfo();
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

// 10:00 in Seoul on Nov 27: "today" is 2026-11-27 from 2026-11-26T15:00Z.
const NOW = Date.parse('2026-11-27T10:00:00+09:00');
const TOTALS: Record<string, number> = { 'inbound.answered': 7, 'inbound.missed': 2, 'inbound.abandoned': 1, 'outbound.answered': 4, 'outbound.missed': 3 };
const stamp = { created_at: '2026-11-27T00:30:00.000Z', updated_at: '2026-11-27T00:30:00.000Z', last_call_at: '2026-11-27T00:30:00.000Z', closed_at: null, auto_state: null, auto_attempts: 0, next_attempt_at: null };
const callback = (id: number, phone: string): Callback => ({ id, phone_number: phone, is_mobile: true, status: 'open', assigned_user_id: 4, assigned_user_name: 'agent1', attempts: 1, last_uniqueid: null, queue: '500', source: 'missed_call', note: null, ...stamp });

const ANSWERS: Record<string, Answer> = {
  'cti/calls/history': (body) => ({ data: [], current_page: 1, per_page: 10, total: TOTALS[`${String(body.direction)}.${String(body.disposition)}`], last_page: 1 }),
  'statistics/extension-status': () => ({
    data: [{ extension: '1001', name: 'agent1', seconds: { available: 3600, on_call: 1800, lunch: 2700, logged_out: 28800 }, intervals: [] }],
  }),
  'callback/list': () => ({ data: Array.from({ length: 7 }, (_, i) => callback(i + 1, `0105555000${i + 1}`)), current_page: 1, per_page: 10, total: 7, last_page: 1 }),
};

function open(answers: Record<string, Answer> = ANSWERS) {
  const calls = answerByPath(answers);
  const socket = new FakeConnection();
  renderDashboard(<DashboardOverviewScreen connect={() => socket} />);
  act(() => socket.serverConnect());
  return { calls, socket };
}

describe('/dashboard for an agent', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.mocked(http.post).mockReset();
    user = makeUserInfo({ permissions: ['dashboard', 'call_statistics', 'callbacks'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts my calls today, each number opening the detail list on today, my extension and that result', async () => {
    const { calls } = open();
    const answered = await screen.findByTestId('dashboard-my-calls-inbound-answered');
    expect(answered).toHaveTextContent('7');
    expect(answered).toHaveAttribute('href', '/call-statistics/inbound-details?date_from=2026-11-27&date_to=2026-11-27&extension=1001&disposition=answered');
    expect(screen.getByTestId('dashboard-my-calls-inbound-abandoned')).toHaveTextContent('1');
    const unanswered = screen.getByTestId('dashboard-my-calls-outbound-missed');
    expect(unanswered).toHaveTextContent('3');
    expect(unanswered).toHaveAttribute('href', '/call-statistics/outbound-details?date_from=2026-11-27&date_to=2026-11-27&extension=1001&disposition=missed');
    // The number is the total of exactly the list the link opens.
    expect(calls.filter((c) => c.path === 'cti/calls/history').map((c) => c.body)).toContainEqual({
      page: 1, per_page: 10, date_from: '2026-11-27', date_to: '2026-11-27', extension: '1001', direction: 'outbound', disposition: 'missed',
    });
  });

  it('shows my day in states with the time in each, from my extension’s statistics', async () => {
    const { calls } = open();
    expect(await screen.findByTestId('dashboard-my-states-available')).toHaveTextContent('1:00:00');
    expect(screen.getByTestId('dashboard-my-states-on_call')).toHaveTextContent('30:00');
    expect(screen.getByTestId('dashboard-my-states-lunch')).toHaveTextContent('45:00');
    expect(screen.queryByTestId('dashboard-my-states-rest')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === 'statistics/extension-status')?.body).toEqual({ date: '2026-11-27', extension: '1001' });
    // The times open my day as a timeline, in its window.
    expect(screen.getByTestId('dashboard-my-states-lunch')).toHaveAttribute('href', '/window/view-extension-status-data-analysis/1001?date=2026-11-27');
    fireEvent.click(screen.getByTestId('dashboard-my-states-lunch'));
    expect(openPopup).toHaveBeenCalledWith('view-extension-status-data-analysis', { extension: '1001', date: '2026-11-27' });
  });

  it('shows how many callbacks are open for me and the first five, linking to my open callbacks', async () => {
    const { calls } = open();
    const count = await screen.findByTestId('dashboard-my-callbacks-count');
    expect(count).toHaveTextContent('7 open callbacks');
    expect(count).toHaveAttribute('href', '/consultations/callbacks?status=active&assignment=mine');
    expect(screen.getByTestId('dashboard-my-callback-5')).toHaveTextContent('010-5555-0005');
    expect(screen.queryByTestId('dashboard-my-callback-6')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === 'callback/list')?.body).toMatchObject({ status: 'active', assignment: 'mine' });
  });

  it('shows no manager widgets to an agent without the queue board, and opens no board socket', async () => {
    const { socket } = open();
    await screen.findByTestId('dashboard-my-calls-inbound-answered');
    expect(screen.queryByTestId('dashboard-queues')).not.toBeInTheDocument();
    expect(socket.emitted.map((e) => e.name)).not.toContain('join_queue_board');
  });

  it('without call statistics or callbacks: my calls as plain numbers, no states, no callbacks, nothing asked of statistics', async () => {
    user = makeUserInfo({ permissions: ['dashboard'] });
    const { calls } = open();
    const answered = await screen.findByTestId('dashboard-my-calls-inbound-answered');
    expect(answered).toHaveTextContent('7');
    expect(answered).not.toHaveAttribute('href');
    expect(screen.queryByTestId('dashboard-my-states')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-my-callbacks')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-service-level')).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('statistics/extension-status');
    expect(calls.map((c) => c.path)).not.toContain('callback/list');
  });

  it('a widget whose request fails says so with a retry, and the others stay', async () => {
    let failing = true;
    open({
      ...ANSWERS,
      'statistics/extension-status': (body) => {
        if (failing) throw httpError(500, 'The statistics are not available');
        return ANSWERS['statistics/extension-status']!(body);
      },
    });
    const error = await screen.findByTestId('dashboard-my-states-error');
    expect(error).toHaveTextContent('The statistics are not available');
    expect(await screen.findByTestId('dashboard-my-calls-inbound-answered')).toHaveTextContent('7');
    expect(await screen.findByTestId('dashboard-my-callbacks-count')).toBeInTheDocument();
    failing = false;
    fireEvent.click(within(error).getByTestId('dashboard-my-states-retry'));
    expect(await screen.findByTestId('dashboard-my-states-available')).toHaveTextContent('1:00:00');
  });

  it('shows a skeleton while a widget loads', async () => {
    open({ ...ANSWERS, 'callback/list': () => new Promise(() => {}) });
    expect(screen.getByTestId('dashboard-my-callbacks-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-my-calls-inbound-answered')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-my-callbacks-loading')).toBeInTheDocument();
  });
});
