import { useSelector } from '@xstate/react';
import { sessionActor } from './session-actor';
import type { SessionState } from '../../machines/session/session.machine';
import { selectImpersonatedBy, selectIsSwitching, selectSwitchError } from '../../machines/session/session.selectors';
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
  'switchingUser',
  'returningToAdmin',
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
  return phase === 'signedIn' || phase === 'renewing' || phase === 'refreshing' || phase === 'reloading' || phase === 'switchingUser' || phase === 'returningToAdmin';
}

/** The platform administrator working as this user (login-as), or null. */
export function useImpersonatedBy(): { id: number; name: string } | null {
  return useSelector(sessionActor, selectImpersonatedBy);
}

/** A login-as, or the way back from one, is under way. */
export function useIsSwitchingUser(): boolean {
  return useSelector(sessionActor, selectIsSwitching);
}

/** Why the last login-as failed, or null. */
export function useSwitchError(): ApiError | null {
  return useSelector(sessionActor, selectSwitchError);
}

/** Signs in as the user (the caller asked for the confirmation first, specification §5). */
export const loginAsUser = (userId: number) => sessionActor.send({ type: 'LOGIN_AS', userId });

/** "Back to my session". */
export const returnToAdmin = () => sessionActor.send({ type: 'RETURN_TO_ADMIN' });
