import { Button, Colors } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { SidebarMenu } from './sidebar-menu';
import { SidebarResizeHandle } from './sidebar-resize-handle';
import { menuFor } from './menu-model';
import { readSidebarWidth, saveSidebarWidth, SIDEBAR_COLLAPSED_WIDTH } from './sidebar-width';
import { useUserInfo } from '../../shell/session/session-selectors';
import { frameClassName, useTheme } from '../../ui/theme/theme-store';
import { useT } from '../../i18n/use-t';
import { BREAKPOINTS } from '../../ui/layout/breakpoints';

/**
 * The vertical menu. Collapsed at start (specification section 1); expanded it can be resized, and
 * the chosen width is kept in `verticalNavMenuWidth`.
 */
export function Sidebar() {
  const t = useT();
  const theme = useTheme();
  const userInfo = useUserInfo();
  const entries = useMemo(() => menuFor(userInfo), [userInfo]);
  const [collapsed, setCollapsed] = useState(true);
  const [width, setWidth] = useState(readSidebarWidth);
  const darkFrame = theme !== 'light';
  // Below the md breakpoint an open menu covers most of the screen: close it once the user has chosen.
  const collapseOnSmallScreens = () => {
    if (window.innerWidth < BREAKPOINTS.md) setCollapsed(true);
  };

  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed}
      className={frameClassName(theme)}
      style={{
        display: 'flex',
        flexShrink: 0,
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : width,
        background: darkFrame ? Colors.DARK_GRAY3 : Colors.WHITE,
        transition: 'width 120ms ease',
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', padding: 8 }}>
          <Button
            variant="minimal"
            icon={collapsed ? 'menu-open' : 'menu-closed'}
            aria-label={t(collapsed ? 'shell.expand_menu' : 'shell.collapse_menu')}
            aria-expanded={!collapsed}
            data-testid="sidebar-toggle"
            onClick={() => setCollapsed((value) => !value)}
          />
        </div>
        <SidebarMenu entries={entries} collapsed={collapsed} onNavigate={collapseOnSmallScreens} />
      </div>
      {!collapsed && (
        <SidebarResizeHandle width={width} onResize={setWidth} onResizeEnd={saveSidebarWidth} />
      )}
    </aside>
  );
}
