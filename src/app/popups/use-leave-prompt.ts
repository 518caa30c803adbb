import { useEffect } from 'react';
import { getToken } from '../../api/storage';

/**
 * While `active`, leaving the page (closing a pop-up window, a reload) asks the browser's "leave
 * site?" first. The browser writes the question itself; pages cannot word it.
 */
export function useLeavePrompt(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // Signed out in another window: the pop-up closes itself (session-actor) and must not ask to stay
      // open on customer data.
      if (!getToken()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
