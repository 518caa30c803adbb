import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogEntry, CompanyUser, Manager } from '../../api/contracts/management.contract';
import { http } from '../../api/http';
import { makeLoginResponse, makeUserInfo } from '../../api/testing/make-user-info';
import { answerLoginAs, loginAsCalls, signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { showToast } from '../../ui/feedback/toaster';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import ManagersScreen from './managers-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));

const STAMP = '2026-11-20T00:00:00.000Z';
const admin = makeUserInfo({ username: 'admin', role: 'admin', company: null, companyPermissions: [], permissions: [], extension: null });
const MANAGERS: Manager[] = [
  { id: 2, company_id: 1, company_name: 'Demo Call Centre', name: 'Park Manager', username: 'manager', status: 'active', created_at: STAMP, updated_at: STAMP },
  { id: 6, company_id: 2, company_name: 'Acme Support', name: 'Acme Boss', username: 'acme-manager', status: 'inactive', created_at: STAMP, updated_at: STAMP },
];
const USERS: CompanyUser[] = [{ id: 3, company_id: 1, company_name: 'Demo Call Centre', name: 'Kim Minji', username: 'agent1', role: 'agent', extension: '1001', status: 'active', created_at: STAMP, updated_at: STAMP }];
const AUDIT: AuditLogEntry[] = [
  { id: 1, action: 'login_as', actor_id: 1, actor_name: 'Administrator', user_id: 3, user_name: 'Kim Minji', username: 'agent1', company_id: 1, company_name: 'Demo Call Centre', ip: '127.0.0.1', detail: {}, created_at: STAMP },
];
const page = <T,>(data: T[]) => ({ data: { data, current_page: 1, per_page: 10, total: data.length, last_page: 1 } });

function setup() {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    if (path === 'admin/ring-group/companies') return { data: { data: [{ id: 2, name: 'Acme Support' }, { id: 1, name: 'Demo Call Centre' }] } };
    if (path === 'management/manager/list') return page(MANAGERS);
    if (path === 'management/user/list') return page(USERS);
    if (path === 'management/audit-log/list') return { data: { data: AUDIT, current_page: 1, per_page: 20, total: 1, last_page: 1 } };
    if (path === 'management/manager/update-status') return { data: { data: { ...MANAGERS[0], status: body.status } } };
    if (path === 'management/manager/reset-password') return { data: { result: 'success', temporary_password: body.password ? null : 'Temp-1234' } };
    if (path === 'management/manager/delete/2') return { data: { result: 'success' } };
    if (path === 'management/manager/store') return { data: { data: { ...MANAGERS[1], id: 9, name: body.name, username: body.username, status: 'active' } } };
    if (path === 'management/manager/update') return { data: { data: { ...MANAGERS[0], name: body.name } } };
    throw new Error(`unexpected ${path}`);
  }) as never);
  renderWithFreshCache(<ManagersScreen />);
  return { calls, user: userEvent.setup() };
}

beforeEach(async () => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
  resetColumnSettings();
  await signInAs(admin);
});
afterEach(async () => {
  await signOut();
});

it('lists every company’s managers with their company and status', async () => {
  setup();
  const row = await screen.findByTestId('row-2');
  expect(row).toHaveTextContent('Demo Call Centre');
  expect(row).toHaveTextContent('Park Manager');
  expect(row).toHaveTextContent('Active');
  expect(screen.getByTestId('row-6')).toHaveTextContent('Inactive');
  expect(screen.getByTestId('login-as-6')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('resource-add')).toBeInTheDocument();
});

it('deactivates a manager and says they are signed out', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-2');
  await user.click(screen.getByTestId('status-2'));
  await waitFor(() => expect(calls.find((c) => c.path === 'management/manager/update-status')?.body).toEqual({ id: 2, status: 'inactive' }));
  await waitFor(() => expect(showToast).toHaveBeenCalledWith('The manager is deactivated and signed out.'));
});

it('resets a password after the confirmation; left empty, the generated one is shown once', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-2');
  await user.click(screen.getByTestId('reset-password-2'));
  expect(await screen.findByTestId('confirm-message')).toHaveTextContent('The manager is signed out everywhere.');
  await user.click(screen.getByTestId('confirm-accept'));
  expect(await screen.findByTestId('temporary-password')).toHaveTextContent('Temp-1234');
  expect(calls.find((c) => c.path === 'management/manager/reset-password')?.body).toEqual({ id: 2 });
});

