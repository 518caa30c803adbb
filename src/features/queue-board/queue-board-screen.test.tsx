import { act, fireEvent, screen, within } from '@testing-library/react';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { http } from '../../api/http';
import { openPopup } from '../../shell/popups/open-popup';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import QueueBoardScreen from './queue-board-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
let user = makeUserInfo({ role: 'manager', permissions: [] });
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

const NOW = Date.parse('2026-11-27T10:00:00+09:00');
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();

const board = (patch: Partial<QueueStatusRecord> = {}): QueueStatusRecord => ({
  id: 7,
  queue: '500',
  name: 'Customer Service',
  label: null,
  service_level_s: 20,
  wait_warning_s: null,
  wait_danger_s: null,
  waiting: [{ uniqueid: 'c9', caller: '01055550009', entered_at: ago(30), waited_s: 30 }],
  longest_wait_s: 30,
  offered: 12,
  answered: 9,
  abandoned: 2,
  timed_out: 0,
  service_level: 0.75,
  service_level_with_abandoned: 0.7,
  avg_wait_s: 14,
  avg_talk_s: 150,
  reset_at: null,
  reset_by: null,
  agents: [
    { extension: '1001', name: 'Agent One', exten_status: 51, status: 1, state: 'on_call', reason: null, since: ago(65) },
    { extension: '1002', name: 'Agent Two', exten_status: 51, status: 11, state: 'rest', reason: 'rest', since: ago(125) },
  ],
  ...patch,
});

function open() {
  const socket = new FakeConnection();
  renderWithProviders(<QueueBoardScreen connect={() => socket} />);
  act(() => socket.serverConnect());
  return socket;
}

