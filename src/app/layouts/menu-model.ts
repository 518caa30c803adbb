import type { IconName } from '@blueprintjs/icons';
import type { UserInfo } from '../../api/contracts/session.contract';
import type { MessageId } from '../../i18n/message-ids';
import { canAccess } from '../../shell/session/route-access';
import { ADMIN_ROUTES, APP_ROUTES, joinPath, type RouteDef } from '../routes';

export interface MenuEntry {
  /** Absolute path; also the entry's key. */
  path: string;
  labelId: MessageId;
  icon: IconName;
  children: MenuEntry[];
}

/**
 * The sidebar menu, derived from the route table: every route with `menu` the user may open, nested
 * under its parent's entry; children of a route without `menu` move up a level (consultations and
 * callbacks are top-level entries although their routes sit under /consultations).
 */
export function buildMenu(defs: readonly RouteDef[], userInfo: UserInfo | null, parentPath = ''): MenuEntry[] {
  return defs.flatMap((def) => {
    if (def.index || !canAccess(def, userInfo)) return [];
    const path = parentPath ? joinPath(parentPath, def.path) : def.path;
    const children = buildMenu(def.children ?? [], userInfo, path);
    if (!def.menu) return children;
    return [{ path, labelId: def.menu.labelId, icon: def.menu.icon, children }];
  });
}

/** An admin sees the admin menu, everyone else the agent and manager menu. */
export function menuFor(userInfo: UserInfo | null): MenuEntry[] {
  if (!userInfo) return [];
  return buildMenu(userInfo.role === 'admin' ? ADMIN_ROUTES : APP_ROUTES, userInfo);
}

/** The entry whose path is the longest prefix of the current path is the active one. */
export function isActivePath(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
