import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { http } from '../../api/http';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import QueueLabelPopup from './queue-label-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
const postToMain = vi.fn();
vi.mock('../../shell/popups/window-bridge', () => ({ windowBridge: () => ({ role: 'popup', postToMain, postToPopups: vi.fn(), subscribe: vi.fn(() => () => {}), close: vi.fn() }) }));

const board = (patch: Partial<QueueStatusRecord> = {}): QueueStatusRecord => ({
  id: 7,
  queue: '500',
  name: 'Customer Service',
  label: null,
  service_level_s: 20,
  wait_warning_s: null,
  wait_danger_s: null,
  waiting: [],
  longest_wait_s: 0,
  offered: 0,
  answered: 0,
  abandoned: 0,
  timed_out: 0,
  service_level: null,
  service_level_with_abandoned: null,
  avg_wait_s: null,
  avg_talk_s: null,
  reset_at: null,
  reset_by: null,
  agents: [],
  ...patch,
});

function open(id: string, pushed: QueueStatusRecord[]) {
  const socket = new FakeConnection();
  const close = vi.fn();
  const context: PopupContextValue = { popupId: 'edit-queue-status-label', presentation: 'window', params: { id }, query: {}, close };
  renderWithProviders(
    <PopupContext value={context}>
      <QueueLabelPopup connect={() => socket} />
    </PopupContext>,
  );
  act(() => socket.serverConnect());
  act(() => pushed.forEach((status) => socket.serverEmit('queue_status', status)));
  return { close };
}

describe('queue-status/label/edit/{id}', () => {
  beforeEach(() => {
    vi.mocked(http.post).mockReset();
    postToMain.mockReset();
  });

  it("starts from the queue's current label and thresholds, and says what blank means", () => {
    open('7', [board({ label: 'CS', wait_warning_s: 15, wait_danger_s: 40 }), board({ id: 8, queue: '510', name: 'Sales' })]);
    expect(screen.getByTestId('queue-label-queue')).toHaveTextContent('Customer Service (500)');
    expect(screen.getByTestId('queue-label-label')).toHaveValue('CS');
    expect(screen.getByTestId('queue-label-wait_warning_s')).toHaveValue('15');
    expect(screen.getByTestId('queue-label-wait_danger_s')).toHaveValue('40');
    expect(screen.getByTestId('wait_warning_s-hint')).toHaveTextContent('Blank: 10 s, half the service level threshold.');
    expect(screen.getByTestId('wait_danger_s-hint')).toHaveTextContent('Blank: 20 s, the service level threshold.');
  });

  it('shows each problem under its field and sends nothing', async () => {
    open('7', [board()]);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('queue-label-label'), 'x'.repeat(31));
    await user.type(screen.getByTestId('queue-label-wait_warning_s'), '30');
    await user.type(screen.getByTestId('queue-label-wait_danger_s'), '20');
    await user.click(screen.getByTestId('queue-label-save'));
    expect(screen.getByTestId('label-errors')).toHaveTextContent('The label can be at most 30 characters.');
    expect(screen.getByTestId('wait_warning_s-errors')).toHaveTextContent('Amber must start before red: enter fewer seconds than for red.');
    await user.clear(screen.getByTestId('queue-label-wait_danger_s'));
    await user.type(screen.getByTestId('queue-label-wait_danger_s'), 'soon');
    await user.click(screen.getByTestId('queue-label-save'));
    expect(screen.getByTestId('wait_danger_s-errors')).toHaveTextContent('Please enter whole seconds from 1 to 86400, or leave it blank.');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('saves, then closes the window and has the main window confirm it', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { data: board({ label: 'Front desk', wait_warning_s: 10 }) } });
    const { close } = open('7', [board()]);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('queue-label-label'), ' Front desk ');
    await user.type(screen.getByTestId('queue-label-wait_warning_s'), '10');
    await user.click(screen.getByTestId('queue-label-save'));
    expect(http.post).toHaveBeenCalledWith('queue/label', { id: 7, label: 'Front desk', wait_warning_s: 10, wait_danger_s: null });
    expect(postToMain).toHaveBeenCalledWith({ type: 'popup.saved', message: 'The board label and colours of Front desk are saved.' });
    expect(close).toHaveBeenCalled();
  });

  it("puts the server's messages under their fields and stays open", async () => {
    vi.mocked(http.post).mockRejectedValue({ isAxiosError: true, response: { status: 422, data: { message: 'Invalid', errors: { wait_warning_s: ['Amber must start before red: enter fewer seconds than for red.'] } } } });
    const { close } = open('7', [board()]);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('queue-label-wait_warning_s'), '5');
    await user.click(screen.getByTestId('queue-label-save'));
    expect(await screen.findByTestId('wait_warning_s-errors')).toHaveTextContent('Amber must start before red');
    expect(close).not.toHaveBeenCalled();
  });

  it('says so for a queue that is not on the board', async () => {
    open('99', [board()]);
    expect(await screen.findByTestId('queue-label-not-found')).toHaveTextContent("This queue is not on your company's board.");
  });
});
