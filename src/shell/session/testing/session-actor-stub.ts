import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type RefreshInput } from '../../../machines/session/session.machine';
import type { LoginCredentials } from '../../../machines/session/login-credentials';
import type { LoginResponse, UserInfo } from '../../../api/contracts/session.contract';
import { clearSession, setRefreshToken, setToken, setUserInfo } from '../../../api/storage';
import { makeLoginResponse, makeUserInfo } from '../../../api/testing/make-user-info';

/**
 * Test stand-in for src/shell/session/session-actor.ts: the real session machine with the network replaced, so
 * component tests drive real states through real events. Use it with
 * `vi.mock('<path>/shell/session/session-actor', () => import('<path>/shell/session/testing/session-actor-stub'))`.
 */

type LoginAnswer = LoginResponse | { error: unknown } | Promise<LoginResponse>;
let nextLogin: LoginAnswer = makeLoginResponse();
let navigateFn: ((to: string) => void) | null = null;
let nextLoginAs: LoginResponse | { error: unknown } = makeLoginResponse();
let nextReturnToAdmin: LoginResponse = makeLoginResponse();
/** The user ids of every LOGIN_AS the stub answered. */
export const loginAsCalls: number[] = [];
export const returnToAdminCalls = { count: 0 };

/** The answers of the next login-as (`{ error }` to fail) and of the next "Back to my session". */
export function answerLoginAs(answer: LoginResponse | { error: unknown }, back: LoginResponse = makeLoginResponse()): void {
  nextLoginAs = answer;
  nextReturnToAdmin = back;
}

const machine = sessionMachine.provide({
  actors: {
    login: fromPromise<LoginResponse, LoginCredentials>(async () => {
      const answer = nextLogin;
      if (answer instanceof Promise) return answer;
      if ('error' in answer) throw answer.error;
      return answer;
    }),
    refresh: fromPromise<LoginResponse, RefreshInput>(async () => {
      throw { isAxiosError: true, message: 'no refresh in tests', response: { status: 401, data: {} } };
    }),
    logout: fromPromise(async () => {}),
    loginAs: fromPromise<LoginResponse, { userId: number }>(async ({ input }) => {
      loginAsCalls.push(input.userId);
      if ('error' in nextLoginAs) throw nextLoginAs.error;
      return nextLoginAs;
    }),
    returnToAdmin: fromPromise<LoginResponse, void>(async () => {
      returnToAdminCalls.count += 1;
      return nextReturnToAdmin;
    }),
  },
  actions: {
    navigate: (_, params: { to: string }) => navigateFn?.(params.to),
    storeTokens: (_, params: { accessToken: string; refreshToken: string }) => {
      setToken(params.accessToken);
      setRefreshToken(params.refreshToken);
    },
    storeUserInfo: (_, params: { userInfo: UserInfo }) => setUserInfo(params.userInfo),
    clearSession: () => clearSession(),
  },
});

export const sessionActor = createActor(machine, { input: { search: '', storedUserInfo: null } });
sessionActor.start();

export function setNavigate(fn: ((to: string) => void) | null): void {
  navigateFn = fn;
}

/** The answer of the next LOGIN: a login response, `{ error }` to fail with that error, or a promise to hold it. */
export function answerNextLogin(answer: LoginAnswer): void {
  nextLogin = answer;
}

const settled = () =>
  new Promise<void>((resolve) => {
    const check = () => {
      const s = sessionActor.getSnapshot();
      if (s.matches('signedIn') || s.matches('signedOut')) {
        subscription.unsubscribe();
        resolve();
      }
    };
    const subscription = sessionActor.subscribe(check);
    queueMicrotask(check);
  });

export async function signInAs(user: UserInfo = makeUserInfo()): Promise<void> {
  answerNextLogin(makeLoginResponse(user));
  if (sessionActor.getSnapshot().matches('signedIn')) await signOut();
  sessionActor.send({ type: 'LOGIN', method: 'password', username: user.user.username, password: 'secret' });
  await settled();
}

export async function signOut(): Promise<void> {
  if (!sessionActor.getSnapshot().matches('signedIn')) return;
  sessionActor.send({ type: 'LOGOUT' });
  await settled();
}
