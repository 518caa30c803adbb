import type { SessionSnapshot, SessionState } from './session.machine';

/**
 * Primitive or stable-reference selectors for `useSelector(sessionActor, ...)`: each returns a value that
 * only changes when the session does, so components do not re-render on unrelated snapshots.
 */

export const selectUserInfo = (snapshot: SessionSnapshot) => snapshot.context.userInfo;

export const selectLoginError = (snapshot: SessionSnapshot) => snapshot.context.loginError;

/** The top-level state name. */
export const selectSessionState = (snapshot: SessionSnapshot) => snapshot.value as SessionState;

/**
 * Signed in for routing purposes: a page that is renewing or refreshing its token or about to reload still belongs
 * to a signed-in user, so route guards must not bounce it to /login in the meantime.
 */
export const selectIsSignedIn = (snapshot: SessionSnapshot) =>
  snapshot.context.userInfo !== null &&
  (snapshot.matches('signedIn') ||
    snapshot.matches('renewing') ||
    snapshot.matches('refreshing') ||
    snapshot.matches('reloading') ||
    snapshot.matches('switchingUser') ||
    snapshot.matches('returningToAdmin'));

/** A request is under way (sign-in form spinner, disabled buttons). */
export const selectIsBusy = (snapshot: SessionSnapshot) =>
  snapshot.matches('booting') || snapshot.matches('signingIn') || snapshot.matches('signingOut') || snapshot.matches('switchingUser') || snapshot.matches('returningToAdmin');

/** The platform administrator working as this user (login-as), or null. */
export const selectImpersonatedBy = (snapshot: SessionSnapshot) => snapshot.context.userInfo?.impersonated_by ?? null;

/** A login-as or a way back is under way. */
export const selectIsSwitching = (snapshot: SessionSnapshot) => snapshot.matches('switchingUser') || snapshot.matches('returningToAdmin');

/** Why the last login-as failed. */
export const selectSwitchError = (snapshot: SessionSnapshot) => snapshot.context.switchError;
