import { Classes } from '@blueprintjs/core';

/**
 * Where keyboard focus goes when a dialog closes. Blueprint returns focus to the element that was
 * focused when the dialog opened, but that element is often gone by then: the row of a deleted record,
 * a row the list re-rendered, or (for pop-ups shown as dialogs) the dialog is unmounted without an exit
 * transition, so Blueprint never gets the chance. Focus then lands on <body> and the next Tab starts at
 * the top of the page.
 *
 * A list marks its root with `data-focus-scope` and the elements that may take focus in its place with
 * `data-focus-fallback="<rank>"` (lowest rank first, e.g. its table, then its search box).
 */
export const FOCUS_SCOPE_ATTR = 'data-focus-scope';
export const FOCUS_FALLBACK_ATTR = 'data-focus-fallback';

/** Fields a form dialog may start in: the first one that takes typing or a choice. */
const FIELD_SELECTOR = [
  'input:not([type=hidden]):not([disabled]):not([readonly])',
  'select:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  '[contenteditable=true]',
].join(',');

function usable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.matches(':disabled') && !element.closest('[inert], [hidden]');
}

/** Focuses an element that is not focusable by itself (a table) without adding it to the Tab order. */
function focusProgrammatically(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus();
}

function fallbackIn(scope: HTMLElement | null): HTMLElement | null {
  if (!scope?.isConnected) return null;
  const ranked = [scope, ...scope.querySelectorAll<HTMLElement>(`[${FOCUS_FALLBACK_ATTR}]`)]
    .filter((element) => element.hasAttribute(FOCUS_FALLBACK_ATTR) && usable(element))
    .sort((a, b) => Number(a.getAttribute(FOCUS_FALLBACK_ATTR)) - Number(b.getAttribute(FOCUS_FALLBACK_ATTR)));
  return ranked[0] ?? null;
}

const FOCUS_TRAPS = `.${Classes.OVERLAY_START_FOCUS_TRAP}, .${Classes.OVERLAY_END_FOCUS_TRAP}`;

/**
 * Focus has nowhere sensible: on <body>, nowhere, still inside the dialog that is closing, or on the
 * focus trap Blueprint parks it on when a dialog stacked on another closes.
 */
function focusLost(closing: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.matches(FOCUS_TRAPS) || (closing?.contains(active) ?? false);
}

/**
 * Remembers the focused element (the control opening a dialog) and returns the function that puts focus
 * back when the dialog has closed: on that control if it is still there, else on the control with the
 * same test id in its list (the row was re-rendered), else on the list's fallback. Does nothing when
 * the user has already put focus somewhere else.
 */
export function captureFocus(): (closing?: Element | null) => void {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  const testId = opener?.getAttribute('data-testid');
  const scope = opener?.closest<HTMLElement>(`[${FOCUS_SCOPE_ATTR}]`) ?? null;
  return (closing = null) => {
    if (!focusLost(closing)) return;
    const twin = testId && scope?.isConnected ? [...scope.querySelectorAll('[data-testid]')].find((e) => e.getAttribute('data-testid') === testId) : null;
    const target = [opener, twin].find(usable) ?? fallbackIn(scope);
    if (target) focusProgrammatically(target);
  };
}

/** Focuses the first enabled field inside `container`; false when it has none. */
export function focusFirstField(container: ParentNode): boolean {
  const field = [...container.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].find(usable);
  field?.focus();
  return field !== undefined;
}
