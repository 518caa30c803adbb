import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { autoCallEntity } from '../../api/contracts/auto-call.contract';
import { http } from '../../api/http';
import { COMPANY_PERMISSIONS } from '../../api/permissions/catalogue';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { fakeEntityServer } from '../../ui/resource/testing/fake-entity-server';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { AutoCallScreen, type AutoCallScreenProps } from './auto-call-screen';
import { makeAutoCallCampaign } from '../../api/testing/auto-call-campaign';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => manager }));

const campaign = (id: number, name: string, variant: 'studymax' | 'public', state: string) => makeAutoCallCampaign({ id, name, variant, state: state as never });

/** The screen on a fake socket (the runs' push), which the test drives. */
function renderScreen(variant: AutoCallScreenProps['variant']) {
  const socket = new FakeConnection();
  renderWithFreshCache(<AutoCallScreen variant={variant} connect={() => socket} />);
  return socket;
}

const SPRING = campaign(7, 'Spring sale', 'studymax', 'ready');
const RUNNING = campaign(8, 'Renewals', 'studymax', 'on_going');
const NOTICE = campaign(9, 'Public notice', 'public', 'paused');
const RESULTS = { machine: 0, busy: 1, success: 2, listen_hangup: 0, block: 0, dropcall: 0, no_answer: 0 };

function serve() {
  const server = fakeEntityServer([autoCallEntity], { 'auto-call': [SPRING, RUNNING, NOTICE] });
  const ownRequests: { path: string; body: unknown }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body?: unknown) => {
    if (path === 'auto-call/summary') return { data: { data: [{ campaign_id: 7, total: 5, pending: 2, results: RESULTS }] } };
    if (path === 'auto-call/caller-ids') return { data: { data: [{ id: 1, number: '0215880000', name: 'Main line' }] } };
    if (path === 'auto-call/numbers') {
      ownRequests.push({ path, body });
      return {
        data: {
          data: [
            { id: 1, phone_number: '01055550001', member_id: 12, attempts: 1, result: 'success', last_attempt_at: '2026-11-27T01:00:00Z' },
            { id: 2, phone_number: '01077770003', member_id: null, attempts: 0, result: null, last_attempt_at: null },
          ],
          current_page: 1,
          per_page: 10,
          total: 2,
          last_page: 1,
        },
      };
    }
    if (/^auto-call\/(start|pause|resume|cancel)$/.test(path)) {
      ownRequests.push({ path, body });
      return { data: { data: {} } };
    }
    return server.handle(path, body);
  }) as never);
  return { server, ownRequests };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockClear();
  resetColumnSettings();
  window.sessionStorage.clear();
});

it('lists only the route’s variant, each campaign with its state as a tag and its numbers and results', async () => {
  const { server } = serve();
  renderScreen('studymax');
  const spring = await screen.findByTestId('row-7');
  await waitFor(() => expect(server.lastRequest('auto-call/list')).toMatchObject({ variant: 'studymax' }));
  expect(screen.queryByTestId('row-9')).not.toBeInTheDocument();
  expect(within(spring).getByTestId('auto-call-state')).toHaveTextContent('Ready');
  expect(within(screen.getByTestId('row-8')).getByTestId('auto-call-state')).toHaveTextContent('On going');
  await waitFor(() => expect(within(spring).getByTestId('auto-call-counts')).toHaveTextContent('5 numbers, 2 not called yet'));
  expect(within(spring).getByTestId('auto-call-result-success')).toHaveTextContent('Success 2');
  expect(screen.queryByTestId('filter-variant')).not.toBeInTheDocument();
});

it('enables the run’s buttons by state and POSTs them with the campaign id, then asks for the list again', async () => {
  const { server, ownRequests } = serve();
  renderScreen('studymax');
  await screen.findByTestId('row-7');
  // ready: Start only; on going: Pause and Cancel.
  expect(screen.getByTestId('run-start-7')).not.toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('run-pause-7')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('run-resume-7')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('run-start-8')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('run-pause-8')).not.toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('run-cancel-8')).not.toHaveAttribute('aria-disabled', 'true');
  // A running campaign's numbers are not changed.
  expect(screen.getByTestId('upload-8')).toHaveAttribute('aria-disabled', 'true');
  const listsBefore = server.requests.filter((r) => r.path === 'auto-call/list').length;
  await userEvent.click(screen.getByTestId('run-start-7'));
  await waitFor(() => expect(ownRequests).toContainEqual({ path: 'auto-call/start', body: { id: 7 } }));
  await waitFor(() => expect(server.requests.filter((r) => r.path === 'auto-call/list').length).toBeGreaterThan(listsBefore));
  await userEvent.click(screen.getByTestId('run-pause-8'));
  await waitFor(() => expect(ownRequests).toContainEqual({ path: 'auto-call/pause', body: { id: 8 } }));
});

