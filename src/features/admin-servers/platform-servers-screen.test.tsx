import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { HEALTH_REFRESH_MS } from '../../api/resources/platform-servers-api';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { DatabasesScreen, NodesScreen, ServersScreen } from './platform-servers-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'admin', permissions: [] }) }));

const STAMP = '2026-11-01T00:00:00.000Z';
const SERVERS = [
  { id: 1, name: 'Built-in CTI', kind: 'builtin', scheme: 'http', host: '', port: 0, base_path: '/cti', created_at: STAMP, updated_at: STAMP },
  { id: 2, name: 'Busan PBX', kind: 'legacy_http', scheme: 'https', host: 'pbx.busan.example', port: 8443, base_path: '/', created_at: STAMP, updated_at: STAMP },
];
const FIGURES = { day: '2026-10-31', calls_total: 9, inbound_total: 6, inbound_answered: 3, abandoned: 2, outbound: 2, callbacks_requested: 2, callbacks_done: 1 };

function setup(options: { down?: number[] } = {}) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let probes = 0;
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown>) => {
    calls.push({ path, body });
    if (path.endsWith('/list')) {
      const data = path.startsWith('admin-server') ? SERVERS : path.startsWith('admin-node') ? [{ id: 7, name: 'App socket node', kind: 'builtin', domain: '', host: '', port: 0, namespace: '/', created_at: STAMP, updated_at: STAMP }] : [];
      return { data: { data, current_page: 1, per_page: 10, total: data.length, last_page: 1 } };
    }
    if (path.endsWith('/health')) {
      probes += 1;
      const down = options.down?.includes(body.id as number);
      return { data: { data: { status: down ? 'down' : 'up', latency_ms: 12, checked_at: STAMP, ...(down ? { error: 'connect ECONNREFUSED 127.0.0.1:8443' } : {}) } } };
    }
    if (path === 'admin-server/store') return { data: { data: { id: 3, ...body, created_at: STAMP, updated_at: STAMP } } };
    if (path === 'admin/ring-group/companies') return { data: { data: [{ id: 1, name: 'Demo Call Centre' }, { id: 2, name: 'Acme Support' }] } };
    if (path === 'admin/daily-report/send') {
      const sent = body.company_id === 1;
      return { data: { data: { sent, recipients: sent ? ['boss@demo.test', 'ops@demo.test'] : [], figures: FIGURES, ...(sent ? {} : { reason: 'no_recipient' }) } } };
    }
    throw new Error(`unexpected ${path}`);
  }) as never);
  return { calls, probes: () => probes, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/admin/servers/servers', () => {
  it('shows each server with its live status, probed again on "Check now"', async () => {
    const { calls, user } = setup({ down: [2] });
    renderWithFreshCache(<ServersScreen />);
    const builtin = await screen.findByTestId('health-admin-server-1');
    await waitFor(() => expect(builtin).toHaveAttribute('data-status', 'up'));
    expect(builtin).toHaveTextContent('Up');
    expect(builtin).toHaveTextContent('12 ms');
    const busan = screen.getByTestId('health-admin-server-2');
    await waitFor(() => expect(busan).toHaveAttribute('data-status', 'down'));
    expect(busan).toHaveAttribute('title', 'connect ECONNREFUSED 127.0.0.1:8443');
    expect(screen.getByTestId('row-2')).toHaveTextContent('Legacy HTTP');
    const headers = within(screen.getByTestId('resource-table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 2)).toEqual([expect.stringContaining('Name'), 'Status']);

    const before = calls.filter((c) => c.path === 'admin-server/health' && c.body.id === 2).length;
    await user.click(screen.getByTestId('health-check-admin-server-2'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'admin-server/health' && c.body.id === 2).length).toBe(before + 1));
  });

  it('probes every shown server again every 15 s while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { probes } = setup();
    renderWithFreshCache(<ServersScreen />);
    await screen.findByTestId('health-admin-server-2');
    await waitFor(() => expect(probes()).toBe(2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HEALTH_REFRESH_MS + 100);
    });
    await waitFor(() => expect(probes()).toBe(4));
  });

  it('adds a CTI server through the dialog its description derives', async () => {
    const { calls, user } = setup();
    renderWithFreshCache(<ServersScreen />);
    await screen.findByTestId('row-1');
    await user.click(screen.getByTestId('resource-add'));
    await user.type(await screen.findByTestId('name'), 'Seoul PBX');
    await user.selectOptions(screen.getByTestId('kind'), 'asterisk');
    await user.type(screen.getByTestId('host'), '10.0.0.5');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(calls.find((c) => c.path === 'admin-server/store')?.body).toMatchObject({ name: 'Seoul PBX', kind: 'asterisk', host: '10.0.0.5' }));
  });

  it("sends a company's daily report now and says to whom, or why not", async () => {
    const { calls, user } = setup();
    renderWithFreshCache(<ServersScreen />);
    const select = await screen.findByLabelText('Company');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Acme Support' })).toBeInTheDocument());
    await user.click(screen.getByTestId('daily-report-send'));
    const outcome = await screen.findByTestId('daily-report-outcome');
    expect(outcome).toHaveTextContent('Sent to boss@demo.test, ops@demo.test.');
    expect(outcome).toHaveTextContent('2026-10-31: calls 9, answered 3, abandoned 2, outbound 2, callbacks 2 requested / 1 done');
    expect(calls.find((c) => c.path === 'admin/daily-report/send')?.body).toEqual({ company_id: 1 });

    await user.selectOptions(select, '2');
    await user.click(screen.getByTestId('daily-report-send'));
    await waitFor(() => expect(screen.getByTestId('daily-report-outcome')).toHaveTextContent('Not sent: the company has no daily report recipient.'));
  });
});

describe('/admin/servers/databases and /nodes', () => {
  it('list their own entity with a status column and no daily report', async () => {
    setup();
    const { unmount } = renderWithFreshCache(<NodesScreen />);
    const node = await screen.findByTestId('health-admin-node-7');
    await waitFor(() => expect(node).toHaveAttribute('data-status', 'up'));
    expect(screen.queryByTestId('daily-report-send')).not.toBeInTheDocument();
    unmount();
    renderWithFreshCache(<DatabasesScreen />);
    expect(await screen.findByTestId('resource-add')).toHaveTextContent('database server');
  });
});
