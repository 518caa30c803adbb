import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyApiKey } from '../../api/contracts/management.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { showToast } from '../../ui/feedback/toaster';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import CompanyApiKeysScreen from './api-keys-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'admin', permissions: [], company: null }) }));

const SECRET = 's'.repeat(43);
const ACTIVE: CompanyApiKey = { id: 1, company_id: 1, company_name: 'Demo Call Centre', name: 'Demo key', last_used_at: '2026-11-27T01:00:00Z', revoked_at: null, status: 'active', created_at: '2026-11-20T00:00:00Z' };
const REVOKED: CompanyApiKey = { id: 2, company_id: 2, company_name: 'Acme Support', name: 'Old link', last_used_at: null, revoked_at: '2026-11-26T00:00:00Z', status: 'revoked', created_at: '2026-11-01T00:00:00Z' };

function setup() {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    if (path === 'admin/ring-group/companies') return { data: { data: [{ id: 2, name: 'Acme Support' }, { id: 1, name: 'Demo Call Centre' }] } };
    if (path === 'management/api-key/list') return { data: { data: [ACTIVE, REVOKED], current_page: 1, per_page: 10, total: 2, last_page: 1 } };
    if (path === 'management/api-key/store') {
      return { data: { data: { ...ACTIVE, id: 3, company_id: 2, company_name: 'Acme Support', name: String(body.name), last_used_at: null, key: SECRET } } };
    }
    if (path === 'management/api-key/delete/1') return { data: { result: 'success' } };
    throw new Error(`unexpected ${path}`);
  }) as never);
  renderWithFreshCache(<CompanyApiKeysScreen />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
  resetColumnSettings();
});

it('lists every company’s keys: company, name, created, last used ("Never"), status; a revoked key cannot be revoked again', async () => {
  setup();
  const active = await screen.findByTestId('row-1');
  expect(active).toHaveTextContent('Demo Call Centre');
  expect(active).toHaveTextContent('Demo key');
  expect(active).toHaveTextContent('Nov 27, 2026');
  expect(within(active).getByTestId('api-key-status-active')).toHaveTextContent('Active');
  const revoked = screen.getByTestId('row-2');
  expect(revoked).toHaveTextContent('Never');
  expect(within(revoked).getByTestId('api-key-status-revoked')).toHaveTextContent('Revoked');
  expect(screen.getByTestId('delete-1')).toBeEnabled();
  expect(screen.getByTestId('delete-2')).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByTestId('delete-2')).toHaveAttribute('title', 'This key is already revoked.');
  expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
});

it('issues a key for a company and shows it once, with a copy button and the warning', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-1');
  await user.click(screen.getByTestId('resource-add'));
  const company = await screen.findByTestId('company_id');
  await waitFor(() => expect(within(company).getByRole('option', { name: 'Acme Support' })).toBeInTheDocument());
  await user.selectOptions(company, '2');
  await user.type(screen.getByTestId('name'), 'CRM link');
  await user.click(screen.getByTestId('resource-form-save'));

  expect(await screen.findByTestId('company-api-key-secret')).toHaveTextContent(SECRET);
  expect(screen.getByTestId('company-api-key-once')).toHaveTextContent('Copy this key now: it will not be shown again.');
  const stored = calls.find((c) => c.path === 'management/api-key/store')!.body;
  expect({ ...stored, company_id: Number(stored.company_id) }).toEqual({ company_id: 2, name: 'CRM link' });

  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  await user.click(screen.getByTestId('company-api-key-copy'));
  expect(writeText).toHaveBeenCalledWith(SECRET);
  expect(showToast).toHaveBeenCalledWith('Copied.');
  await user.click(screen.getByTestId('company-api-key-close'));
  await waitFor(() => expect(screen.queryByTestId('company-api-key-secret')).not.toBeInTheDocument());
  expect(document.body.textContent).not.toContain(SECRET);
  writeText.mockRestore();
});

it('a missing company or name is said under the field before anything is sent', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-1');
  await user.click(screen.getByTestId('resource-add'));
  await user.click(await screen.findByTestId('resource-form-save'));
  expect(await screen.findByText('Please choose a company.')).toBeInTheDocument();
  expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
  expect(calls.some((c) => c.path === 'management/api-key/store')).toBe(false);
});

it('asks before revoking, saying what revoking ends', async () => {
  const { calls, user } = setup();
  await screen.findByTestId('row-1');
  expect(screen.getByTestId('delete-1')).toHaveAttribute('aria-label', 'Revoke');
  await user.click(screen.getByTestId('delete-1'));
  expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Revoke the key “Demo key”? It stops signing in at once');
  expect(screen.getByTestId('confirm-accept')).toHaveTextContent('Revoke');
  await user.click(screen.getByTestId('confirm-accept'));
  await waitFor(() => expect(calls.some((c) => c.path === 'management/api-key/delete/1')).toBe(true));
  await waitFor(() => expect(showToast).toHaveBeenCalledWith('Key revoked.'));
});
