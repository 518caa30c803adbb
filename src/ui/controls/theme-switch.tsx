import { HTMLSelect } from '@blueprintjs/core';
import { setTheme, THEMES, useTheme, type Theme } from '../theme/theme-store';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

const THEME_LABELS: Record<Theme, MessageId> = {
  light: 'theme.light',
  dark: 'theme.dark',
  'semi-dark': 'theme.semi_dark',
};

/** Light / dark / semi-dark; a native select so it works with the keyboard and screen readers as is. */
export function ThemeSwitch() {
  const t = useT();
  const theme = useTheme();
  return (
    <HTMLSelect
      data-testid="theme-switch"
      aria-label={t('theme.switch_label')}
      value={theme}
      minimal
      onChange={(event) => setTheme(event.currentTarget.value as Theme)}
      options={THEMES.map((value) => ({ value, label: t(THEME_LABELS[value]) }))}
    />
  );
}
