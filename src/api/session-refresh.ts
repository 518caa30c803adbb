import { refreshToken } from './session-api';
import { getRefreshToken, getToken, getUserInfo, setRefreshToken, setToken, setUserInfo } from './storage';
import type { LoginResponse } from './contracts/session.contract';
import type { ApiError } from './errors';

/**
 * The token refresh behind the session machine's `refresh` actor.
 *
 * Pop-up windows share the session through localStorage, and refresh tokens rotate (CONTRACT §4 departs:
 * presenting a used one revokes the whole login). So the main window and its pop-ups must never refresh
 * with the same token. Two guards:
 * - a cross-window lock (Web Locks API, where available) so one window refreshes at a time;
 * - inside the lock, if the stored access token is no longer the one the failed request carried, another
 *   window has already refreshed: reuse its tokens instead of spending the (now used) refresh token.
 * Tokens are stored inside the lock, so the next window in line sees them.
 */
const LOCK_NAME = 'callcentre-token-refresh';

async function withCrossWindowLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  return locks.request(LOCK_NAME, work);
}

const NO_REFRESH_TOKEN: ApiError = { status: 401, message: 'errors.refresh_token_invalid', fieldErrors: {} };

export function refreshSession(failedToken: string | null): Promise<LoginResponse> {
  return withCrossWindowLock(async () => {
    const current = getToken();
    const stored = getRefreshToken();
    const user = getUserInfo();
    if (failedToken && current && current !== failedToken && stored && user) {
      return { access_token: current, refresh_token: stored, user };
    }
    // Without a refresh token the session cannot come back: answer like the server would (401).
    if (!stored) throw NO_REFRESH_TOKEN;
    const session = await refreshToken(stored);
    setToken(session.access_token);
    setRefreshToken(session.refresh_token);
    setUserInfo(session.user);
    return session;
  });
}
