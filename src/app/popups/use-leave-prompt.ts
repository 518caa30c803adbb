import { useEffect, useRef } from 'react';
import { getToken } from '../../api/storage';

/**
 * While `active()` says so, leaving the page (closing a pop-up window, a reload) asks the browser's
 * "leave site?" first. The browser writes the question itself; pages cannot word it. `active` is asked
 * when the page is being left, so a form that saved and closed its window in the same turn is not
 * asked about.
 */
export function useLeavePrompt(active: () => boolean): void {
  const activeRef = useRef(active);
  activeRef.current = active;
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!activeRef.current()) return;
      // Signed out in another window: the pop-up closes itself (session-actor) and must not ask to stay
      // open on customer data.
      if (!getToken()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
