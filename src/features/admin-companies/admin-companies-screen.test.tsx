import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminCompany, DataDestroyJob } from '../../api/contracts/admin-company.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import AdminCompaniesScreen from './admin-companies-screen';
import { companyDestroyRequests } from './admin-companies.resource';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'admin', permissions: [] }) }));

const STAMP = '2026-11-01T00:00:00.000Z';
const company = (overrides: Partial<AdminCompany>): AdminCompany => ({
  id: 1,
  name: 'Demo Call Centre',
  dcontext: null,
  webfax_content: null,
  keywords: null,
  cti_server: '/cti',
  allow_simple_crm: false,
  is_free: false,
  use_big: false,
  can_provide_agent_api: true,
  asterisk_name: null,
  worktime_check_url: null,
  worktime_update_status_url: null,
  recording_login_url: 'https://rec.example.kr',
  recording_username: 'rec',
  has_recording_password: true,
  daily_report_email: null,
  daily_report_cc: null,
  permissions: ['company_can_use_dashboard', 'company_can_use_queue_board'],
  users_count: 5,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});
const ROWS = [company({}), company({ id: 2, name: 'Acme Support', has_recording_password: false, permissions: [], users_count: 2 })];

type Call = { path: string; body: Record<string, unknown> };
type Handler = (body: Record<string, unknown>) => unknown;

function setup(handlers: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    const handler = handlers[path];
    if (handler) return { data: await handler(body) };
    if (path === 'admin-server/choices') return { data: { data: [{ id: 1, name: 'Built-in CTI server', url: '/cti' }, { id: 2, name: 'Seoul PBX', url: 'https://pbx.example.com' }] } };
    if (path === 'management/company') return { data: { data: ROWS, current_page: 1, per_page: 10, total: ROWS.length, last_page: 1 } };
    throw new Error(`unexpected ${path}`);
  }) as never);
  renderWithFreshCache(<AdminCompaniesScreen />);
  return { calls, user: userEvent.setup() };
}

const unprocessable = (errors: Record<string, string[]>) => ({ isAxiosError: true, message: 'Request failed', response: { status: 422, data: { message: 'Invalid', errors } } });

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  companyDestroyRequests.close();
});

