import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * After a refused save, the first field with a message takes the focus and comes into view: in a long
 * form (a consultation with custom fields) the messages were below the fold and the save looked like it
 * did nothing (QA). A message that belongs to no field (a callout) is scrolled to instead.
 *
 * The request is state, so the focus moves in the effect of the render that draws the messages. A timer
 * could run before React had drawn them on a busy machine, and then found nothing to focus.
 */
export function useFocusFirstProblem(formRef: RefObject<HTMLElement | null>): () => void {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.getAttribute('aria-invalid') === 'true') target.focus();
    target.scrollIntoView?.({ block: 'center' });
  }, [requests, formRef]);
  return useCallback(() => setRequests((count) => count + 1), []);
}
