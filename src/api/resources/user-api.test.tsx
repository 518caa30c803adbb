import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { fakeUserApi } from '../../features/users/testing/fake-user-api';
import { http } from '../http';
import { useUserWrites } from './user-api';

vi.mock('../http', () => ({ http: { post: vi.fn() } }));
// In-process, so parallel test files do not hear each other (cross-window-stale opens its channel lazily).
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
);

/** The opener window: what it hears on the app's resource channel. */
function otherWindow() {
  const channel = new LocalBroadcastChannel('callcentre-resources');
  const heard: unknown[] = [];
  channel.addEventListener('message', (event) => heard.push(event.data));
  return { heard, close: () => channel.close() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(http.post).mockImplementation(fakeUserApi().post as never);
});

describe('useUserWrites', () => {
  // Managers add users in the `user/add` pop-up WINDOW; /users in the opener must refresh without a reload.
  it('tells the other windows that users are stale after users/store', async () => {
    const opener = otherWindow();
    const { result } = renderHook(() => useUserWrites(), { wrapper });
    await result.current.store(
      { name: '새 상담원', username: 'agent9', password: 'secret-1234', department_id: 1, extension_id: '1009', role: 'agent' },
      null,
    );
    await vi.waitFor(() => expect(opener.heard).toContainEqual({ source: 'callcentre-resources', paths: expect.arrayContaining(['users']) }));
    opener.close();
  });

  it('does the same after a permission change (the `user/edit-permission/{id}` window)', async () => {
    const opener = otherWindow();
    const { result } = renderHook(() => useUserWrites(), { wrapper });
    await result.current.updatePermissions(3, ['members']);
    await vi.waitFor(() => expect(opener.heard).toContainEqual({ source: 'callcentre-resources', paths: expect.arrayContaining(['users']) }));
    opener.close();
  });

  it('announces nothing when the write fails', async () => {
    vi.mocked(http.post).mockRejectedValue({ isAxiosError: true, message: 'x', response: { status: 422, data: { message: 'Fix it', errors: { username: ['Taken'] } } } });
    const opener = otherWindow();
    const { result } = renderHook(() => useUserWrites(), { wrapper });
    await expect(result.current.updateStatus(3, 'inactive')).rejects.toMatchObject({ status: 422 });
    await Promise.resolve();
    expect(opener.heard).toEqual([]);
    opener.close();
  });
});