describe('/admin/management/company', () => {
  it('lists the companies from management/company with their permissions and users, searchable and sortable', async () => {
    const { calls, user } = setup();
    const row = await screen.findByTestId('row-1');
    expect(calls[0]).toEqual({ path: 'management/company', body: { page: 1, per_page: 10 } });
    expect(row).toHaveTextContent('Demo Call Centre');
    expect(row).toHaveTextContent('Dashboard, Queue board');
    expect(row).toHaveTextContent('5');
    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ sort_by: 'name', sort_order: 'desc' }));
    const search = screen.getByRole('searchbox');
    await user.type(search, 'acme{Enter}');
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ search: 'acme' }));
  });

  it('adds a company with its first manager and shows a 422 under the manager username', async () => {
    const { calls, user } = setup({
      'management/company/store': () => Promise.reject(unprocessable({ 'manager.username': ['This username is already taken.'], name: ['Another company already has this name.'] })),
    });
    await screen.findByTestId('row-1');
    await user.click(screen.getByTestId('resource-add'));
    const form = await screen.findByTestId('resource-form');
    expect(within(form).getByTestId('company-manager')).toBeInTheDocument();
    expect(within(form).getByTestId('cti_server')).toHaveValue('/cti');
    // The CTI server is chosen from /admin/servers/servers.
    expect(await within(within(form).getByTestId('cti_server')).findByRole('option', { name: 'Seoul PBX (https://pbx.example.com)' })).toBeInTheDocument();
    // Missing manager fields are refused before sending.
    await user.type(within(form).getByTestId('name'), 'New Co');
    await user.click(within(form).getByTestId('resource-form-save'));
    expect(await within(form).findByText('Please enter the name.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the username.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'management/company/store')).toBe(false);

    await user.type(within(form).getByTestId('manager.name'), 'Kim');
    await user.type(within(form).getByTestId('manager.username'), 'kim-manager');
    await user.type(within(form).getByTestId('manager.password'), 'secret-pass-1');
    await user.type(within(form).getByTestId('recording_password'), 'rec-pass');
    await user.click(within(form).getByRole('checkbox', { name: 'SMS' }));
    await user.click(within(form).getByTestId('resource-form-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'management/company/store')).toBe(true));
    const sent = calls.find((c) => c.path === 'management/company/store')!.body;
    expect(sent).toMatchObject({
      name: 'New Co',
      cti_server: '/cti',
      recording_password: 'rec-pass',
      permissions: ['company_can_use_sms'],
      manager: { name: 'Kim', username: 'kim-manager', password: 'secret-pass-1' },
    });
    expect(await within(form).findByText('This username is already taken.')).toBeInTheDocument();
    expect(within(form).getByText('Another company already has this name.')).toBeInTheDocument();
  });

  it('edits without manager fields; the recording password is write-only and blank keeps it', async () => {
    const { calls, user } = setup({
      'management/company/update': (body) => ({ data: { ...ROWS[0], name: body.name } }),
    });
    await screen.findByTestId('row-1');
    await user.click(screen.getByTestId('edit-1'));
    const form = await screen.findByTestId('resource-form');
    expect(within(form).queryByTestId('company-manager')).not.toBeInTheDocument();
    expect(within(form).getByTestId('recording_password')).toHaveValue('');
    expect(within(form).getByText('A password is stored. Leave this blank to keep it.')).toBeInTheDocument();
    await user.clear(within(form).getByTestId('name'));
    await user.type(within(form).getByTestId('name'), 'Demo Renamed');
    await user.click(within(form).getByTestId('resource-form-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'management/company/update')).toBe(true));
    const sent = calls.find((c) => c.path === 'management/company/update')!.body;
    expect(sent).toMatchObject({ id: 1, name: 'Demo Renamed', clear_recording_password: false });
    // Over the wire: no password (blank keeps it), no manager, nothing the form only showed.
    const wire = JSON.parse(JSON.stringify(sent)) as Record<string, unknown>;
    expect(wire).not.toHaveProperty('recording_password');
    expect(wire).not.toHaveProperty('manager');
    expect(wire).not.toHaveProperty('has_recording_password');
  });

  it("destroys a company's data after its name is typed, and shows the progress until done", async () => {
    let polls = 0;
    const job = (overrides: Partial<DataDestroyJob>): DataDestroyJob => ({
      id: 9, company_id: 2, state: 'running', total: 20_000, deleted: 0, current_table: 'members', started_at: STAMP, finished_at: null, error: null, ...overrides,
    });
    const { calls, user } = setup({
      'management/company/data/destroy/status': () => {
        polls++;
        if (!calls.some((c) => c.path === 'management/company/data/destroy')) return { data: null };
        return { data: polls < 4 ? job({ deleted: 10_000 }) : job({ state: 'done', deleted: 20_000, current_table: null, finished_at: STAMP }) };
      },
      'management/company/data/destroy': () => ({ data: job({}) }),
    });
    await screen.findByTestId('row-2');
    await user.click(screen.getByTestId('destroy_data-2'));
    const dialog = await screen.findByRole('dialog');
    const accept = within(dialog).getByTestId('confirm-accept');
    expect(accept).toBeDisabled();
    await user.type(within(dialog).getByTestId('confirm_company_name'), 'Acme');
    expect(accept).toBeDisabled();
    await user.type(within(dialog).getByTestId('confirm_company_name'), ' Support');
    expect(accept).toBeEnabled();
    await user.click(accept);
    await waitFor(() => expect(calls.find((c) => c.path === 'management/company/data/destroy')?.body).toEqual({ id: 2 }));
    expect(await within(dialog).findByText(/Destroying data: 10,000 of 20,000 records/)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    expect(await within(dialog).findByText('Data destroyed: 20,000 records.', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('deletes a company only once its exact name is typed', async () => {
    const { calls, user } = setup({ 'management/company/destroy': () => ({ result: 'success' }) });
    await screen.findByTestId('row-1');
    await user.click(screen.getByTestId('destroy-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-message')).toHaveTextContent('Demo Call Centre');
    await user.type(within(dialog).getByTestId('confirm_company_name'), 'demo call centre');
    expect(within(dialog).getByTestId('confirm-accept')).toBeDisabled();
    await user.clear(within(dialog).getByTestId('confirm_company_name'));
    await user.type(within(dialog).getByTestId('confirm_company_name'), 'Demo Call Centre');
    await user.click(within(dialog).getByTestId('confirm-accept'));
    await waitFor(() => expect(calls.find((c) => c.path === 'management/company/destroy')?.body).toEqual({ id: 1 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