it('warns before deleting that the username can never be created again', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-2');
  await user.click(screen.getByTestId('delete-2'));
  expect(await screen.findByTestId('confirm-message')).toHaveTextContent('the same username can never be created again');
  await user.click(screen.getByTestId('confirm-accept'));
  await waitFor(() => expect(calls.some((c) => c.path === 'management/manager/delete/2')).toBe(true));
});

it('logs in as an agent from "Users of a company", after the confirmation', async () => {
  const { user } = setup();
  answerLoginAs(makeLoginResponse(makeUserInfo({ impersonated_by: { id: 1, name: 'Administrator' } })));
  await screen.findByTestId('row-2');
  await user.click(screen.getByRole('tab', { name: 'Users of a company' }));
  const agent = await screen.findByTestId('row-3');
  expect(agent).toHaveTextContent('Agent');
  expect(agent).toHaveTextContent('1001');
  const before = loginAsCalls.length;
  await user.click(within(agent).getByTestId('login-as-3'));
  expect(await screen.findByTestId('confirm-message')).toHaveTextContent('You will work as Kim Minji (agent1) of Demo Call Centre');
  expect(loginAsCalls.length).toBe(before);
  await user.click(screen.getByTestId('confirm-accept'));
  await waitFor(() => expect(loginAsCalls.slice(before)).toEqual([3]));
});

it('a refused login-as is said in the confirmation', async () => {
  const { user } = setup();
  answerLoginAs({ error: { isAxiosError: true, message: 'x', response: { status: 422, data: { message: 'The given data was invalid.', errors: { user_id: ['An inactive user cannot be signed in as.'] } } } } });
  await screen.findByTestId('row-2');
  await user.click(screen.getByTestId('login-as-2'));
  await user.click(await screen.findByTestId('confirm-accept'));
  expect(await screen.findByTestId('login-as-error')).toHaveTextContent('An inactive user cannot be signed in as.');
});

it('shows the audit log', async () => {
  const { user } = setup();
  await screen.findByTestId('row-2');
  await user.click(screen.getByRole('tab', { name: 'Audit log' }));
  const row = await screen.findByTestId('audit-log-row');
  expect(row).toHaveTextContent('Administrator');
  expect(row).toHaveTextContent('Logged in as');
  expect(row).toHaveTextContent('Kim Minji (agent1)');
  expect(row).toHaveTextContent('Demo Call Centre');
  expect(row).toHaveTextContent('127.0.0.1');
});

it('adds a manager to a company with a password', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-2');
  await user.click(screen.getByTestId('resource-add'));
  const company = await screen.findByTestId('company_id');
  await waitFor(() => expect(within(company).getByRole('option', { name: 'Acme Support' })).toBeInTheDocument());
  await user.selectOptions(company, '2');
  await user.type(screen.getByTestId('name'), 'New Boss');
  await user.type(screen.getByTestId('username'), 'new-boss');
  const password = screen.getByTestId('password');
  expect(password).toHaveAttribute('type', 'password');
  await user.type(password, 'boss12345');
  await user.click(screen.getByTestId('resource-form-save'));
  await waitFor(() => expect(calls.some((c) => c.path === 'management/manager/store')).toBe(true));
  const body = calls.find((c) => c.path === 'management/manager/store')!.body;
  expect({ ...body, company_id: Number(body.company_id) }).toMatchObject({ company_id: 2, name: 'New Boss', username: 'new-boss', password: 'boss12345' });
});

it('edits only the name: the company and username are fixed, the password is not asked', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-2');
  await user.click(screen.getByTestId('edit-2'));
  const name = await screen.findByTestId('name');
  expect(screen.getByTestId('company_id')).toBeDisabled();
  expect(screen.getByTestId('username')).toBeDisabled();
  expect(screen.getByTestId('username')).toHaveValue('manager');
  expect(screen.queryByTestId('password')).not.toBeInTheDocument();
  await user.clear(name);
  await user.type(name, 'Park Renamed');
  await user.click(screen.getByTestId('resource-form-save'));
  await waitFor(() => expect(calls.find((c) => c.path === 'management/manager/update')?.body).toMatchObject({ id: 2, name: 'Park Renamed' }));
});
