import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import QueueAllPopup from './queue-all-popup';
import QueueBoardScreen from './queue-board-screen';
import QueueStatusPopup from './queue-status-popup';
import QueueWallboardPopup from './queue-wallboard-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', permissions: [] }) }));

const NOW = Date.parse('2026-11-27T10:00:00+09:00');
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();
const agent = (extension: string, state: QueueStatusRecord['agents'][number]['state']) => ({ extension, name: `Agent ${extension}`, exten_status: 51, status: 0, state, reason: null, since: ago(10) });
const board = (queue: string, patch: Partial<QueueStatusRecord> = {}): QueueStatusRecord => ({
  id: Number(queue),
  queue,
  name: `Queue ${queue}`,
  label: null,
  service_level_s: 20,
  wait_warning_s: null,
  wait_danger_s: null,
  waiting: [],
  longest_wait_s: 0,
  offered: 4,
  answered: 3,
  abandoned: 1,
  timed_out: 0,
  service_level: 0.5,
  service_level_with_abandoned: 0.5,
  avg_wait_s: 12,
  avg_talk_s: 90,
  reset_at: null,
  reset_by: null,
  agents: [agent('1001', 'available'), agent('1002', 'on_call'), agent('1003', 'rest'), agent('1004', 'logged_out')],
  ...patch,
});

/** A board pop-up in its window, on the test's socket, connected. */
function render(element: React.ReactElement, socket: FakeConnection, query: Record<string, string> = {}) {
  const context: PopupContextValue = { popupId: 'queue-status', presentation: 'window', params: {}, query, close: vi.fn() };
  renderWithProviders(<PopupContext value={context}>{element}</PopupContext>);
  act(() => socket.serverConnect());
}

describe('the queue board pop-ups', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queue-status?queue= shows that queue alone, live', () => {
    const socket = new FakeConnection();
    render(<QueueStatusPopup connect={() => socket} />, socket, { queue: '510' });
    act(() => {
      socket.serverEmit('queue_status', board('500'));
      socket.serverEmit('queue_status', board('510', { waiting: [{ uniqueid: 'w1', caller: '01055550001', entered_at: ago(12), waited_s: 12 }] }));
    });
    expect(screen.queryByTestId('queue-500')).not.toBeInTheDocument();
    expect(screen.getByTestId('queue-510-waiting')).toHaveTextContent('1');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('queue-510-longest')).toHaveTextContent('0:15');
    // No "open in a window" inside the window itself.
    expect(screen.queryByTestId('queue-510-open')).not.toBeInTheDocument();
  });

  it('queue-status for a queue the company does not have says so', () => {
    const socket = new FakeConnection();
    render(<QueueStatusPopup connect={() => socket} />, socket, { queue: '599' });
    act(() => socket.serverEmit('queue_status', board('500')));
    expect(screen.getByTestId('queue-status-missing')).toHaveTextContent('There is no queue 599.');
  });

  it('queue-all puts each queue on one line with its members counted by state', () => {
    const socket = new FakeConnection();
    render(<QueueAllPopup connect={() => socket} />, socket);
    act(() => socket.serverEmit('queue_status', board('500', { waiting: [{ uniqueid: 'w1', caller: '0101', entered_at: ago(25), waited_s: 25 }] })));
    const cells = within(screen.getByTestId('queue-all-500'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Queue 500 (500)', '1', '0:25', '4', '3', '1', '50%', '50%', '1', '1', '1', '1']);
  });

  it('the wallboard shows big figures coloured against the threshold', () => {
    const socket = new FakeConnection();
    render(<QueueWallboardPopup connect={() => socket} />, socket);
    act(() => socket.serverEmit('queue_status', board('500', { waiting: [{ uniqueid: 'w1', caller: '0101', entered_at: ago(25), waited_s: 25 }] })));
    expect(screen.getByTestId('wallboard-500-longest')).toHaveTextContent('0:25');
    expect(screen.getByTestId('wallboard-500-longest')).toHaveAttribute('data-intent', 'danger');
    expect(screen.getByTestId('wallboard-500-sl')).toHaveAttribute('data-intent', 'danger');
    expect(screen.getByTestId('wallboard-500-available')).toHaveTextContent('1/4');
  });

  it('/queues opens them: one queue in a window, all queues, the wallboard', async () => {
    vi.useRealTimers();
    const socket = new FakeConnection();
    renderWithProviders(<QueueBoardScreen connect={() => socket} />);
    act(() => socket.serverConnect());
    act(() => socket.serverEmit('queue_status', board('500')));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('queue-500-open'));
    expect(openPopup).toHaveBeenCalledWith('queue-status', { queue: '500' });
    await user.click(screen.getByTestId('queue-board-open-all'));
    expect(openPopup).toHaveBeenCalledWith('queue-all');
    await user.click(screen.getByTestId('queue-board-open-wallboard'));
    expect(openPopup).toHaveBeenCalledWith('queue-status-v2');
  });
});
