import { Navigate } from 'react-router-dom';
import { defaultChildPath, type RouteDef } from '../routes';
import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';

/** A section's bare path (`/consultations`) opens the first of its children this user may open. */
export function SectionIndex({ def }: { def: RouteDef }) {
  const userInfo = useUserInfo();
  const target = defaultChildPath(def, (child) => canAccess(child, userInfo));
  return target ? <Navigate to={target} replace /> : null;
}
