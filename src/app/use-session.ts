import { useSelector } from '@xstate/react';
import { sessionActor, type SessionSnapshot } from './session-actor';
import { selectIsSignedIn, selectUserInfo } from '../machines/session/session.selectors';

/**
 * The whole session snapshot: `const session = useSession()`, then `session.matches('signingIn')`,
 * `session.can({ type: 'LOGOUT' })`, `session.context.loginError`. Re-renders on every session change,
 * which is rare; use useSessionSelector with a primitive selector in hot components.
 */
export function useSession(): SessionSnapshot {
  return useSelector(sessionActor, (snapshot) => snapshot);
}

export function useSessionSelector<T>(
  selector: (snapshot: SessionSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(sessionActor, selector, compare);
}

export const useUserInfo = () => useSelector(sessionActor, selectUserInfo);
export const useIsSignedIn = () => useSelector(sessionActor, selectIsSignedIn);
