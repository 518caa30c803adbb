import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RELOAD_DELAY_MS, sessionMachine, type SessionInput } from './session.machine';
import { selectIsSignedIn } from './session.selectors';
import { renewalDelayMs } from './token-renewal';
import type { LoginCredentials } from './login-credentials';
import type { LoginResponse, UserInfo } from '../../api/contracts/session.contract';
import type { ApiError } from '../../api/errors';
import { makeLoginResponse, makeUserInfo } from '../../api/testing/make-user-info';

/**
 * The machine with every side effect replaced by a spy (guides/xstate.md §3.6). Storage is a plain
 * in-memory map that follows the same rules as src/api/storage.ts, so the assertions read like the
 * browser's localStorage without the machine touching it.
 */
type Answer<T> = T | { reject: unknown };

function harness(options: {
  input?: Partial<SessionInput>;
  login?: Answer<LoginResponse>;
  /** A function answers each refresh afresh (a token issued at the time of the call). */
  refresh?: Answer<LoginResponse> | (() => LoginResponse | Promise<LoginResponse>);
  logout?: Answer<void>;
} = {}) {
  const store = new Map<string, string>([
    ['language', 'kr'],
    ['verticalNavMenuWidth', '240'],
    ['theme', 'dark'],
  ]);
  const calls = {
    login: vi.fn<(c: LoginCredentials) => void>(),
    refresh: vi.fn<(failedToken: string | null) => void>(),
    logout: vi.fn<() => void>(),
  };
  const spies = {
    navigate: vi.fn<(to: string) => void>(),
    reloadPage: vi.fn<() => void>(),
    stripLoginKeyFromUrl: vi.fn<() => void>(),
  };
  const settle = <T,>(answer: Answer<T> | undefined, fallback: T): Promise<T> =>
    answer && typeof answer === 'object' && 'reject' in answer ? Promise.reject(answer.reject) : Promise.resolve(answer ?? fallback);

  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<LoginResponse, LoginCredentials>(async ({ input }) => {
        calls.login(input);
        return settle(options.login, makeLoginResponse());
      }),
      refresh: fromPromise<LoginResponse, { failedToken: string | null }>(async ({ input }) => {
        calls.refresh(input.failedToken);
        if (typeof options.refresh === 'function') return options.refresh();
        return settle(options.refresh, makeLoginResponse(makeUserInfo(), '2'));
      }),
      logout: fromPromise<void, void>(async () => {
        calls.logout();
        return settle(options.logout, undefined);
      }),
    },
    actions: {
      navigate: (_, { to }) => spies.navigate(to),
      reloadPage: () => spies.reloadPage(),
      stripLoginKeyFromUrl: () => spies.stripLoginKeyFromUrl(),
      storeTokens: (_, { accessToken, refreshToken }) => {
        store.set('token', accessToken);
        store.set('refreshToken', refreshToken);
      },
      storeUserInfo: (_, { userInfo }) => store.set('userInfo', JSON.stringify(userInfo)),
      storeIdentity: (_, { userInfo }) => {
        store.set('identity', userInfo.user.username);
        if (userInfo.extension) store.set('extension', userInfo.extension);
      },
      clearSession: () => {
        for (const key of ['token', 'refreshToken', 'userInfo', 'identity', 'extension', 'phoneNumber']) store.delete(key);
      },
    },
  });
  const actor = createActor(machine, { input: { search: '', storedUserInfo: null, ...options.input } });
  return { actor, store, calls, spies };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const state = (actor: { getSnapshot(): { value: unknown } }) => actor.getSnapshot().value;

async function signedInHarness(options: Parameters<typeof harness>[0] = {}) {
  const h = harness({ ...options, input: { storedUserInfo: makeUserInfo(), ...options.input } });
  h.store.set('token', 'access-1');
  h.store.set('refreshToken', 'refresh-1');
  h.actor.start();
  await flush();
  expect(state(h.actor)).toBe('signedIn');
  return h;
}

