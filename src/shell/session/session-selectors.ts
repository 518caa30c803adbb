import { useSelector } from '@xstate/react';
import { sessionActor } from './session-actor';
import type { SessionState } from '../../machines/session/session.machine';
import type { UserInfo } from '../../api/contracts/session.contract';
import type { ApiError } from '../../api/errors';

/** The session as the screens need it; primitive selectors, so a screen re-renders only on real changes. */

const PHASES: readonly SessionState[] = [
  'booting',
  'signedOut',
  'signingIn',
  'signedIn',
  'renewing',
  'refreshing',
  'reloading',
  'signingOut',
];

export function useSessionPhase(): SessionState {
  return useSelector(sessionActor, (snapshot) => PHASES.find((phase) => snapshot.matches(phase)) ?? 'booting');
}

export function useUserInfo(): UserInfo | null {
  return useSelector(sessionActor, (snapshot) => snapshot.context.userInfo);
}

export function useLoginError(): ApiError | null {
  return useSelector(sessionActor, (snapshot) => snapshot.context.loginError);
}

/** States in which the user holds a session (a renewal, a refresh or the reload after it keeps the screen). */
export function hasSession(phase: SessionState): boolean {
  return phase === 'signedIn' || phase === 'renewing' || phase === 'refreshing' || phase === 'reloading';
}
