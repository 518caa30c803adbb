import { Button, Menu, MenuItem, Tooltip, Position } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isActivePath, type MenuEntry } from './menu-model';
import { useT } from '../../i18n/use-t';

export interface SidebarMenuProps {
  entries: readonly MenuEntry[];
  collapsed: boolean;
}

/** Real links (href) so middle-click and "open in new tab" work; a plain click navigates in the page. */
function useLinkHandler() {
  const navigate = useNavigate();
  return (path: string) => (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  };
}

/** Entries as rows: a section's children follow it, indented, while the section is the active one. */
function visibleRows(entries: readonly MenuEntry[], pathname: string, depth = 0): { entry: MenuEntry; depth: number }[] {
  return entries.flatMap((entry) => [
    { entry, depth },
    ...(isActivePath(entry.path, pathname) ? visibleRows(entry.children, pathname, depth + 1) : []),
  ]);
}

function ExpandedEntries({ entries }: { entries: readonly MenuEntry[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const onLink = useLinkHandler();
  return visibleRows(entries, pathname).map(({ entry, depth }) => (
    <MenuItem
      key={entry.path}
      href={entry.path}
      icon={entry.icon}
      text={t(entry.labelId)}
      active={isActivePath(entry.path, pathname) && !entry.children.some((c) => isActivePath(c.path, pathname))}
      onClick={onLink(entry.path)}
      style={{ paddingLeft: 8 + depth * 20 }}
      aria-current={pathname === entry.path ? 'page' : undefined}
    />
  ));
}

function CollapsedEntries({ entries }: { entries: readonly MenuEntry[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const onLink = useLinkHandler();
  return entries.map((entry) => (
    <li key={entry.path} style={{ listStyle: 'none', display: 'flex', justifyContent: 'center' }}>
      <Tooltip content={t(entry.labelId)} position={Position.RIGHT}>
        <Button
          variant="minimal"
          icon={entry.icon}
          aria-label={t(entry.labelId)}
          active={isActivePath(entry.path, pathname)}
          onClick={onLink(entry.path)}
        />
      </Tooltip>
    </li>
  ));
}

/** The menu entries: labelled items (children under the active section) or, collapsed, icons with tooltips. */
export function SidebarMenu({ entries, collapsed }: SidebarMenuProps) {
  const t = useT();
  return (
    <nav aria-label={t('shell.main_menu')} style={{ flex: 1, overflowY: 'auto' }}>
      {collapsed ? (
        <ul style={{ padding: '8px 0', margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
          <CollapsedEntries entries={entries} />
        </ul>
      ) : (
        <Menu style={{ background: 'transparent' }}>
          <ExpandedEntries entries={entries} />
        </Menu>
      )}
    </nav>
  );
}
