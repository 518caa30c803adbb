import { useEffect } from 'react';
import { applyThemeToBody, useTheme } from './theme-store';

/** Mount once at the root: applies the stored theme to <body> at start and on every change. */
export function ThemeBody() {
  const theme = useTheme();
  useEffect(() => applyThemeToBody(theme), [theme]);
  return null;
}
