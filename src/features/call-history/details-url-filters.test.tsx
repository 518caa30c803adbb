import { screen } from '@testing-library/react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import InboundDetailsScreen from './inbound-details-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ permissions: ['dashboard', 'call_statistics'] }) }));

describe('a call detail list opened from a link with filters (the dashboard’s numbers)', () => {
  beforeEach(() => {
    vi.mocked(http.post).mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('starts on the day, extension and result the address names, and only those', async () => {
    window.history.replaceState(null, '', '/call-statistics/inbound-details?date_from=2026-11-27&date_to=2026-11-27&extension=1001&disposition=missed&per_page=100');
    const bodies: { path: string; body: unknown }[] = [];
    vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
      bodies.push({ path, body });
      if (path === 'cti/calls/history') return { data: { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 } };
      if (path === 'cti/calls/extensions') return { data: { data: [{ extension: '1001', name: 'agent1' }] } };
      return { data: { data: [] } };
    }) as never);
    renderWithFreshCache(<InboundDetailsScreen />);
    await screen.findByTestId('resource-list-call');
    await vi.waitFor(() => expect(bodies.some((c) => c.path === 'cti/calls/history')).toBe(true));
    expect(bodies.find((c) => c.path === 'cti/calls/history')?.body).toEqual({
      page: 1, per_page: 10, date_from: '2026-11-27', date_to: '2026-11-27', extension: '1001', disposition: 'missed', direction: 'inbound',
    });
  });
});
