import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { renderWithFreshCache } from '../resource/testing/render-resource';
import { showToast } from '../feedback/toaster';
import { RoutingApplyBar } from './routing-apply-bar';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const PENDING = {
  data: [
    { section: 'inbound_numbers', key: '0215889000', change: 'added' },
    { section: 'ivrs', key: '710', change: 'changed' },
  ],
  version: 1,
  applied_at: '2026-11-27T01:00:00.000Z',
  applied_by: 'Demo Manager',
  routed_by: 'builtin',
};

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
});

describe('RoutingApplyBar', () => {
  it('lists what Apply would change and applies it; then says which version is live', async () => {
    vi.mocked(http.post).mockImplementation(async (path: string) => {
      if (path === 'routing/pending') return { data: PENDING };
      if (path === 'routing/apply') return { data: { ...PENDING, data: [], version: 2 } };
      throw new Error(`unexpected ${path}`);
    });
    renderWithFreshCache(<RoutingApplyBar />);
    const list = await screen.findByTestId('routing-pending-list');
    expect(list).toHaveTextContent('Inbound number 0215889000: added');
    expect(list).toHaveTextContent('IVR 710: changed');
    expect(screen.getByTestId('routing-apply-bar')).toHaveTextContent('2 routing changes are not live yet');
    await userEvent.setup().click(screen.getByTestId('routing-apply'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('routing/apply', {}));
    await waitFor(() => expect(screen.getByTestId('routing-apply-bar')).toHaveAttribute('data-pending', '0'));
    expect(screen.getByTestId('routing-apply-bar')).toHaveTextContent('Live routing: version 2');
    expect(showToast).toHaveBeenCalledWith('Routing applied (version 2): calls follow it now.');
  });

  it('warns when the PBX did not take the applied routing (the Apply stands)', async () => {
    vi.mocked(http.post).mockImplementation(async (path: string) => {
      if (path === 'routing/pending') return { data: PENDING };
      if (path === 'routing/apply') return { data: { ...PENDING, data: [], version: 2, pbx: { loaded: false, error: 'pbx_unavailable', message: 'not connected to Asterisk' } } };
      throw new Error(`unexpected ${path}`);
    });
    renderWithFreshCache(<RoutingApplyBar />);
    await userEvent.setup().click(await screen.findByTestId('routing-apply'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Routing applied (version 2), but the PBX did not take it: calls follow what it had before. Apply again once the PBX can be reached.', 'warning'));
    expect(showToast).not.toHaveBeenCalledWith('Routing applied (version 2): calls follow it now.');
    await waitFor(() => expect(screen.getByTestId('routing-apply-bar')).toHaveTextContent('Live routing: version 2'));
  });

  it('says when nothing has been applied yet', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { data: [], version: 0, applied_at: null, applied_by: null, routed_by: 'builtin' } });
    renderWithFreshCache(<RoutingApplyBar />);
    expect(await screen.findByTestId('routing-apply-bar')).toHaveTextContent('No routing has been applied yet');
    expect(screen.queryByTestId('routing-external')).not.toBeInTheDocument();
  });

  it('says plainly when the company’s own CTI server routes its calls', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { ...PENDING, routed_by: 'cti_server' } });
    renderWithFreshCache(<RoutingApplyBar />);
    expect(await screen.findByTestId('routing-external')).toHaveTextContent('routed by its own CTI server');
  });
});