const unauthorized = (status: number | null): ApiError => ({ status, message: 'nope', fieldErrors: {} });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('booting', () => {
  it('goes to signedOut when nothing is stored', async () => {
    const { actor, calls } = harness();
    actor.start();
    await flush();
    expect(state(actor)).toBe('signedOut');
    expect(actor.getSnapshot().context.userInfo).toBeNull();
    expect(calls.login).not.toHaveBeenCalled();
  });

  it('goes to signedIn with a stored token and user info', async () => {
    const user = makeUserInfo({ username: 'agent2' });
    const { actor, spies } = harness({ input: { storedUserInfo: user } });
    actor.start();
    await flush();
    expect(state(actor)).toBe('signedIn');
    expect(actor.getSnapshot().context.userInfo).toEqual(user);
    expect(spies.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['?apiKey=demo-company-key', { method: 'apiKey', apiKey: 'demo-company-key' }],
    ['?agentApiKey=demo-agent1-key&tab=2', { method: 'agentApiKey', agentApiKey: 'demo-agent1-key' }],
  ] as const)('signs in from the URL %s, strips the key and redirects', async (search, credentials) => {
    const manager = makeUserInfo({ role: 'manager', username: 'manager', loginType: 'company_api_key' });
    const { actor, calls, spies, store } = harness({ input: { search }, login: makeLoginResponse(manager) });
    actor.start();
    expect(state(actor)).toBe('signingIn');
    expect(spies.stripLoginKeyFromUrl).toHaveBeenCalledTimes(1);
    await flush();
    expect(calls.login).toHaveBeenCalledWith(credentials);
    expect(state(actor)).toBe('signedIn');
    expect(store.get('token')).toBe('access-1');
    expect(spies.navigate).toHaveBeenCalledWith('/dashboard');
    expect(actor.getSnapshot().context.pendingLogin).toBeNull();
  });

  it('a URL key wins over a stored session', async () => {
    const { actor, calls } = harness({ input: { search: '?apiKey=k', storedUserInfo: makeUserInfo() } });
    actor.start();
    await flush();
    expect(calls.login).toHaveBeenCalledWith({ method: 'apiKey', apiKey: 'k' });
  });

  it('a bad URL key keeps a session the browser already had', async () => {
    const stored = makeUserInfo();
    const { actor } = harness({ input: { search: '?agentApiKey=bad', storedUserInfo: stored }, login: { reject: unauthorized(401) } });
    actor.start();
    await flush();
    expect(state(actor)).toBe('signedIn');
    expect(actor.getSnapshot().context.userInfo).toEqual(stored);
    expect(actor.getSnapshot().context.loginError?.status).toBe(401);
  });

  it('a bad URL key without a stored session ends signed out with the error', async () => {
    const { actor, spies } = harness({ input: { search: '?apiKey=bad' }, login: { reject: unauthorized(401) } });
    actor.start();
    await flush();
    expect(state(actor)).toBe('signedOut');
    expect(actor.getSnapshot().context.loginError).toMatchObject({ status: 401, message: 'nope' });
    expect(spies.navigate).not.toHaveBeenCalled();
  });
});

describe('password login', () => {
  it.each([
    ['agent with dashboard', makeUserInfo(), '/dashboard'],
    ['agent without dashboard', makeUserInfo({ username: 'agent2', permissions: [] }), '/consultations/consultations'],
    ['the user account', makeUserInfo({ username: 'user' }), '/dashboard/announcements'],
    ['admin', makeUserInfo({ role: 'admin', username: 'admin', company: null, companyPermissions: [] }), '/admin/dashboard'],
  ])('%s: stores tokens, userInfo, identity, extension and navigates', async (_name, user: UserInfo, path) => {
    const { actor, calls, spies, store } = harness({ login: makeLoginResponse(user) });
    actor.start();
    await flush();
    expect(actor.getSnapshot().can({ type: 'LOGIN', method: 'password', username: 'a', password: 'b' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'LOGOUT' })).toBe(false);

    actor.send({ type: 'LOGIN', method: 'password', username: user.user.username, password: 'secret' });
    expect(state(actor)).toBe('signingIn');
    await flush();

    expect(calls.login).toHaveBeenCalledWith({ method: 'password', username: user.user.username, password: 'secret' });
    expect(state(actor)).toBe('signedIn');
    expect(store.get('token')).toBe('access-1');
    expect(store.get('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(store.get('userInfo') ?? 'null')).toEqual(user);
    expect(store.get('identity')).toBe(user.user.username);
    expect(store.get('extension')).toBe(user.extension ?? undefined);
    expect(actor.getSnapshot().context.userInfo).toEqual(user);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith(path);
    expect(spies.stripLoginKeyFromUrl).not.toHaveBeenCalled();
    // The password does not stay in the context.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('secret');
  });

  it('a failed login stays signed out with the field errors, and a retry clears them', async () => {
    const validation = {
      isAxiosError: true,
      message: 'Request failed with status code 422',
      response: { status: 422, data: { message: 'Some fields need your attention.', errors: { username: ['Please enter your username.'] } } },
    };
    const { actor, store, spies } = harness({ login: { reject: validation } });
    actor.start();
    await flush();
    actor.send({ type: 'LOGIN', method: 'password', username: '', password: 'x' });
    await flush();
    expect(state(actor)).toBe('signedOut');
    const { loginError } = actor.getSnapshot().context;
    expect(loginError).toMatchObject({ status: 422, message: 'Some fields need your attention.' });
    expect(loginError?.fieldErrors).toEqual({ username: ['Please enter your username.'] });
    expect(store.has('token')).toBe(false);
    expect(spies.navigate).not.toHaveBeenCalled();

    actor.send({ type: 'LOGIN', method: 'password', username: 'agent1', password: 'x' });
    expect(actor.getSnapshot().context.loginError).toBeNull();
  });

  it('ignores LOGIN while signed in and HTTP_401 while signed out', async () => {
    const h = await signedInHarness();
    expect(h.actor.getSnapshot().can({ type: 'LOGIN', method: 'apiKey', apiKey: 'k' })).toBe(false);
    const out = harness();
    out.actor.start();
    await flush();
    out.actor.send({ type: 'HTTP_401' });
    await flush();
    expect(state(out.actor)).toBe('signedOut');
    expect(out.calls.refresh).not.toHaveBeenCalled();
  });
});

describe('401 → refresh → reload', () => {
  it('a storm of twenty concurrent 401s makes exactly one refresh call', async () => {
    const { actor, calls } = await signedInHarness();
    for (let i = 0; i < 20; i += 1) actor.send({ type: 'HTTP_401', failedToken: 'access-1' });
    await flush();
    for (let i = 0; i < 5; i += 1) actor.send({ type: 'HTTP_401', failedToken: 'access-1' });
    await flush();
    expect(calls.refresh).toHaveBeenCalledTimes(1);
    expect(calls.refresh).toHaveBeenCalledWith('access-1');
    expect(state(actor)).toBe('reloading');
  });

  it('stores the new tokens and user, then reloads after exactly 1 s', async () => {
    const refreshed = makeUserInfo({ username: 'agent1', permissions: ['dashboard', 'sms'] });
    const { actor, store, spies } = await signedInHarness({ refresh: makeLoginResponse(refreshed, '2') });
    actor.send({ type: 'HTTP_401' });
    await flush();
    expect(state(actor)).toBe('reloading');
    expect(store.get('token')).toBe('access-2');
    expect(store.get('refreshToken')).toBe('refresh-2');
    expect(JSON.parse(store.get('userInfo') ?? 'null')).toEqual(refreshed);
    expect(actor.getSnapshot().context.userInfo).toEqual(refreshed);

    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS - 1);
    expect(spies.reloadPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    expect(RELOAD_DELAY_MS).toBe(1000);
  });

  it.each([
    ['401', unauthorized(401)],
    ['no response (network)', { isAxiosError: true, message: 'Network Error' }],
  ])('a refresh failing with %s signs out, keeps preferences and goes to /login', async (_name, error) => {
    const { actor, store, spies } = await signedInHarness({ refresh: { reject: error } });
    store.set('identity', 'agent1');
    store.set('extension', '1001');
    store.set('phoneNumber', '01055550001');
    actor.send({ type: 'HTTP_401' });
    await flush();
    expect(state(actor)).toBe('signedOut');
    for (const key of ['token', 'refreshToken', 'userInfo', 'identity', 'extension', 'phoneNumber']) {
      expect(store.has(key), key).toBe(false);
    }
    expect(store.get('language')).toBe('kr');
    expect(store.get('verticalNavMenuWidth')).toBe('240');
    expect(store.get('theme')).toBe('dark');
    expect(actor.getSnapshot().context.userInfo).toBeNull();
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/login');
    await vi.advanceTimersByTimeAsync(5000);
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('a refresh failing with 500 stays signed in and may try again on the next 401', async () => {
    const serverError = { isAxiosError: true, message: 'boom', response: { status: 500, data: { error: true, message: 'Server error' } } };
    const { actor, store, spies, calls } = await signedInHarness({ refresh: { reject: serverError } });
    actor.send({ type: 'HTTP_401' });
    await flush();
    expect(state(actor)).toBe('signedIn');
    expect(store.get('token')).toBe('access-1');
    expect(spies.navigate).not.toHaveBeenCalled();
    actor.send({ type: 'HTTP_401' });
    await flush();
    expect(calls.refresh).toHaveBeenCalledTimes(2);
  });
});

describe('renewing the token before it expires', () => {
  const FIFTEEN_MINUTES = 15 * 60_000;
  let issued = 0;
  /** A JWT-shaped access token (only its claims are read) issued now for 15 minutes. */
  const jwtIssuedNow = () => {
    const iat = Math.floor(Date.now() / 1000);
    const claims = btoa(JSON.stringify({ sub: 'agent1', iat, exp: iat + FIFTEEN_MINUTES / 1000 })).replace(/=+$/, '');
    issued += 1;
    return `header.${claims}.sig${issued}`;
  };
  const renewedSession = () => ({ access_token: jwtIssuedNow(), refresh_token: `refresh-r${issued}`, user: makeUserInfo() });

  async function signedInWithJwt(options: Parameters<typeof harness>[0] = {}) {
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
    const token = jwtIssuedNow();
    const h = harness({ refresh: renewedSession, ...options, input: { storedUserInfo: makeUserInfo(), storedAccessToken: token } });
    h.store.set('token', token);
    h.actor.start();
    await flush();
    expect(state(h.actor)).toBe('signedIn');
    return { ...h, token };
  }

  it('renews 90 s before a 15-minute token expires, keeps the new tokens and does not reload', async () => {
    const { actor, calls, store, spies, token } = await signedInWithJwt();
    await vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES - 90_000 - 1);
    expect(calls.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.refresh).toHaveBeenCalledExactlyOnceWith(token);
    expect(state(actor)).toBe('signedIn');
    expect(store.get('token')).not.toBe(token);
    expect(actor.getSnapshot().context.accessToken).toBe(store.get('token'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(spies.reloadPage).not.toHaveBeenCalled();
    expect(spies.navigate).not.toHaveBeenCalled();

    // The next renewal follows the new token, again 13.5 minutes on; a shift never sees a 401.
    const renewed = store.get('token')!;
    await vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES - 90_000 - 5000);
    expect(calls.refresh).toHaveBeenLastCalledWith(renewed);
    await vi.advanceTimersByTimeAsync(8 * 60 * 60_000);
    expect(calls.refresh).toHaveBeenCalledTimes(2 + Math.floor((8 * 60 * 60_000) / (FIFTEEN_MINUTES - 90_000)));
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('a 401 while renewing makes no second refresh, and reloads once the renewal is done', async () => {
    let finish: (session: LoginResponse) => void = () => {};
    const held = () => new Promise<LoginResponse>((resolve) => (finish = resolve));
    const { actor, calls, store, spies } = await signedInWithJwt({ refresh: held });
    await vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES - 90_000);
    expect(state(actor)).toBe('renewing');
    // Route guards must not bounce the page to /login while the token is being renewed.
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'HTTP_401' });
    actor.send({ type: 'HTTP_401' });
    await flush();
    expect(state(actor)).toBe('renewing');
    finish(renewedSession());
    await flush();
    expect(state(actor)).toBe('reloading');
    expect(store.get('token')).toBe(actor.getSnapshot().context.accessToken);
    await vi.advanceTimersByTimeAsync(RELOAD_DELAY_MS);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    expect(calls.refresh).toHaveBeenCalledTimes(1);
  });

  it('a renewal the server refuses (401) signs out like a failed refresh', async () => {
    const { actor, store, spies } = await signedInWithJwt({ refresh: { reject: unauthorized(401) } });
    await vi.advanceTimersByTimeAsync(FIFTEEN_MINUTES - 90_000);
    expect(state(actor)).toBe('signedOut');
    expect(store.has('token')).toBe(false);
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('a token without a lifetime (not a JWT) is never renewed on a timer', async () => {
    const { actor, calls } = await signedInHarness();
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(calls.refresh).not.toHaveBeenCalled();
    expect(state(actor)).toBe('signedIn');
  });
});

describe('renewalDelayMs', () => {
  const token = (iat: number, exp: number) => `h.${btoa(JSON.stringify({ iat, exp }))}.s`;
  const now = Date.parse('2026-11-24T09:00:00Z');
  const iat = now / 1000;

  it('is a tenth of the lifetime before expiry, within 30 s and 5 min of margin', () => {
    expect(renewalDelayMs(token(iat, iat + 900), now)).toBe(810_000);
    expect(renewalDelayMs(token(iat, iat + 60), now)).toBe(30_000);
    expect(renewalDelayMs(token(iat, iat + 24 * 3600), now)).toBe(24 * 3600_000 - 300_000);
  });

  it('a client clock running behind never waits longer than a lifetime; one running ahead waits at least 10 s', () => {
    expect(renewalDelayMs(token(iat, iat + 900), now - 3600_000)).toBe(810_000);
    expect(renewalDelayMs(token(iat, iat + 900), now + 3600_000)).toBe(10_000);
  });

  it('never for a token without claims', () => {
    expect(renewalDelayMs('access-1', now)).toBe(2 ** 31 - 1);
    expect(renewalDelayMs(null, now)).toBe(2 ** 31 - 1);
    expect(renewalDelayMs('a.not-base64!.c', now)).toBe(2 ** 31 - 1);
  });
});

describe('logout and user updates', () => {
  it('logout calls the API, clears the session (keeping preferences) and goes to /login', async () => {
    const { actor, calls, store, spies } = await signedInHarness();
    expect(actor.getSnapshot().can({ type: 'LOGOUT' })).toBe(true);
    actor.send({ type: 'LOGOUT' });
    expect(state(actor)).toBe('signingOut');
    await flush();
    expect(calls.logout).toHaveBeenCalledTimes(1);
    expect(state(actor)).toBe('signedOut');
    expect(store.has('token')).toBe(false);
    expect(store.get('language')).toBe('kr');
    expect(spies.navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('logout still signs out when the API call fails', async () => {
    const { actor, store, spies } = await signedInHarness({ logout: { reject: { isAxiosError: true, message: 'Network Error' } } });
    actor.send({ type: 'LOGOUT' });
    await flush();
    expect(state(actor)).toBe('signedOut');
    expect(store.has('refreshToken')).toBe(false);
    expect(spies.navigate).toHaveBeenCalledWith('/login');
  });

  it('USER_UPDATED stores the user and updates the context', async () => {
    const { actor, store } = await signedInHarness();
    const updated = makeUserInfo({ language: 'kr' });
    actor.send({ type: 'USER_UPDATED', user: updated });
    expect(actor.getSnapshot().context.userInfo).toEqual(updated);
    expect(JSON.parse(store.get('userInfo') ?? 'null')).toEqual(updated);
  });

  it('never ends in an error status (every invoke has onError)', async () => {
    const { actor } = await signedInHarness({ refresh: { reject: new Error('weird') }, logout: { reject: 'x' } });
    actor.send({ type: 'HTTP_401' });
    await flush();
    expect(actor.getSnapshot().status).toBe('active');
  });
});
