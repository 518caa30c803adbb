import { useSyncExternalStore } from 'react';
import { Classes, Colors } from '@blueprintjs/core';
import { getTheme, setTheme as persistTheme, type Theme } from '../../api/storage';
import { STORAGE_KEYS } from '../../api/storage-keys';

/**
 * The colour theme (specification section 1): light (default), dark, or semi-dark (dark sidebar and
 * header around light content). Persisted in localStorage `theme` and shared with pop-up windows.
 */

export type { Theme };
export const THEMES: readonly Theme[] = ['light', 'dark', 'semi-dark'];
export const DEFAULT_THEME: Theme = 'light';

const listeners = new Set<() => void>();

export function readTheme(): Theme {
  return getTheme() ?? DEFAULT_THEME;
}

export function setTheme(theme: Theme): void {
  persistTheme(theme);
  applyThemeToBody(theme);
  listeners.forEach((notify) => notify());
}

/**
 * Dark goes on <body> (not a wrapper) because Blueprint portals (dialogs, popovers, toasts) render
 * there and must inherit it; the body background matters for overscroll and short pages.
 */
export function applyThemeToBody(theme: Theme): void {
  const dark = theme === 'dark';
  document.body.classList.toggle(Classes.DARK, dark);
  document.body.style.backgroundColor = dark ? Colors.DARK_GRAY2 : Colors.LIGHT_GRAY5;
}

/** Semi-dark darkens only the frame (sidebar, header); dark darkens everything through <body>. */
export function frameClassName(theme: Theme): string | undefined {
  return theme === 'semi-dark' ? Classes.DARK : undefined;
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme) return;
    applyThemeToBody(readTheme());
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, () => DEFAULT_THEME);
}
