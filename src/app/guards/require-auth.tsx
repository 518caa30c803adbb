import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { hasSession, useSessionPhase } from '../../shell/session/session-selectors';
import { LOGIN_PATH } from '../../machines/session/landing-paths';
import { LoadingState } from '../../ui/feedback/loading-state';

/**
 * Everything but /login, /404 and /public/* needs a session (specification section 2). While the session
 * boots, signs in from an `?apiKey=`/`?agentApiKey=` URL or signs out, show a spinner rather than bounce
 * to /login: the session machine navigates itself when it is done.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  if (hasSession(phase)) return children;
  if (phase === 'signedOut') return <Navigate to={LOGIN_PATH} replace />;
  return <LoadingState />;
}
