import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Callback } from '../../api/contracts/callback.contract';
import type { UserInfo } from '../../api/contracts/session.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { showToast } from '../../ui/feedback/toaster';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { PhoneDialContext } from '../../ui/telephony/phone-dial-context';
import { openPopup } from '../../shell/popups/open-popup';
import CallbacksScreen from './callbacks-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
let user: UserInfo | null = null;
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

const stamp = { created_at: '2026-01-05T01:00:00.000Z', updated_at: '2026-01-05T01:00:00.000Z', last_call_at: '2026-01-05T01:00:00.000Z', auto_state: null, auto_attempts: 0, next_attempt_at: null };
const CALLBACKS: Callback[] = [
  { id: 1, phone_number: '01055550001', is_mobile: true, status: 'open', assigned_user_id: null, assigned_user_name: null, attempts: 2, last_uniqueid: '1.1', queue: '500', source: 'missed_call', note: null, closed_at: null, ...stamp },
  { id: 2, phone_number: '0221234567', is_mobile: false, status: 'in_progress', assigned_user_id: 3, assigned_user_name: '박서준', attempts: 0, last_uniqueid: null, queue: null, source: 'manual', note: '견적', closed_at: null, ...stamp },
];
const ASSIGNEES = [
  { id: 2, name: '이민호', extension: '1001', role: 'agent' },
  { id: 3, name: '박서준', extension: '1002', role: 'agent' },
];
const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `status ${status}`, response: { status, data } });

function setup(who: UserInfo, overrides: Record<string, (body: Record<string, unknown>) => unknown> = {}, dial?: (number: string) => void) {
  user = who;
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const handlers: Record<string, (body: Record<string, unknown>) => unknown> = {
    'callback/list': () => ({ data: CALLBACKS, current_page: 1, per_page: 10, total: 2, last_page: 1 }),
    'callback/assignees': () => ({ data: ASSIGNEES }),
    'callback/status': (body) => ({ data: { ...CALLBACKS.find((c) => c.id === body.id), status: body.status } }),
    'callback/assign': (body) => ({ data: { ...CALLBACKS.find((c) => c.id === body.id), assigned_user_id: body.user_id } }),
    'callback/store': (body) => ({ data: { ...CALLBACKS[0], id: 9, phone_number: String(body.phone_number).replace(/\D/g, ''), source: 'manual' } }),
    ...overrides,
  };
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
    calls.push({ path, body });
    const handler = handlers[path];
    if (!handler) throw axiosError(404, { error: true, message: 'Not found' });
    return { data: await handler(body) };
  }) as never);
  renderWithFreshCache(dial ? <PhoneDialContext value={{ dial, canDial: true }}><CallbacksScreen /></PhoneDialContext> : <CallbacksScreen />);
  return { calls, user: userEvent.setup() };
}

const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [] });
const agent = makeUserInfo({ permissions: ['callbacks'] });

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
});

