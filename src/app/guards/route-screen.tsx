import { useMemo } from 'react';
import type { RouteDef } from '../routes';
import { joinPath } from '../routes';
import { canAccess, type AccessRule } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';
import { NoPermission } from '../../ui/feedback/no-permission';
import { ScreenInfoContext, type ScreenInfo } from '../../ui/feedback/screen-info';
import { LazyScreen } from '../../ui/lazy/lazy-screen';

export interface RouteScreenProps {
  def: RouteDef;
  /** The route's absolute path (children's tabs are built from it). */
  fullPath: string;
  /** Rules of the enclosing routes, checked too: a child is never more open than its parent. */
  inherited?: readonly AccessRule[];
}

/** One route of the table: access check, then its lazily loaded screen, told who it is. */
export function RouteScreen({ def, fullPath, inherited = [] }: RouteScreenProps) {
  const userInfo = useUserInfo();
  const info = useMemo<ScreenInfo>(
    () => ({
      titleId: def.titleId,
      // Only the children this user may open: a tab that answers "No permission" is a dead end.
      tabs: (def.children ?? [])
        .filter((child) => canAccess(child, userInfo))
        .map((child) => ({ path: joinPath(fullPath, child.path), titleId: child.titleId })),
    }),
    [def, fullPath, userInfo],
  );
  const allowed = [...inherited, def].every((rule) => canAccess(rule, userInfo));
  if (!allowed) return <NoPermission />;
  return (
    <ScreenInfoContext value={info}>
      <LazyScreen load={def.screen} />
    </ScreenInfoContext>
  );
}
