import { AnchorButton, Menu, MenuItem, Tooltip, Position } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isActivePath, type MenuEntry } from './menu-model';
import { useT } from '../../i18n/use-t';

export interface SidebarMenuProps {
  entries: readonly MenuEntry[];
  collapsed: boolean;
  /** Called after an entry was followed. */
  onNavigate?: () => void;
}

/** Real links (href) so middle-click and "open in new tab" work; a plain click navigates in the page. */
function useLinkHandler(onNavigate?: () => void) {
  const navigate = useNavigate();
  return (path: string) => (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
    onNavigate?.();
  };
}

interface EntriesProps {
  entries: readonly MenuEntry[];
  onNavigate?: () => void;
}

/** Entries as rows: a section's children follow it, indented, while the section is the active one. */
function visibleRows(entries: readonly MenuEntry[], pathname: string, depth = 0): { entry: MenuEntry; depth: number }[] {
  return entries.flatMap((entry) => [
    { entry, depth },
    ...(isActivePath(entry.path, pathname) ? visibleRows(entry.children, pathname, depth + 1) : []),
  ]);
}

function ExpandedEntries({ entries, onNavigate }: EntriesProps) {
  const t = useT();
  const { pathname } = useLocation();
  const onLink = useLinkHandler(onNavigate);
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

function CollapsedEntries({ entries, onNavigate }: EntriesProps) {
  const t = useT();
  const { pathname } = useLocation();
  const onLink = useLinkHandler(onNavigate);
  return entries.map((entry) => (
    <li key={entry.path} style={{ listStyle: 'none', display: 'flex', justifyContent: 'center' }}>
      <Tooltip content={t(entry.labelId)} position={Position.RIGHT}>
        <AnchorButton
          variant="minimal"
          href={entry.path}
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
export function SidebarMenu({ entries, collapsed, onNavigate }: SidebarMenuProps) {
  const t = useT();
  return (
    <nav aria-label={t('shell.main_menu')} style={{ flex: 1, overflowY: 'auto' }}>
      {collapsed ? (
        <ul style={{ padding: '8px 0', margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
          <CollapsedEntries entries={entries} onNavigate={onNavigate} />
        </ul>
      ) : (
        <Menu style={{ background: 'transparent' }}>
          <ExpandedEntries entries={entries} onNavigate={onNavigate} />
        </Menu>
      )}
    </nav>
  );
}
