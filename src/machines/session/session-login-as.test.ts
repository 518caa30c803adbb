import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RETURN_TO_ADMIN_PATH, sessionMachine } from './session.machine';
import { selectImpersonatedBy, selectIsSignedIn, selectSwitchError } from './session.selectors';
import type { LoginResponse, UserInfo } from '../../api/contracts/session.contract';
import { makeLoginResponse, makeUserInfo } from '../../api/testing/make-user-info';

/**
 * Login-as and "Back to my session" (docs/administration.md): the administrator's session is kept aside
 * only once the user's session is there, the page loads afresh as the user, and the way back ends the
 * user's login and restores the administrator's. Side effects are spies over an in-memory storage.
 */

const admin = makeUserInfo({ username: 'admin', role: 'admin', company: null, companyPermissions: [], permissions: [], extension: null });
const agentAsAdmin = makeUserInfo({ username: 'agent1', impersonated_by: { id: 1, name: 'Administrator' } });

type Answer = LoginResponse | { reject: unknown };
const settle = (answer: Answer) => ('reject' in answer ? Promise.reject(answer.reject) : Promise.resolve(answer));

function harness(options: { user?: UserInfo; loginAs?: Answer; returnToAdmin?: Answer } = {}) {
  const store = new Map<string, string>([
    ['token', 'admin-access'],
    ['refreshToken', 'admin-refresh'],
    ['userInfo', JSON.stringify(options.user ?? admin)],
  ]);
  const calls = { loginAs: vi.fn<(userId: number) => void>(), returnToAdmin: vi.fn<() => void>() };
  const spies = { navigate: vi.fn<(to: string) => void>(), reloadPage: vi.fn<() => void>() };
  const machine = sessionMachine.provide({
    actors: {
      loginAs: fromPromise<LoginResponse, { userId: number }>(async ({ input }) => {
        calls.loginAs(input.userId);
        return settle(options.loginAs ?? makeLoginResponse(agentAsAdmin, 'agent'));
      }),
      returnToAdmin: fromPromise<LoginResponse, void>(async () => {
        calls.returnToAdmin();
        return settle(options.returnToAdmin ?? makeLoginResponse(admin, 'admin2'));
      }),
      logout: fromPromise<void, void>(async () => undefined),
    },
    actions: {
      navigate: (_, { to }) => spies.navigate(to),
      reloadPage: () => spies.reloadPage(),
      storeTokens: (_, { accessToken, refreshToken }) => {
        store.set('token', accessToken);
        store.set('refreshToken', refreshToken);
      },
      storeUserInfo: (_, { userInfo }) => store.set('userInfo', JSON.stringify(userInfo)),
      storeIdentity: (_, { userInfo }) => store.set('identity', userInfo.user.username),
      stashSession: () =>
        store.set('impersonatorSession', JSON.stringify({ token: store.get('token'), refreshToken: store.get('refreshToken'), userInfo: JSON.parse(store.get('userInfo')!) })),
      dropStash: () => store.delete('impersonatorSession'),
      clearSession: () => {
        for (const key of ['token', 'refreshToken', 'userInfo', 'identity', 'impersonatorSession']) store.delete(key);
      },
    },
  });
  const actor = createActor(machine, { input: { search: '', storedUserInfo: options.user ?? admin } });
  return { actor, store, calls, spies };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LOGIN_AS', () => {
  it('keeps the administrator’s session aside, takes the user’s, and loads the user’s landing page afresh', async () => {
    const { actor, store, calls, spies } = harness();
    actor.start();
    expect(actor.getSnapshot().can({ type: 'LOGIN_AS', userId: 4 })).toBe(true);
    actor.send({ type: 'LOGIN_AS', userId: 4 });
    expect(actor.getSnapshot().value).toBe('switchingUser');
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    // Nothing is touched before the user's session is there.
    expect(store.has('impersonatorSession')).toBe(false);
    await flush();

    expect(calls.loginAs).toHaveBeenCalledWith(4);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(JSON.parse(store.get('impersonatorSession')!)).toMatchObject({ token: 'admin-access', refreshToken: 'admin-refresh', userInfo: { role: 'admin' } });
    expect(store.get('token')).toBe('access-agent');
    expect(store.get('refreshToken')).toBe('refresh-agent');
    expect(JSON.parse(store.get('userInfo')!).user.username).toBe('agent1');
    expect(selectImpersonatedBy(actor.getSnapshot())).toEqual({ id: 1, name: 'Administrator' });
    expect(spies.navigate).toHaveBeenCalledWith('/dashboard');
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('a refused login-as leaves the administrator signed in, says why, and keeps nothing aside', async () => {
    const { actor, store, spies } = harness({ loginAs: { reject: { response: { status: 422, data: { message: 'inactive', errors: { user_id: ['inactive'] } } } } } });
    actor.start();
    actor.send({ type: 'LOGIN_AS', userId: 9 });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(selectSwitchError(actor.getSnapshot())).not.toBeNull();
    expect(store.get('token')).toBe('admin-access');
    expect(store.has('impersonatorSession')).toBe(false);
    expect(spies.reloadPage).not.toHaveBeenCalled();
    // The next attempt starts without the old error.
    actor.send({ type: 'LOGIN_AS', userId: 9 });
    expect(selectSwitchError(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it('is for the administrator in their own session only', () => {
    const agent = harness({ user: makeUserInfo() });
    agent.actor.start();
    expect(agent.actor.getSnapshot().can({ type: 'LOGIN_AS', userId: 4 })).toBe(false);
    agent.actor.send({ type: 'LOGIN_AS', userId: 4 });
    expect(agent.calls.loginAs).not.toHaveBeenCalled();
    agent.actor.stop();

    const nested = harness({ user: makeUserInfo({ role: 'admin', impersonated_by: { id: 1, name: 'x' } }) });
    nested.actor.start();
    expect(nested.actor.getSnapshot().can({ type: 'LOGIN_AS', userId: 4 })).toBe(false);
    nested.actor.stop();
  });

  it('a 401 while switching is swallowed (no refresh of the administrator’s token mid-switch)', async () => {
    const { actor } = harness();
    actor.start();
    actor.send({ type: 'LOGIN_AS', userId: 4 });
    actor.send({ type: 'HTTP_401', failedToken: 'admin-access' });
    expect(actor.getSnapshot().value).toBe('switchingUser');
    await flush();
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.stop();
  });
});

describe('RETURN_TO_ADMIN', () => {
  it('is offered only while working as someone else', () => {
    const { actor } = harness();
    actor.start();
    expect(actor.getSnapshot().can({ type: 'RETURN_TO_ADMIN' })).toBe(false);
    actor.stop();
  });

  it('ends the user’s login, restores the administrator’s session and goes back to the managers', async () => {
    const { actor, store, calls, spies } = harness();
    actor.start();
    actor.send({ type: 'LOGIN_AS', userId: 4 });
    await flush();
    spies.navigate.mockClear();
    spies.reloadPage.mockClear();

    expect(actor.getSnapshot().can({ type: 'RETURN_TO_ADMIN' })).toBe(true);
    actor.send({ type: 'RETURN_TO_ADMIN' });
    expect(actor.getSnapshot().value).toBe('returningToAdmin');
    await flush();
    expect(calls.returnToAdmin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(store.get('token')).toBe('access-admin2');
    expect(JSON.parse(store.get('userInfo')!).role).toBe('admin');
    expect(store.has('impersonatorSession')).toBe(false);
    expect(selectImpersonatedBy(actor.getSnapshot())).toBeNull();
    expect(spies.navigate).toHaveBeenCalledWith(RETURN_TO_ADMIN_PATH);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('signs out when the administrator’s own session is gone too', async () => {
    const { actor, store } = harness({ user: agentAsAdmin, returnToAdmin: { reject: { response: { status: 401, data: {} } } } });
    actor.start();
    actor.send({ type: 'RETURN_TO_ADMIN' });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(store.has('token')).toBe(false);
    expect(store.has('impersonatorSession')).toBe(false);
    actor.stop();
  });
});
