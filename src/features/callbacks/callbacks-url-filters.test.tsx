import { screen } from '@testing-library/react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import CallbacksScreen from './callbacks-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ permissions: ['dashboard', 'callbacks'] }) }));

describe('the callback list opened from "my open callbacks"', () => {
  beforeEach(() => {
    vi.mocked(http.post).mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('starts on the open callbacks assigned to me', async () => {
    window.history.replaceState(null, '', '/consultations/callbacks?status=active&assignment=mine');
    const bodies: { path: string; body: unknown }[] = [];
    vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
      bodies.push({ path, body });
      return { data: { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 } };
    }) as never);
    renderWithFreshCache(<CallbacksScreen />);
    await screen.findByTestId('resource-list-callback');
    await vi.waitFor(() => expect(bodies.some((c) => c.path === 'callback/list')).toBe(true));
    expect(bodies.find((c) => c.path === 'callback/list')?.body).toEqual({ page: 1, per_page: 10, status: 'active', assignment: 'mine' });
  });

  it('without filters in the address, starts on every open callback as before', async () => {
    const bodies: { path: string; body: unknown }[] = [];
    vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
      bodies.push({ path, body });
      return { data: { data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 } };
    }) as never);
    renderWithFreshCache(<CallbacksScreen />);
    await screen.findByTestId('resource-list-callback');
    await vi.waitFor(() => expect(bodies.some((c) => c.path === 'callback/list')).toBe(true));
    expect(bodies.find((c) => c.path === 'callback/list')?.body).toEqual({ page: 1, per_page: 10, status: 'active' });
  });
});
