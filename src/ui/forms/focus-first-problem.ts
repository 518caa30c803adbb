/**
 * After a refused save, the first field with a message takes the focus and comes into view: in a long
 * form (a consultation with custom fields) the messages were below the fold and the save looked like it
 * did nothing (QA). A message that belongs to no field (a callout) is scrolled to instead. Runs after
 * React has drawn the messages.
 */
export function focusFirstProblem(form: HTMLElement | null): void {
  setTimeout(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.getAttribute('aria-invalid') === 'true') target.focus();
    target.scrollIntoView?.({ block: 'center' });
  }, 0);
}