describe('/queues, the live queue board', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    vi.mocked(http.post).mockReset();
    user = makeUserInfo({ role: 'manager', permissions: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('joins the board room and shows what the server pushes: figures, the waiting caller, each agent in state', () => {
    const socket = open();
    expect(socket.emitted.map((e) => e.name)).toContain('join_queue_board');
    act(() => socket.serverEmit('queue_status', board()));
    const card = screen.getByTestId('queue-500');
    expect(within(card).getByTestId('queue-500-waiting')).toHaveTextContent('1');
    expect(within(card).getByTestId('queue-500-offered')).toHaveTextContent('12');
    expect(within(card).getByTestId('queue-500-sl')).toHaveTextContent('75%');
    expect(within(card).getByTestId('queue-500-sl2')).toHaveTextContent('70%');
    expect(within(card).getByTestId('queue-500-asa')).toHaveTextContent('0:14');
    expect(within(card).getByTestId('queue-500-aht')).toHaveTextContent('2:30');
    // Waited 30 s against a 20 s threshold: late, in red.
    expect(within(card).getByTestId('queue-500-longest')).toHaveTextContent('0:30');
    expect(within(card).getByTestId('queue-500-longest').className).toContain('intent-danger');
    expect(within(card).getByTestId('queue-500-caller-c9')).toHaveTextContent('01055550009');
    expect(within(card).getByTestId('queue-500-agent-1002')).toHaveTextContent('Rest');
    expect(within(card).getByTestId('queue-500-agent-1002-time')).toHaveTextContent('2:05');
    expect(screen.getByTestId('queue-board-total-waiting')).toHaveTextContent('1 caller waiting');
  });

  it('counts the waits and the time in state live, each second, without asking the server', () => {
    const socket = open();
    act(() => socket.serverEmit('queue_status', board()));
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('queue-500-longest')).toHaveTextContent('0:35');
    expect(screen.getByTestId('queue-500-agent-1002-time')).toHaveTextContent('2:10');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('a newer push replaces the queue; another queue gets its own card', () => {
    const socket = open();
    act(() => socket.serverEmit('queue_status', board()));
    act(() => socket.serverEmit('queue_status', board({ waiting: [], answered: 10 })));
    act(() => socket.serverEmit('queue_status', board({ queue: '510', name: 'Sales', waiting: [] })));
    expect(screen.getByTestId('queue-500-answered')).toHaveTextContent('10');
    expect(screen.getByTestId('queue-500-waiting')).toHaveTextContent('0');
    expect(screen.getByTestId('queue-510')).toHaveTextContent('Sales');
  });

  it('says when it lost the server, and joins again on reconnect', () => {
    const socket = open();
    act(() => socket.serverDisconnect());
    expect(screen.getByTestId('queue-board-connection')).toHaveTextContent('Reconnecting…');
    act(() => socket.serverConnect());
    expect(screen.getByTestId('queue-board-connection')).toHaveTextContent('Live');
    expect(socket.emitted.filter((e) => e.name === 'join_queue_board')).toHaveLength(2);
  });

  it('resets a queue after a confirmation, and shows who reset it', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { data: board({ offered: 0, answered: 0, abandoned: 0, service_level: null, reset_at: new Date(NOW).toISOString(), reset_by: '김지수' }) } });
    const socket = open();
    act(() => socket.serverEmit('queue_status', board()));
    fireEvent.click(screen.getByTestId('queue-500-reset'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-accept'));
    });
    expect(http.post).toHaveBeenCalledWith('queue/reset', { queue: '500' });
    expect(screen.getByTestId('queue-500-offered')).toHaveTextContent('0');
    expect(screen.getByTestId('queue-500-since')).toHaveTextContent('reset by 김지수');
  });

  it('has no reset button for an agent whose manager hid it', () => {
    user = makeUserInfo({ role: 'agent', permissions: ['queues', 'hide_queue_reset_button'] });
    const socket = open();
    act(() => socket.serverEmit('queue_status', board()));
    expect(screen.queryByTestId('queue-500-reset')).not.toBeInTheDocument();
  });

  it('drops a payload that is not a board', () => {
    const socket = open();
    act(() => socket.serverEmit('queue_status', { queue: '500' } as unknown as QueueStatusRecord));
    expect(screen.queryByTestId('queue-500')).not.toBeInTheDocument();
  });

  it('shows the board label instead of the name, and edits it from the card', () => {
    const socket = open();
    act(() => socket.serverEmit('queue_status', board({ label: 'CS' })));
    expect(screen.getByTestId('queue-500-name')).toHaveTextContent('CS (500)');
    expect(screen.getByTestId('queue-500-name')).not.toHaveTextContent('Customer Service');
    fireEvent.click(screen.getByTestId('queue-500-edit-label'));
    expect(openPopup).toHaveBeenCalledWith('edit-queue-status-label', { id: 7 });
  });

  it("colours the waits by the queue's own thresholds when set, else by half and all of the service level", () => {
    const socket = open();
    // 30 s waited; blank thresholds against 20 s: red.
    act(() => socket.serverEmit('queue_status', board()));
    expect(screen.getByTestId('queue-500-longest').className).toContain('intent-danger');
    // Amber from 25 s, red from 60 s: amber.
    act(() => socket.serverEmit('queue_status', board({ wait_warning_s: 25, wait_danger_s: 60 })));
    expect(screen.getByTestId('queue-500-longest').className).toContain('intent-warning');
    expect(within(screen.getByTestId('queue-500-caller-c9')).getByText('0:30').closest('.bp6-tag')!.className).toContain('intent-warning');
    // Red from 60 s only: amber stays at half the service level (10 s), so still amber at 30 s.
    act(() => socket.serverEmit('queue_status', board({ wait_danger_s: 60 })));
    expect(screen.getByTestId('queue-500-longest').className).toContain('intent-warning');
    // Amber from 45 s: nothing yet.
    act(() => socket.serverEmit('queue_status', board({ wait_warning_s: 45, wait_danger_s: 60 })));
    expect(screen.getByTestId('queue-500-longest').className).not.toMatch(/intent-(warning|danger)/);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('queue-500-longest').className).toContain('intent-danger');
  });
});
