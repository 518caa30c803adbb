import { act, fireEvent, screen } from '@testing-library/react';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { COMPANY_PERMISSIONS } from '../../api/permissions/catalogue';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { openPopup } from '../../shell/popups/open-popup';
import DashboardOverviewScreen from './dashboard-overview-screen';
import { answerByPath, httpError, renderDashboard, type Answer } from './dashboard-test-setup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', async (importOriginal) => ({ ...(await importOriginal<object>()), openPopup: vi.fn() }));
let user = makeUserInfo();
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

// 10:00 in Seoul: eleven hours of the day so far (0:00 to 10:59).
const NOW = Date.parse('2026-11-27T10:00:00+09:00');
const FROM = '2026-11-26T15:00:00.000Z';
const TO = '2026-11-27T15:00:00.000Z';
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();

const agent = (extension: string, state: QueueStatusRecord['agents'][number]['state']) => ({ extension, name: `Agent ${extension}`, exten_status: 51, status: 0, state, reason: null, since: ago(60) });
const board = (patch: Partial<QueueStatusRecord> = {}): QueueStatusRecord => ({
  id: 1, queue: '500', name: 'Customer Service', label: null, service_level_s: 20, wait_warning_s: null, wait_danger_s: null,
  waiting: [
    { uniqueid: 'c1', caller: '01055550001', entered_at: ago(12), waited_s: 12 },
    { uniqueid: 'c2', caller: '01055550002', entered_at: ago(45), waited_s: 45 },
  ],
  longest_wait_s: 45, offered: 12, answered: 9, abandoned: 2, timed_out: 0, service_level: 0.75, service_level_with_abandoned: 0.7,
  avg_wait_s: 14, avg_talk_s: 150, reset_at: null, reset_by: null,
  agents: [agent('1001', 'available'), agent('1002', 'on_call'), agent('1003', 'ringing'), agent('1004', 'lunch'), agent('1005', 'after'), agent('1006', 'logged_out')],
  ...patch,
});

const row = (bucket_start: string, offered: number, answered: number, service_level: number | null) => ({ bucket_start, offered, answered, abandoned: offered - answered, service_level, avg_wait_s: null, avg_talk_s: null });
const hourly = Array.from({ length: 24 }, (_, hour) => row(new Date(Date.parse(FROM) + hour * 3_600_000).toISOString(), hour === 9 ? 20 : hour === 10 ? 6 : 0, hour === 9 ? 18 : hour === 10 ? 5 : 0, null));
const ANSWERS: Record<string, Answer> = {
  'statistics/inbound': (body) => {
    if (body.bucket === '1h') return { data: hourly };
    if (body.queue === '500') return { data: [row(FROM, 20, 18, 0.9)] };
    if (body.queue === '510') return { data: [row(FROM, 6, 5, 0.6)] };
    return { data: [row(FROM, 26, 23, 0.826)] };
  },
};

function open(answers: Record<string, Answer> = ANSWERS) {
  const calls = answerByPath(answers);
  const socket = new FakeConnection();
  renderDashboard(<DashboardOverviewScreen connect={() => socket} />);
  act(() => socket.serverConnect());
  return { calls, socket };
}

