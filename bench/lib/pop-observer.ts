/**
 * Runs in every document of the browser context (addInitScript), before the app's own scripts. It
 * watches the DOM for the inbound pop-up's member name and reports, in epoch ms of the page's clock
 * (performance.timeOrigin + performance.now()):
 *   - `dom`: the MutationObserver callback in which the name element is first present, laid out
 *     (checkVisibility: not display:none, not visibility:hidden, not content-visibility hidden) and
 *     carrying the expected name;
 *   - `frame`: the next requestAnimationFrame callback, i.e. the frame that paints it has begun.
 * It re-arms when the name and the pop-up are gone again (pop-up closed), and reports that too, so each call's
 * appearance is measured once. Must be self-contained: it is serialised into the page.
 */
export interface PopObserverOptions {
  /** The member name element. */
  selector: string;
  expectedText: string;
  /** The pop-up's own element, reported when it first appears (before the member lookup answers). */
  shellSelector: string;
}

export interface PopSeen {
  dom: number;
  frame: number;
  /** When the pop-up shell appeared in this cycle (epoch ms of the page), null if not seen first. */
  shell: number | null;
  text: string;
}

type BenchWindow = Window & {
  __benchPopSeen?: (seen: PopSeen) => void;
  __benchPopGone?: (at: number) => void;
  __benchPopArmed?: boolean;
  /** Set by the harness before each call when callers differ; overrides options.expectedText. */
  __benchPopExpected?: string;
};

export function installPopObserver(options: PopObserverOptions): void {
  const w = window as BenchWindow;
  const now = () => performance.timeOrigin + performance.now();
  w.__benchPopArmed = true;
  let shell: number | null = null;
  const visibleName = (): Element | null => {
    const expected = w.__benchPopExpected ?? options.expectedText;
    for (const element of Array.from(document.querySelectorAll(options.selector))) {
      const text = element.textContent ?? '';
      if (!text.includes(expected)) continue;
      const visible =
        typeof element.checkVisibility === 'function'
          ? element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })
          : element.getClientRects().length > 0;
      if (visible) return element;
    }
    return null;
  };
  const check = () => {
    if (w.__benchPopArmed && shell === null && document.querySelector(options.shellSelector)) shell = now();
    const element = visibleName();
    if (element && w.__benchPopArmed) {
      w.__benchPopArmed = false;
      const dom = now();
      const text = element.textContent ?? '';
      const shellAt = shell;
      requestAnimationFrame(() => w.__benchPopSeen?.({ dom, frame: now(), shell: shellAt, text }));
    } else if (!element && !w.__benchPopArmed && !document.querySelector(options.shellSelector)) {
      // Gone: no name and no pop-up any more (a pop-up reused for the next caller shows another name).
      w.__benchPopArmed = true;
      shell = null;
      w.__benchPopGone?.(now());
    }
  };
  // The document itself: init scripts may run before <html> exists.
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * The observer as an init-script source. tsx (esbuild, keepNames) wraps inner functions in `__name(…)`,
 * which does not exist in the page; the shim makes the serialised function runnable there.
 */
export function popObserverScript(options: PopObserverOptions): string {
  return `(() => { const __name = (fn) => fn; (${installPopObserver.toString()})(${JSON.stringify(options)}); })();`;
}