describe('/consultations/callbacks', () => {
  it("shows another agent's change within 15 s, without a reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let assignee: string | null = null;
      const list = () => ({
        data: [{ ...CALLBACKS[0]!, assigned_user_id: assignee ? 3 : null, assigned_user_name: assignee }],
        current_page: 1, per_page: 10, total: 1, last_page: 1,
      });
      setup(agent, { 'callback/list': list });
      expect(await screen.findByTestId('row-1')).not.toHaveTextContent('박서준');
      assignee = '박서준';
      await vi.advanceTimersByTimeAsync(15_000);
      await waitFor(() => expect(screen.getByTestId('row-1')).toHaveTextContent('박서준'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists open callbacks first: number, status, assignee, missed calls', async () => {
    const { calls } = setup(agent);
    const first = await screen.findByTestId('row-1');
    expect(within(first).getByTestId('callback-number-1')).toHaveTextContent('010-5555-0001');
    expect(within(first).getByTestId('callback-state-1')).toHaveTextContent('Open');
    expect(within(first).getByTestId('callback-assignee-1')).toHaveTextContent('Unassigned');
    const second = screen.getByTestId('row-2');
    expect(within(second).getByTestId('callback-state-2')).toHaveTextContent('In progress');
    expect(within(second).getByTestId('callback-assignee-2')).toHaveTextContent('박서준');
    expect(calls.find((c) => c.path === 'callback/list')?.body).toEqual({ page: 1, per_page: 10, status: 'active' });
  });

  it('says where the automatic callback stands: the next try and when, or that the tries ran out', async () => {
    const list = () => ({
      data: [
        { ...CALLBACKS[0]!, auto_state: 'scheduled', auto_attempts: 1, next_attempt_at: '2026-01-05T01:02:00.000Z' },
        { ...CALLBACKS[1]!, status: 'open', auto_state: 'exhausted', auto_attempts: 3 },
      ],
      current_page: 1, per_page: 10, total: 2, last_page: 1,
    });
    setup(agent, { 'callback/list': list });
    expect(await screen.findByTestId('callback-auto-1')).toHaveTextContent(/^Try 2 at .+/);
    expect(screen.getByTestId('callback-auto-2')).toHaveTextContent('Automatic tries ran out (3)');
  });

  it('the number is click-to-call when the user has a phone', async () => {
    const dial = vi.fn();
    const { user: u } = setup(agent, {}, dial);
    await u.click(await screen.findByTestId('callback-number-1'));
    expect(dial).toHaveBeenCalledWith('01055550001');
  });

  it('"Call back" asks whom to call at the number first, carrying the callback (outbound/select-members)', async () => {
    const { user: u } = setup(agent);
    await u.click(await screen.findByTestId('callback-call-2'));
    expect(openPopup).toHaveBeenCalledWith('outbound-select-member', { callback_id: 2, phone_number: '0221234567' });
  });

  it('an agent moves a callback to done; the list is asked again; no assign button for agents', async () => {
    const { calls, user: u } = setup(agent);
    await screen.findByTestId('row-1');
    expect(screen.queryByTestId('callback-assign-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-1')).not.toBeInTheDocument();
    await u.click(screen.getByTestId('callback-status-1'));
    const select = await screen.findByTestId('callback-status-select');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Open', 'In progress', 'Done', 'Cancelled']);
    expect(screen.getByTestId('callback-choice-save')).toBeDisabled();
    await u.selectOptions(select, 'done');
    const listsBefore = calls.filter((c) => c.path === 'callback/list').length;
    await u.click(screen.getByTestId('callback-choice-save'));
    await waitFor(() => expect(calls.find((c) => c.path === 'callback/status')?.body).toEqual({ id: 1, status: 'done' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Status changed.'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'callback/list').length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByTestId('callback-status-select')).not.toBeInTheDocument());
  });

  it('a refused status change shows the server message under the field', async () => {
    const { user: u } = setup(agent, {
      'callback/status': () => {
        throw axiosError(422, { message: 'x', errors: { status: ['This number already has an open callback.'] } });
      },
    });
    await u.click(await screen.findByTestId('callback-status-2'));
    await u.selectOptions(await screen.findByTestId('callback-status-select'), 'open');
    await u.click(screen.getByTestId('callback-choice-save'));
    expect(await screen.findByTestId('callback-status-errors')).toHaveTextContent('This number already has an open callback.');
    expect(screen.getByTestId('callback-status-select')).toBeInTheDocument();
  });

  it('a manager assigns a callback to an agent and takes it back', async () => {
    const { calls, user: u } = setup(manager);
    await u.click(await screen.findByTestId('callback-assign-1'));
    const select = await screen.findByTestId('callback-user_id-select');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Unassigned', '이민호 (1001)', '박서준 (1002)']));
    await u.selectOptions(select, '2');
    await u.click(screen.getByTestId('callback-choice-save'));
    await waitFor(() => expect(calls.find((c) => c.path === 'callback/assign')?.body).toEqual({ id: 1, user_id: 2 }));
    await waitFor(() => expect(screen.queryByTestId('callback-user_id-select')).not.toBeInTheDocument());
    await u.click(screen.getByTestId('callback-assign-2'));
    await u.selectOptions(await screen.findByTestId('callback-user_id-select'), '');
    await u.click(screen.getByTestId('callback-choice-save'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'callback/assign').at(-1)?.body).toEqual({ id: 2, user_id: null }));
    expect(showToast).toHaveBeenCalledWith('Assignment saved.');
  });

  it('filters by status and assignment', async () => {
    const { calls, user: u } = setup(agent);
    await screen.findByTestId('row-1');
    expect(within(screen.getByTestId('filter-status')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Status: all', 'Open or in progress', 'Open', 'In progress', 'Done', 'Cancelled',
    ]);
    await u.selectOptions(screen.getByTestId('filter-assignment'), 'mine');
    await waitFor(() => expect(calls.at(-1)).toEqual({ path: 'callback/list', body: { page: 1, per_page: 10, status: 'active', assignment: 'mine' } }));
  });

  it('adds a callback by hand', async () => {
    const { calls, user: u } = setup(agent);
    await u.click(await screen.findByTestId('resource-add'));
    const form = within(await screen.findByRole('dialog'));
    await u.type(form.getByLabelText(/^Number/), '010-1234-5678');
    await u.type(form.getByLabelText(/^Note/), '내일 오전');
    await u.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(calls.find((c) => c.path === 'callback/store')?.body).toEqual({ phone_number: '010-1234-5678', note: '내일 오전' }));
  });
});
