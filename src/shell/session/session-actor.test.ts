import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, type AxiosAdapter } from 'axios';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { selectIsSignedIn, selectUserInfo } from '../../machines/session/session.selectors';

/**
 * The real module-scope actor, wired to the real http client: a 401 anywhere reaches the session.
 * Each test imports a fresh copy of the modules so the actor boots from what the test stored.
 */
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function load() {
  const actorModule = await import('./session-actor');
  const { http } = await import('../../api/http');
  return { ...actorModule, http };
}

describe('sessionActor', () => {
  it('boots signed out with nothing stored', async () => {
    const { sessionActor } = await load();
    expect(sessionActor.getSnapshot().value).toBe('signedOut');
    expect(selectIsSignedIn(sessionActor.getSnapshot())).toBe(false);
    sessionActor.stop();
  });

  it('boots signed in from storage, and a 401 from any request starts a refresh', async () => {
    const user = makeUserInfo();
    localStorage.setItem('token', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('userInfo', JSON.stringify(user));
    const { sessionActor, http } = await load();
    expect(sessionActor.getSnapshot().value).toBe('signedIn');
    expect(selectUserInfo(sessionActor.getSnapshot())).toEqual(user);
    expect(selectIsSignedIn(sessionActor.getSnapshot())).toBe(true);

    let refreshCalls = 0;
    const never = new Promise<never>(() => {});
    const adapter: AxiosAdapter = async (config) => {
      if (config.url === '/refresh-token') {
        refreshCalls += 1;
        return never;
      }
      throw new AxiosError('401', 'ERR_BAD_REQUEST', config, null, {
        status: 401, statusText: '', data: { error: true, message: 'x' }, headers: {}, config,
      });
    };
    http.defaults.adapter = adapter;
    await Promise.allSettled([http.post('/member/list'), http.post('/tasks/index')]);
    expect(sessionActor.getSnapshot().value).toBe('refreshing');
    expect(refreshCalls).toBe(1);
    sessionActor.stop();
  });

  it('uses the plugged-in navigate after a login', async () => {
    const { sessionActor, setNavigate, http } = await load();
    const navigate = vi.fn();
    setNavigate(navigate);
    const user = makeUserInfo({ role: 'manager', username: 'manager' });
    const adapter: AxiosAdapter = async (config) => ({
      status: 200, statusText: 'OK', headers: {}, config,
      data: { access_token: 'a', refresh_token: 'r', user },
    });
    http.defaults.adapter = adapter;
    sessionActor.send({ type: 'LOGIN', method: 'password', username: 'manager', password: 'manager1234' });
    await vi.waitFor(() => expect(sessionActor.getSnapshot().value).toBe('signedIn'));
    expect(navigate).toHaveBeenCalledWith('/dashboard');
    expect(localStorage.getItem('identity')).toBe('manager');
    expect(localStorage.getItem('extension')).toBe('1001');
    sessionActor.stop();
  });
});