describe('/dashboard for a manager', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.mocked(http.post).mockReset();
    vi.mocked(openPopup).mockReset();
    user = makeUserInfo({ username: 'manager', role: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sums up each queue's live board as pushed: waiting, longest wait, agents free, on a call, paused, each opening /queues", async () => {
    const { socket } = open();
    expect(socket.emitted.map((e) => e.name)).toContain('join_queue_board');
    act(() => socket.serverEmit('queue_status', board()));
    act(() => socket.serverEmit('queue_status', board({ queue: '510', name: 'Sales', waiting: [], agents: [agent('2001', 'available')] })));
    expect(screen.getByTestId('dashboard-queue-500-waiting')).toHaveTextContent('2');
    expect(screen.getByTestId('dashboard-queue-500-waiting')).toHaveAttribute('href', '/queues');
    // 45 s against a 20 s threshold: the longest wait is late.
    expect(screen.getByTestId('dashboard-queue-500-longest')).toHaveTextContent('0:45');
    expect(screen.getByTestId('dashboard-queue-500-longest').closest('td')?.className).toContain('intent-danger');
    expect(screen.getByTestId('dashboard-queue-500-available')).toHaveTextContent('1');
    // Ringing counts as busy with a call; lunch and after-call work as paused; logged out in neither.
    expect(screen.getByTestId('dashboard-queue-500-on-call')).toHaveTextContent('2');
    expect(screen.getByTestId('dashboard-queue-500-paused')).toHaveTextContent('2');
    expect(screen.getByTestId('dashboard-queue-510-longest')).toHaveTextContent('–');
    expect(screen.getByTestId('dashboard-queues-connection')).toHaveTextContent('Live');
    await screen.findByTestId('dashboard-calls-per-hour-totals');
    await screen.findByTestId('dashboard-sl-510-level');
  });

  it("shows today's service level overall and for each queue on the board, from statistics/inbound by day", async () => {
    const { socket, calls } = open();
    act(() => socket.serverEmit('queue_status', board()));
    act(() => socket.serverEmit('queue_status', board({ queue: '510', name: 'Sales' })));
    expect(await screen.findByTestId('dashboard-sl-510-level')).toHaveTextContent('60%');
    expect(screen.getByTestId('dashboard-sl-500-level')).toHaveTextContent('90%');
    expect(screen.getByTestId('dashboard-sl-500')).toHaveTextContent('Customer Service');
    expect(screen.getByTestId('dashboard-sl-all-level')).toHaveTextContent('83%');
    expect(screen.getByTestId('dashboard-sl-all-offered')).toHaveTextContent('26');
    // Each number opens the inbound statistics on today (and its queue), in the report's window.
    expect(screen.getByTestId('dashboard-sl-all-level')).toHaveAttribute('href', '/window/inbound-statistics?from=2026-11-27&to=2026-11-27&bucket=day');
    expect(screen.getByTestId('dashboard-sl-510-answered')).toHaveAttribute('href', '/window/inbound-statistics?from=2026-11-27&to=2026-11-27&bucket=day&queue=510');
    fireEvent.click(screen.getByTestId('dashboard-sl-510-answered'));
    expect(openPopup).toHaveBeenCalledWith('inbound-statistics', { from: '2026-11-27', to: '2026-11-27', bucket: 'day', queue: '510' });
    expect(calls.map((c) => c.body)).toContainEqual({ from: FROM, to: TO, bucket: 'day', queue: '510' });
    expect(calls.map((c) => c.body)).toContainEqual({ from: FROM, to: TO, bucket: 'day' });
  });

  it('draws queue calls per hour from midnight to the hour now, each bar naming its numbers', async () => {
    open();
    expect(await screen.findByTestId('dashboard-calls-per-hour-totals')).toHaveTextContent('26 offered, 23 answered');
    expect(screen.getByTestId('dashboard-calls-hour-9')).toHaveAttribute('aria-label', '9:00: 20 offered, 18 answered');
    expect(screen.getByTestId('dashboard-calls-hour-10')).toHaveAttribute('aria-label', '10:00: 6 offered, 5 answered');
    expect(screen.queryByTestId('dashboard-calls-hour-11')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('dashboard-calls-per-hour-chart'));
    expect(openPopup).toHaveBeenCalledWith('inbound-statistics', { from: '2026-11-27', to: '2026-11-27', bucket: '1h' });
  });

  it("shows none of an agent's own widgets to a manager", async () => {
    const { calls } = open();
    await screen.findByTestId('dashboard-calls-per-hour-totals');
    expect(screen.queryByTestId('dashboard-my-calls')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-my-callbacks')).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('cti/calls/history');
  });

  it('in a company without the queue board: no live summary and no socket, the statistics still shown', async () => {
    user = makeUserInfo({ username: 'manager', role: 'manager', permissions: [], companyPermissions: ['company_can_use_dashboard'] });
    const { socket } = open();
    expect(await screen.findByTestId('dashboard-sl-all-level')).toHaveTextContent('83%');
    expect(screen.queryByTestId('dashboard-queues')).not.toBeInTheDocument();
    expect(socket.emitted.map((e) => e.name)).not.toContain('join_queue_board');
  });

  it('a failed statistics request shows its error in that widget while the live board goes on', async () => {
    const { socket } = open({ 'statistics/inbound': () => { throw httpError(500, 'Statistics failed'); } });
    act(() => socket.serverEmit('queue_status', board()));
    expect(await screen.findByTestId('dashboard-calls-per-hour-error')).toHaveTextContent('Statistics failed');
    expect(await screen.findByTestId('dashboard-service-level-error')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-queue-500-waiting')).toHaveTextContent('2');
  });
});
