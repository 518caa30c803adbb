import { Classes, Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { Outlet } from 'react-router-dom';
import { DocumentTitle } from './document-title';
import { LanguageSwitch } from '../../ui/controls/language-switch';
import { ThemeSwitch } from '../../ui/controls/theme-switch';
import { frameClassName, useTheme } from '../../ui/theme/theme-store';
import { useT } from '../../i18n/use-t';

/** Pages without the shell (login, not found, public pages): the product name and the two switches. */
export function BareLayout() {
  const t = useT();
  const theme = useTheme();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <DocumentTitle />
      <Navbar className={frameClassName(theme)}>
        <NavbarGroup>
          <NavbarHeading className={Classes.TEXT_LARGE}>{t('app.name')}</NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="end" style={{ gap: 8 }}>
          <LanguageSwitch />
          <ThemeSwitch />
        </NavbarGroup>
      </Navbar>
      <main style={{ flex: 1 }}>
        <Outlet />
      </main>
    </div>
  );
}
