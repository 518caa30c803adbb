import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import type { LoginResponse, UserInfo } from '../../api/contracts/session.contract';
import { toApiError, type ApiError } from '../../api/errors';
import { LOGIN_PATH, redirectAfterLogin } from './landing-paths';
import { credentialsFromSearch, credentialsOf, type LoginCredentials } from './login-credentials';
import { renewalDelayMs } from './token-renewal';

/**
 * The session flow (docs/interfaces-foundation.md, specification sections 2 and 8).
 *
 * Every side effect (HTTP, localStorage, navigation, reload, URL rewrite) is a named actor or action
 * whose default here does nothing or fails; src/shell/session/session-actor.ts provides the real ones and tests
 * provide spies. No React, no axios, no window.
 */

/** Specification section 9: the page reloads 1 s after a successful token refresh. */
export const RELOAD_DELAY_MS = 1000;

export type SessionEvent =
  | ({ type: 'LOGIN' } & LoginCredentials)
  | { type: 'LOGOUT' }
  /** `failedToken`: the bearer the failed request carried, so a stale 401 does not burn a refresh token. */
  | { type: 'HTTP_401'; failedToken?: string | null }
  | { type: 'USER_UPDATED'; user: UserInfo }
  /** The platform administrator works as another user (specification §6, after the confirmation). */
  | { type: 'LOGIN_AS'; userId: number }
  /** "Back to my session": the user's login ends and the administrator's own session comes back. */
  | { type: 'RETURN_TO_ADMIN' };

/** Where "Back to my session" lands: the page the administrator logged in as someone from. */
export const RETURN_TO_ADMIN_PATH = '/admin/management/manager';

export interface SessionInput {
  /** `window.location.search` at start: `?apiKey=` or `?agentApiKey=` signs in on any route. */
  search: string;
  /** The user kept by an earlier page, when a token is kept too (src/api/storage.ts getStoredSession). */
  storedUserInfo: UserInfo | null;
  /** The access token kept with it, so its renewal can be scheduled. */
  storedAccessToken?: string | null;
}

export interface SessionContext {
  userInfo: UserInfo | null;
  loginError: ApiError | null;
  /** Only while signingIn, so a password never outlives the request. */
  pendingLogin: LoginCredentials | null;
  /** The access token this window holds: when to renew it, and which one a renewal replaces. */
  accessToken: string | null;
  /** A request failed with 401 while a renewal was under way: the specification's reload follows it. */
  reloadWhenRenewed: boolean;
  /** Why the last LOGIN_AS failed (shown in its confirmation), until the next one. */
  switchError: ApiError | null;
}

export interface RefreshInput {
  failedToken: string | null;
}

function notProvided(name: string): never {
  throw new Error(`session machine: "${name}" must be provided (src/shell/session/session-actor.ts)`);
}

const sessionSetup = setup({
  types: {} as { context: SessionContext; events: SessionEvent; input: SessionInput },
  actors: {
    login: fromPromise<LoginResponse, LoginCredentials>(async () => notProvided('login')),
    refresh: fromPromise<LoginResponse, RefreshInput>(async () => notProvided('refresh')),
    logout: fromPromise<void, void>(async () => notProvided('logout')),
    /** `users/login-as`: the session of the chosen user, carrying `impersonated_by`. */
    loginAs: fromPromise<LoginResponse, { userId: number }>(async () => notProvided('loginAs')),
    /** Ends the user's login and answers the administrator's own session, renewed (or fails: sign in again). */
    returnToAdmin: fromPromise<LoginResponse, void>(async () => notProvided('returnToAdmin')),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
    storeTokens: (_, _params: { accessToken: string; refreshToken: string }) => {},
    storeUserInfo: (_, _params: { userInfo: UserInfo }) => {},
    /** `identity` and `extension` in the browser: set on login only, the CTI side may change extension later. */
    storeIdentity: (_, _params: { userInfo: UserInfo }) => {},
    clearSession: () => {},
    reloadPage: () => {},
    stripLoginKeyFromUrl: () => {},
    /** Keeps this window's session as the administrator's own before it is replaced (login-as). */
    stashSession: () => {},
    /** Forgets the kept administrator's session (it is the current one again). */
    dropStash: () => {},
  },
  guards: {
    hasPendingLogin: ({ context }) => context.pendingLogin !== null,
    hasUserInfo: ({ context }) => context.userInfo !== null,
    /** Only the platform administrator, in their own session (never from inside another login-as). */
    canLoginAs: ({ context }) => context.userInfo?.role === 'admin' && !context.userInfo.impersonated_by,
    isImpersonating: ({ context }) => Boolean(context.userInfo?.impersonated_by),
    /** A refresh that answers 401 or never answers means the session is gone; a 500 may pass. */
    reloadWhenRenewed: ({ context }) => context.reloadWhenRenewed,
    isSessionLost: ({ event }) => {
      if (!('error' in event)) return false;
      const { status } = toApiError(event.error);
      return status === 401 || status === null;
    },
  },
  delays: {
    RELOAD_DELAY: RELOAD_DELAY_MS,
    RENEW_DELAY: ({ context }) => renewalDelayMs(context.accessToken, Date.now()),
  },
});

