import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshSession } from './session-refresh';
import { getRefreshToken, getToken, setRefreshToken, setToken, setUserInfo } from './storage';
import * as sessionApi from './session-api';
import { makeLoginResponse, makeUserInfo } from './testing/make-user-info';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('refreshSession', () => {
  it('refreshes with the stored refresh token and stores the answer', async () => {
    setToken('access-1');
    setRefreshToken('refresh-1');
    const spy = vi.spyOn(sessionApi, 'refreshToken').mockResolvedValue(makeLoginResponse(makeUserInfo(), '2'));
    const session = await refreshSession('access-1');
    expect(spy).toHaveBeenCalledExactlyOnceWith('refresh-1');
    expect(session.access_token).toBe('access-2');
    expect([getToken(), getRefreshToken()]).toEqual(['access-2', 'refresh-2']);
  });

  it('reuses tokens another window already refreshed instead of spending a used refresh token', async () => {
    const user = makeUserInfo();
    setToken('access-2');
    setRefreshToken('refresh-2');
    setUserInfo(user);
    const spy = vi.spyOn(sessionApi, 'refreshToken');
    const session = await refreshSession('access-1');
    expect(spy).not.toHaveBeenCalled();
    expect(session).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2', user });
  });

  it('fails like a 401 without a refresh token', async () => {
    await expect(refreshSession('access-1')).rejects.toMatchObject({ status: 401 });
  });
});
