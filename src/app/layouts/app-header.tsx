import { Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { UserMenu } from './user-menu';
import { LanguageSwitch } from '../../ui/controls/language-switch';
import { ThemeSwitch } from '../../ui/controls/theme-switch';
import { frameClassName, useTheme } from '../../ui/theme/theme-store';
import { useT } from '../../i18n/use-t';
import { CtiBar } from '../../features/telephony/cti-bar';
import { ShortcutHelp } from '../../features/telephony/shortcut-help';

/** The top bar: product name, language and theme switches, the user menu; below it the CTI bar. */
export function AppHeader() {
  const t = useT();
  const theme = useTheme();
  return (
    <>
      <Navbar className={frameClassName(theme)} data-testid="app-header">
        <NavbarGroup>
          <NavbarHeading>{t('app.name')}</NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="end" style={{ gap: 8 }}>
          <LanguageSwitch />
          <ThemeSwitch />
          <UserMenu />
        </NavbarGroup>
      </Navbar>
      <CtiBar />
      <ShortcutHelp />
    </>
  );
}