/** Back to a clean signed-out page: browser keys removed (preferences kept), then the login screen. */
const endSession = sessionSetup.enqueueActions(({ enqueue }) => {
  enqueue('clearSession');
  enqueue.assign({ userInfo: null });
  enqueue({ type: 'navigate', params: { to: LOGIN_PATH } });
});

/** A refresh's answer (after a 401, or a renewal ahead of expiry): the new tokens and user, kept. */
const keepRefreshedSession = sessionSetup.enqueueActions(({ enqueue, event }) => {
  const session = (event as unknown as DoneActorEvent<LoginResponse>).output;
  enqueue({ type: 'storeTokens', params: { accessToken: session.access_token, refreshToken: session.refresh_token } });
  enqueue({ type: 'storeUserInfo', params: { userInfo: session.user } });
  enqueue.assign({ userInfo: session.user, accessToken: session.access_token });
});

/**
 * Another session takes this window's place (login-as, or back to the administrator's): kept like a
 * sign-in's, then the page loads afresh at `to`, so the phone, sockets and caches start as that user.
 */
const switchTo = (to: (session: LoginResponse) => string) =>
  sessionSetup.enqueueActions(({ enqueue, event }) => {
    const session = (event as unknown as DoneActorEvent<LoginResponse>).output;
    enqueue({ type: 'storeTokens', params: { accessToken: session.access_token, refreshToken: session.refresh_token } });
    enqueue({ type: 'storeUserInfo', params: { userInfo: session.user } });
    enqueue({ type: 'storeIdentity', params: { userInfo: session.user } });
    enqueue.assign({ userInfo: session.user, accessToken: session.access_token, switchError: null });
    enqueue({ type: 'navigate', params: { to: to(session) } });
    enqueue('reloadPage');
  });

