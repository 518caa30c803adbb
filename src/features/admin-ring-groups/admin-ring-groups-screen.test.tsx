import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRingGroup } from '../../api/contracts/admin-ring-group.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import AdminRingGroupsScreen from './admin-ring-groups-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'admin', permissions: [] }) }));

const STAMP = '2026-11-01T00:00:00.000Z';
const ROWS: AdminRingGroup[] = [
  { id: 3, company_id: 2, company_name: 'Acme Support', number: '610', display_name: 'Acme sales', strategy: 'hunt', ring_time_s: 30, members: ['2001'], no_answer_destination: { type: 'voicemail', target: null }, created_at: STAMP, updated_at: STAMP },
  { id: 1, company_id: 1, company_name: 'Demo Call Centre', number: '600', display_name: 'Support', strategy: 'ringall', ring_time_s: 20, members: ['1001', '1002'], no_answer_destination: { type: 'queue', target: '500' }, created_at: STAMP, updated_at: STAMP },
];

function setup() {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    if (path === 'admin/ring-group/companies') return { data: { data: [{ id: 2, name: 'Acme Support' }, { id: 1, name: 'Demo Call Centre' }] } };
    if (path === 'admin/ring-group/list') {
      const data = body.company_id ? ROWS.filter((r) => String(r.company_id) === String(body.company_id)) : ROWS;
      return { data: { data, current_page: 1, per_page: 10, total: data.length, last_page: 1 } };
    }
    throw new Error(`unexpected ${path}`);
  }) as never);
  renderWithFreshCache(<AdminRingGroupsScreen />);
  return { calls, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('/admin/ring-group', () => {
  it("lists every company's ring groups read-only, with the company and the ring group's settings", async () => {
    const { calls } = setup();
    const row = await screen.findByTestId('row-1');
    expect(calls.find((c) => c.path === 'admin/ring-group/list')?.body).toEqual({ page: 1, per_page: 10 });
    const headers = within(screen.getByTestId('resource-table')).getAllByRole('columnheader').map((h) => h.textContent);
    for (const label of ['Company', 'Number', 'Display name', 'Ring strategy', 'Members', 'Ring time (s)', 'When nobody answers']) {
      expect(headers.some((h) => h?.includes(label))).toBe(true);
    }
    expect(row).toHaveTextContent('Demo Call Centre');
    expect(row).toHaveTextContent('Support');
    expect(row).toHaveTextContent('Ring all at once');
    expect(row).toHaveTextContent('1001, 1002');
    expect(row).toHaveTextContent('Queue 500');
    const acme = screen.getByTestId('row-3');
    expect(acme).toHaveTextContent('Acme Support');
    expect(acme).toHaveTextContent('One after another');
    expect(acme).toHaveTextContent('Voicemail');
    // Read-only: no add, edit or delete.
    expect(screen.queryByRole('button', { name: /add/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
  });

  it('filters by company from the companies list', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('row-1');
    const filter = screen.getByTestId('filter-company_id');
    const select = filter.tagName === 'SELECT' ? filter : within(filter).getByRole('combobox');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Acme Support' })).toBeInTheDocument());
    await user.selectOptions(select, '2');
    await waitFor(() => expect(screen.queryByTestId('row-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('row-3')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'admin/ring-group/list').at(-1)?.body).toMatchObject({ company_id: '2' });
  });
});
