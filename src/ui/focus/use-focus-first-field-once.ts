import { useEffect, type RefObject } from 'react';
import { focusFirstField } from './focus-return';

/** How long a form may take to appear (its record loading) before nobody expects focus to move. */
const WAIT_MS = 5000;

/** Whether the user is typing somewhere else already: moving focus then would steal their keystrokes. */
function typingElsewhere(container: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || container.contains(active)) return false;
  return active.matches('input, textarea, select, [contenteditable="true"]');
}

/**
 * A pop-up whose work is a form starts in its first field, as the lists' add/edit dialogs do (QA: the
 * add-member and add-user pop-ups started on the page, so the first keystrokes went nowhere). The form
 * may appear later (an edit pop-up loads its record first): the first field is focused when it shows.
 */
export function useFocusFirstFieldOnce(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const tryFocus = () => !typingElsewhere(container) && focusFirstField(container);
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [ref]);
}
