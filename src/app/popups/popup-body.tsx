import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';
import { NoPermission } from '../../ui/feedback/no-permission';
import { LazyScreen } from '../../ui/lazy/lazy-screen';
import type { PopupDef } from './registry';

/**
 * A pop-up's screen behind its access rule, the same check as the routes' (a manager-only form opened
 * by its address as an agent says "No permission" instead of failing on save). Window and dialog alike.
 */
export function PopupBody({ def }: { def: PopupDef }) {
  const userInfo = useUserInfo();
  if (def.access && !canAccess(def.access, userInfo)) return <NoPermission />;
  return <LazyScreen load={def.screen} />;
}