it('follows the pushed runs: each push re-reads the list, and the buttons follow what the run allows now', async () => {
  const { server } = serve();
  const socket = renderScreen('studymax');
  await screen.findByTestId('row-7');
  act(() => socket.serverConnect());
  expect(socket.emitted.map((e) => e.name)).toContain('join_auto_call');
  expect(screen.getByTestId('run-start-7')).not.toHaveAttribute('aria-disabled', 'true');
  const listsBefore = server.requests.filter((r) => r.path === 'auto-call/list').length;
  const counts = { total: 5, dialled: 1, in_flight: 1, finished: 0, remaining: 4, retrying: 0, results: { ...RESULTS, busy: 0, success: 0 } };
  act(() => socket.serverEmit('auto_call_run', { id: 7, state: 'on_going', waiting_for_window: false, counts, actions: ['pause', 'cancel'] }));
  // The statechart's can() wins over the state the list last said (still "ready").
  await waitFor(() => expect(screen.getByTestId('run-start-7')).toHaveAttribute('aria-disabled', 'true'));
  expect(screen.getByTestId('run-pause-7')).not.toHaveAttribute('aria-disabled', 'true');
  await waitFor(() => expect(server.requests.filter((r) => r.path === 'auto-call/list').length).toBeGreaterThan(listsBefore), { timeout: 3000 });
});

it('opens the variant’s upload and export pop-ups with the campaign; a paused campaign’s numbers cannot be deleted', async () => {
  serve();
  renderScreen('public');
  await screen.findByTestId('row-9');
  await userEvent.click(screen.getByTestId('upload-9'));
  expect(openPopup).toHaveBeenCalledWith('upload-public-auto-call-system-data', { campaign_id: 9 });
  await userEvent.click(screen.getByTestId('export-9'));
  expect(openPopup).toHaveBeenCalledWith('export-public-auto-call-system-data', { campaign_id: 9 });
  expect(screen.getByTestId('delete-numbers-9')).toHaveAttribute('aria-disabled', 'true');
  await userEvent.click(screen.getByTestId('delete-numbers-9'));
  expect(openPopup).not.toHaveBeenCalledWith('delete-public-auto-call-system-data', { campaign_id: 9 });
  // paused: Resume and Cancel.
  expect(screen.getByTestId('run-resume-9')).not.toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('run-start-9')).toHaveAttribute('aria-disabled', 'true');
});

it('shows the chosen campaign’s numbers with their attempts and results', async () => {
  const { ownRequests } = serve();
  renderScreen('studymax');
  await screen.findByTestId('row-7');
  await userEvent.click(screen.getByTestId('numbers-7'));
  const panel = await screen.findByTestId('auto-call-numbers');
  expect(within(panel).getByTestId('auto-call-numbers-of')).toHaveTextContent('Numbers of Spring sale');
  const rows = await within(panel).findAllByTestId('auto-call-number-row');
  expect(rows[0]).toHaveTextContent('010-5555-0001');
  expect(rows[0]).toHaveTextContent('Member #12');
  expect(rows[0]).toHaveTextContent('Success');
  expect(rows[1]).toHaveTextContent('Not yet called');
  expect(ownRequests).toContainEqual({ path: 'auto-call/numbers', body: { campaign_id: 7, page: 1, per_page: 10 } });
});

it('says “Multiple and caller ID are required.” and that an extension is required, then stores a public campaign', async () => {
  const { server } = serve();
  renderScreen('public');
  await screen.findByTestId('row-9');
  await userEvent.click(screen.getByTestId('resource-add'));
  await userEvent.type(await screen.findByTestId('name'), 'Autumn notice');
  await userEvent.click(screen.getByTestId('resource-form-save'));
  expect(await screen.findByTestId('multiple-errors')).toHaveTextContent('Multiple and caller ID are required.');
  expect(screen.getByTestId('extensions-errors')).toHaveTextContent('At least one extension is required.');
  expect(server.lastRequest('auto-call/store')).toBeUndefined();

  const callerId = screen.getByTestId('caller_id') as HTMLSelectElement;
  await waitFor(() => expect([...callerId.options].some((o) => o.value === '0215880000')).toBe(true));
  await userEvent.selectOptions(callerId, '0215880000');
  await userEvent.type(screen.getByTestId('multiple'), '3');
  await waitFor(() => expect(within(screen.getByTestId('extensions')).getAllByRole('checkbox').length).toBeGreaterThan(0));
  await userEvent.click(within(screen.getByTestId('extensions')).getAllByRole('checkbox')[0]!);
  await userEvent.clear(screen.getByTestId('call_window.end'));
  await userEvent.type(screen.getByTestId('call_window.end'), '07:00');
  await userEvent.click(screen.getByTestId('resource-form-save'));
  expect(await screen.findByTestId('call_window-errors')).toHaveTextContent('The call window must end after it starts.');
  await userEvent.clear(screen.getByTestId('call_window.end'));
  await userEvent.type(screen.getByTestId('call_window.end'), '2030');
  await userEvent.tab();
  await userEvent.click(screen.getByTestId('resource-form-save'));
  await waitFor(() => expect(server.lastRequest('auto-call/store')).toBeDefined());
  expect(server.lastRequest('auto-call/store')).toMatchObject({
    name: 'Autumn notice',
    variant: 'public',
    caller_id: '0215880000',
    multiple: 3,
    extensions: ['1001'],
    call_window: { start: '08:00', end: '20:30' },
  });
});
