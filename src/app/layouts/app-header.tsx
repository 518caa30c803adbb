import { Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { UserMenu } from './user-menu';
import { LanguageSwitch } from '../../ui/controls/language-switch';
import { ThemeSwitch } from '../../ui/controls/theme-switch';
import { frameClassName, useTheme } from '../../ui/theme/theme-store';
import { useT } from '../../i18n/use-t';
import { CtiBar } from '../../features/telephony/cti-bar';
import { ShortcutHelp } from '../../features/telephony/shortcut-help';
import { AnnouncementAlerts } from '../../features/announcements/announcement-alerts';
import { AnnouncementBell, CompanySlogan } from '../../features/announcements/header-parts';

/**
 * The top bar: product name and the company's slogan, the announcements bell, language and theme
 * switches, the user menu; below it the CTI bar. New announcements are announced from here (toast,
 * desktop notification), on whatever screen the user is.
 */
export function AppHeader() {
  const t = useT();
  const theme = useTheme();
  return (
    <>
      <Navbar className={frameClassName(theme)} data-testid="app-header">
        <NavbarGroup>
          <NavbarHeading>{t('app.name')}</NavbarHeading>
          <CompanySlogan />
        </NavbarGroup>
        <NavbarGroup align="end" style={{ gap: 8 }}>
          <AnnouncementBell />
          <LanguageSwitch />
          <ThemeSwitch />
          <UserMenu />
        </NavbarGroup>
      </Navbar>
      <CtiBar />
      <ShortcutHelp />
      <AnnouncementAlerts />
    </>
  );
}
