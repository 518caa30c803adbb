import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { getPopupSpec } from '../../shell/popups/popup-table';
import { canAccess } from '../../shell/session/route-access';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import QueueBoardScreen from './queue-board-screen';
import QueueReportPopup from './queue-report-popup';
import { buildWorkbook, saveWorkbook } from '../../ui/export/workbook';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
/** A user of a company with the queue board; a manager with queue_report_status unless told. */
const viewer = (patch: Parameters<typeof makeUserInfo>[0] = {}) => makeUserInfo({ role: 'manager', permissions: [], companyPermissions: ['company_can_use_queue_board'], queue_report_status: true, ...patch });
let user = viewer();
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));
vi.mock('../../ui/export/workbook', async (importOriginal) => ({ ...(await importOriginal<object>()), saveWorkbook: vi.fn(async () => {}) }));

// 10:00 in Seoul on Nov 27, 2026.
const NOW = Date.parse('2026-11-27T10:00:00+09:00');
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();
type Agent = QueueStatusRecord['agents'][number];
const agent = (extension: string, name: string, state: Agent['state'], reason: Agent['reason'], since: number | null): Agent => ({
  extension,
  name,
  exten_status: 51,
  status: 0,
  state,
  reason,
  since: since === null ? null : ago(since),
});
const board = (patch: Partial<QueueStatusRecord>): QueueStatusRecord => ({
  id: 1,
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

const CS = board({
  label: 'CS',
  offered: 12,
  answered: 9,
  abandoned: 2,
  timed_out: 1,
  service_level: 0.75,
  service_level_with_abandoned: 0.7,
  avg_wait_s: 14.4,
  avg_talk_s: 150,
  waiting: [{ uniqueid: 'c9', caller: '01055550009', entered_at: ago(30), waited_s: 30 }],
  longest_wait_s: 30,
  agents: [agent('1001', 'Agent One', 'on_call', null, 65), agent('1002', 'Agent Two', 'lunch', 'lunch', 125)],
});
const SALES = board({ id: 2, queue: '510', name: 'Sales', offered: 3, answered: 3, service_level: 1, service_level_with_abandoned: 1, avg_wait_s: 4, avg_talk_s: 61, agents: [agent('1002', 'Agent Two', 'lunch', 'lunch', 125), agent('1003', 'Agent Three', 'logged_out', null, null)] });

function openReport() {
  const socket = new FakeConnection();
  const context: PopupContextValue = { popupId: 'queue-status-report', presentation: 'window', params: {}, query: {}, close: vi.fn() };
  renderWithProviders(
    <PopupContext value={context}>
      <QueueReportPopup connect={() => socket} />
    </PopupContext>,
  );
  act(() => socket.serverConnect());
  return socket;
}

const cellsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('queue-status-report', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    user = viewer();
    vi.mocked(saveWorkbook).mockClear();
    vi.mocked(openPopup).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows today's figures per queue and per agent from the live board, and follows each push", () => {
    const socket = openReport();
    act(() => {
      socket.serverEmit('queue_status', CS);
      socket.serverEmit('queue_status', SALES);
    });
    expect(screen.getByTestId('queue-report-title')).toHaveTextContent('Queue report, Nov 27, 2026');
    expect(cellsOf('queue-report-queue-500')).toEqual(['CS (500)', '12', '9', '2', '1', '75%', '70%', '0:14', '2:30', '0:30', '1']);
    expect(cellsOf('queue-report-queue-510')).toEqual(['Sales (510)', '3', '3', '0', '0', '100%', '100%', '0:04', '1:01', '0:00', '0']);
    // Agent Two is in both queues: one row naming both.
    expect(cellsOf('queue-report-agent-1001')).toEqual(['1001', 'Agent One', 'CS', 'On a call', '–', '1:05']);
    expect(cellsOf('queue-report-agent-1002')).toEqual(['1002', 'Agent Two', 'CS, Sales', 'Lunch', 'lunch', '2:05']);
    expect(cellsOf('queue-report-agent-1003')).toEqual(['1003', 'Agent Three', 'Sales', 'Logged out', '–', '–']);

    act(() => vi.advanceTimersByTime(5_000));
    expect(cellsOf('queue-report-queue-500')[9]).toBe('0:35');
    act(() => socket.serverEmit('queue_status', { ...CS, answered: 10, waiting: [] }));
    expect(cellsOf('queue-report-queue-500').slice(2, 3)).toEqual(['10']);
    expect(cellsOf('queue-report-queue-500')[10]).toBe('0');
  });

  it('downloads both tables as an Excel workbook of numbers, and prints', async () => {
    vi.useRealTimers();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const socket = openReport();
    act(() => socket.serverEmit('queue_status', CS));
    const clicker = userEvent.setup();
    await clicker.click(screen.getByTestId('queue-report-download'));
    expect(saveWorkbook).toHaveBeenCalledTimes(1);
    const [sheets, fileName] = vi.mocked(saveWorkbook).mock.calls[0]!;
    expect(fileName).toMatch(/^queue-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(sheets.map((s) => s.name)).toEqual(['Queues', 'Agents']);
    expect(sheets[0]!.cells[0]).toEqual(['Queue', 'Extension', 'Offered', 'Answered', 'Abandoned', 'Timed out', 'Service level (%)', 'With abandoned (%)', 'Avg. speed of answer (s)', 'Avg. talk time (s)', 'Longest wait now (s)', 'Callers waiting']);
    expect(sheets[0]!.cells[1]).toEqual(['CS', '500', 12, 9, 2, 1, 75, 70, 14, 150, expect.any(Number), 1]);
    expect(sheets[1]!.cells.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['1001', 'Agent One', 'CS', 'On a call', ''],
      ['1002', 'Agent Two', 'CS', 'Lunch', 'lunch'],
    ]);
    // The real workbook holds the same cells (read back with SheetJS).
    const XLSX = await import('xlsx');
    const book = XLSX.read(await buildWorkbook(sheets), { type: 'array' });
    expect(book.SheetNames).toEqual(['Queues', 'Agents']);
    expect(XLSX.utils.sheet_to_json(book.Sheets.Queues!, { header: 1 })[1]).toEqual(expect.arrayContaining(['CS', '500', 12, 9, 2, 1, 75, 70]));

    await clicker.click(screen.getByTestId('queue-report-print'));
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });

  it('is refused without queue_report_status: the pop-up access, the window itself and the button on /queues', async () => {
    const spec = getPopupSpec('queue-status-report')!;
    expect(canAccess(spec.access!, viewer({ queue_report_status: false }))).toBe(false);
    expect(canAccess(spec.access!, viewer())).toBe(true);
    expect(canAccess(spec.access!, viewer({ role: 'agent', permissions: [], queue_report_status: true }))).toBe(false);
    expect(canAccess(spec.access!, viewer({ role: 'agent', permissions: ['queues'], queue_report_status: true }))).toBe(true);

    user = viewer({ queue_report_status: false });
    const socket = openReport();
    act(() => socket.serverEmit('queue_status', CS));
    expect(await screen.findByTestId('queue-report-refused')).toHaveTextContent('Only users allowed to see the queue report can open it.');
    expect(screen.queryByTestId('queue-report-queues')).not.toBeInTheDocument();
    // It did not even join the board.
    expect(socket.emitted.map((e) => e.name)).not.toContain('join_queue_board');
  });

  it('/queues shows the Queue report button only to users with queue_report_status', async () => {
    vi.useRealTimers();
    const boardScreen = () => {
      const socket = new FakeConnection();
      const view = renderWithProviders(<QueueBoardScreen connect={() => socket} />);
      act(() => socket.serverConnect());
      act(() => socket.serverEmit('queue_status', CS));
      return view;
    };
    user = viewer({ queue_report_status: false });
    const without = boardScreen();
    expect(screen.queryByTestId('queue-board-open-report')).not.toBeInTheDocument();
    without.unmount();

    user = viewer();
    boardScreen();
    await userEvent.setup().click(screen.getByTestId('queue-board-open-report'));
    expect(openPopup).toHaveBeenCalledWith('queue-status-report');
  });
});
