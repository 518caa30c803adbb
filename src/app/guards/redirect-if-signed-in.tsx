import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasSession, useSessionPhase, useUserInfo } from '../../shell/session/session-selectors';
import { homeForSignedIn, redirectAfterLogin } from '../../machines/session/landing-paths';

/**
 * /login for someone who already has a session goes home: the admin dashboard for an admin, otherwise the
 * dashboard (specification section 2). A user who signs in on this very page goes where the session
 * machine sends them (redirectAfterLogin); rendering the same target here only makes sure of it.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  const userInfo = useUserInfo();
  const [signedInOnArrival] = useState(() => hasSession(phase));
  if (!hasSession(phase) || !userInfo) return children;
  const target = signedInOnArrival ? homeForSignedIn(userInfo) : redirectAfterLogin(userInfo);
  return <Navigate to={target} replace />;
}
