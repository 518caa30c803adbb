import { createActor, fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { withoutLoginKeys, type LoginCredentials } from '../../machines/session/login-credentials';
import type { LoginResponse } from '../../api/contracts/session.contract';
import { setUnauthorizedReporter } from '../../api/http';
import * as sessionApi from '../../api/session-api';
import { refreshSession } from '../../api/session-refresh';
import {
  clearSession,
  getImpersonatorSession,
  getRefreshToken,
  getStoredSession,
  getToken,
  setExtension,
  setIdentity,
  setImpersonatorSession,
  setRefreshToken,
  setToken,
  setUserInfo,
  stashImpersonatorSession,
} from '../../api/storage';
import { windowBridge } from '../popups/window-bridge';
import { followOtherTabs } from './session-tabs';
import { inspectionBus } from '../inspection/inspection-bus';

/**
 * The app-lifetime session actor (docs/interfaces-foundation.md): module scope, started on import, not
 * tied to React mounts (guides/xstate.md §3.1, §5 #1-#4). Components read it with
 * `useSelector(sessionActor, selectX)` (or the hooks of session-selectors.ts) and write with `sessionActor.send(...)`;
 * buttons are enabled by `snapshot.can(event)`.
 */

type Navigate = (to: string) => void;
let routerNavigate: Navigate | null = null;

/** The router plugs in react-router's navigate; until then (or after unmount) a full page load does it. */
export function setNavigate(navigate: Navigate | null): void {
  routerNavigate = navigate;
}

function navigate(to: string): void {
  if (routerNavigate) routerNavigate(to);
  else window.location.assign(to);
}

function loginWith(credentials: LoginCredentials): Promise<LoginResponse> {
  switch (credentials.method) {
    case 'password':
      return sessionApi.login({ username: credentials.username, password: credentials.password });
    case 'apiKey':
      return sessionApi.companyLogin(credentials.apiKey);
    case 'agentApiKey':
      return sessionApi.agentLogin(credentials.agentApiKey);
  }
}

/**
 * "Back to my session" (docs/administration.md): the user's login ends on the server (best effort: the
 * way back must not depend on it), then the administrator's kept session is renewed, which also proves it
 * is still live and brings their user info up to date.
 */
async function returnToAdminSession(): Promise<LoginResponse> {
  const kept = getImpersonatorSession();
  try {
    await sessionApi.logout(getRefreshToken());
  } catch {
    // The login may already be gone; the administrator's own session is what matters here.
  }
  if (!kept) throw new Error('no administrator session to return to');
  return sessionApi.refreshToken(kept.refreshToken);
}

export const sessionLogic = sessionMachine.provide({
  actors: {
    login: fromPromise<LoginResponse, LoginCredentials>(({ input }) => loginWith(input)),
    refresh: fromPromise<LoginResponse, { failedToken: string | null }>(({ input }) => refreshSession(input.failedToken)),
    logout: fromPromise<void, void>(() => sessionApi.logout(getRefreshToken())),
    loginAs: fromPromise<LoginResponse, { userId: number }>(({ input }) => sessionApi.loginAsUser(input.userId)),
    returnToAdmin: fromPromise<LoginResponse, void>(returnToAdminSession),
  },
  actions: {
    navigate: (_, { to }) => navigate(to),
    storeTokens: (_, { accessToken, refreshToken }) => {
      setToken(accessToken);
      setRefreshToken(refreshToken);
    },
    storeUserInfo: (_, { userInfo }) => setUserInfo(userInfo),
    storeIdentity: (_, { userInfo }) => {
      setIdentity(userInfo.user.username);
      setExtension(userInfo.extension);
    },
    clearSession: () => clearSession(),
    stashSession: () => stashImpersonatorSession(),
    dropStash: () => setImpersonatorSession(null),
    reloadPage: () => window.location.reload(),
    // replaceState, not navigate: the key must leave the history entry, not just the current view.
    stripLoginKeyFromUrl: () => {
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, '', withoutLoginKeys(pathname, search, hash));
    },
  },
});

export const sessionActor = createActor(sessionLogic, {
  id: 'session',
  inspect: inspectionBus.observe,
  input: { search: window.location.search, storedUserInfo: getStoredSession(), storedAccessToken: getToken() },
});

setUnauthorizedReporter((failedToken) => sessionActor.send({ type: 'HTTP_401', failedToken }));

/**
 * Keeps pop-up windows in step with the main window. The main window announces user changes; a pop-up
 * applies them, and closes itself when the main window signs out (it must not keep showing customer data).
 * Only the main window announces, so the two never echo each other.
 */
function syncWindows(): () => void {
  const bridge = windowBridge();
  if (bridge.role === 'main') {
    let announced = sessionActor.getSnapshot().context.userInfo;
    const sub = sessionActor.subscribe((snapshot) => {
      const { userInfo } = snapshot.context;
      if (userInfo === announced) return;
      announced = userInfo;
      bridge.postToPopups({ type: 'session.updated', userInfo });
    });
    // The same user's other tabs (only one holds the phone and hears `user_updated`).
    const stopFollowing = followOtherTabs(
      () => sessionActor.getSnapshot().context.userInfo,
      (user) => sessionActor.send({ type: 'USER_UPDATED', user }),
    );
    return () => {
      sub.unsubscribe();
      stopFollowing();
    };
  }
  return bridge.subscribe((message) => {
    if (message.type !== 'session.updated') return;
    if (message.userInfo) sessionActor.send({ type: 'USER_UPDATED', user: message.userInfo });
    else window.close();
  });
}

// An unhandled error would put the actor (and every useSelector on it) in error state; every invoke has
// onError, so reaching this is a bug worth a loud console line rather than a blank app.
sessionActor.subscribe({ error: (err) => console.error('session actor failed', err) });
const stopSync = syncWindows();
sessionActor.start();

// Vite HMR would otherwise leave a second live actor (and a second 401 reporter) behind.
import.meta.hot?.dispose(() => {
  stopSync();
  setUnauthorizedReporter(null);
  sessionActor.stop();
});
