import { useLayoutEffect, type RefObject } from 'react';

/**
 * Publishes where an element at the top of the page ends, as a CSS length on the document (`--<name>`,
 * e.g. `--cti-bar-bottom: 116px`), kept up to date as it grows or shrinks (the CTI bar gains a row per
 * call) and as the window resizes. What must not cover it reads the variable: the in-page pop-ups start
 * below the CTI bar (popup-dialog.css), so the call's state and controls stay in sight. Removed when the
 * element goes.
 */
export function usePublishBottom(ref: RefObject<HTMLElement | null>, name: string): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(`--${name}`, `${Math.max(0, Math.round(element.getBoundingClientRect().bottom))}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(`--${name}`);
    };
  }, [ref, name]);
}