const setLoginError = sessionSetup.assign({
  loginError: ({ event }) => ('error' in event ? toApiError(event.error) : null),
  pendingLogin: null,
});

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    userInfo: input.storedUserInfo,
    loginError: null,
    pendingLogin: credentialsFromSearch(input.search),
    accessToken: input.storedAccessToken ?? null,
    reloadWhenRenewed: false,
    switchError: null,
  }),
  initial: 'booting',
  states: {
    // Resolved synchronously at start: a URL key beats a stored session, which beats nothing.
    booting: {
      always: [
        // The key leaves the address bar at once, whatever the login's outcome.
        { guard: 'hasPendingLogin', target: 'signingIn', actions: 'stripLoginKeyFromUrl' },
        { guard: 'hasUserInfo', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },

    signedOut: {
      on: {
        LOGIN: {
          target: 'signingIn',
          actions: assign({
            pendingLogin: ({ event }) => credentialsOf(event),
            loginError: null,
          }),
        },
      },
    },

    signingIn: {
      invoke: {
        src: 'login',
        // Entered only with a pending login (booting's guard, or LOGIN which sets it).
        input: ({ context }) => context.pendingLogin!,
        onDone: {
          target: 'signedIn',
          actions: [
            {
              type: 'storeTokens',
              params: ({ event }) => ({ accessToken: event.output.access_token, refreshToken: event.output.refresh_token }),
            },
            { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.output.user }) },
            { type: 'storeIdentity', params: ({ event }) => ({ userInfo: event.output.user }) },
            assign({ userInfo: ({ event }) => event.output.user, accessToken: ({ event }) => event.output.access_token, loginError: null, pendingLogin: null }),
            { type: 'navigate', params: ({ event }) => ({ to: redirectAfterLogin(event.output.user) }) },
          ],
        },
        onError: [
          // A bad URL key must not throw away a session this browser already had.
          { guard: 'hasUserInfo', target: 'signedIn', actions: setLoginError },
          { target: 'signedOut', actions: setLoginError },
        ],
      },
    },

    signedIn: {
      after: { RENEW_DELAY: 'renewing' },
      on: {
        HTTP_401: 'refreshing',
        LOGOUT: 'signingOut',
        USER_UPDATED: {
          actions: [
            { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.user }) },
            assign({ userInfo: ({ event }) => event.user }),
          ],
        },
        LOGIN_AS: { guard: 'canLoginAs', target: 'switchingUser', actions: assign({ switchError: null }) },
        RETURN_TO_ADMIN: { guard: 'isImpersonating', target: 'returningToAdmin' },
      },
    },

    // The administrator's session is kept aside (stashSession) only once the user's session is there.
    switchingUser: {
      on: { HTTP_401: { description: 'Swallowed: the administrator stays signed in; a failed login-as says why.' } },
      invoke: {
        src: 'loginAs',
        input: ({ event }) => ({ userId: event.type === 'LOGIN_AS' ? event.userId : 0 }),
        onDone: { target: 'signedIn', actions: [{ type: 'stashSession' }, switchTo((session) => redirectAfterLogin(session.user))] },
        onError: { target: 'signedIn', actions: assign({ switchError: ({ event }) => toApiError(event.error) }) },
      },
    },

    returningToAdmin: {
      on: { HTTP_401: { description: 'Swallowed: the login being left may already be gone.' } },
      invoke: {
        src: 'returnToAdmin',
        onDone: { target: 'signedIn', actions: [{ type: 'dropStash' }, switchTo(() => RETURN_TO_ADMIN_PATH)] },
        // The administrator's own session is gone too (expired, revoked): sign in again.
        onError: { target: 'signedOut', actions: endSession },
      },
    },

    refreshing: {
      on: { HTTP_401: { description: 'Swallowed: one refresh answers every concurrent 401.' } },
      invoke: {
        src: 'refresh',
        input: ({ event }) => ({ failedToken: event.type === 'HTTP_401' ? (event.failedToken ?? null) : null }),
        onDone: { target: 'reloading', actions: keepRefreshedSession },
        onError: [
          { guard: 'isSessionLost', target: 'signedOut', actions: endSession },
          // e.g. a 500: the session may still be good; the next 401 tries again.
          { target: 'signedIn' },
        ],
      },
    },

    // The token is renewed before it expires, without a reload: calls, pop-ups and typing go on. The same
    // refresh as after a 401 (one window at a time; a window that finds the token already renewed by
    // another takes that one), so pop-up windows never spend one refresh token twice.
    renewing: {
      entry: assign({ reloadWhenRenewed: false }),
      on: {
        HTTP_401: {
          description: 'One refresh is already under way; the request that failed is answered by the reload after it.',
          actions: assign({ reloadWhenRenewed: true }),
        },
      },
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ failedToken: context.accessToken }),
        onDone: [
          { guard: 'reloadWhenRenewed', target: 'reloading', actions: keepRefreshedSession },
          { target: 'signedIn', actions: keepRefreshedSession },
        ],
        onError: [
          { guard: 'isSessionLost', target: 'signedOut', actions: endSession },
          // e.g. a 500: try again on the next schedule or the next 401.
          { target: 'signedIn' },
        ],
      },
    },

    // The reload rebuilds every screen and socket with the new token (guides/xstate.md §4: resync, not rehydrate).
    reloading: {
      on: { HTTP_401: { description: 'Swallowed: the page is about to reload.' } },
      after: { RELOAD_DELAY: { actions: 'reloadPage' } },
    },

    signingOut: {
      on: { HTTP_401: { description: 'Swallowed: the session is ending anyway.' } },
      invoke: {
        src: 'logout',
        // The server call only revokes tokens; signing out locally must not depend on it.
        onDone: { target: 'signedOut', actions: endSession },
        onError: { target: 'signedOut', actions: endSession },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionState =
  | 'booting'
  | 'signedOut'
  | 'signingIn'
  | 'signedIn'
  | 'renewing'
  | 'refreshing'
  | 'reloading'
  | 'signingOut'
  | 'switchingUser'
  | 'returningToAdmin';
