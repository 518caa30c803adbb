import type { UserInfo } from '../../api/contracts/session.contract';
import type { Role } from '../../api/permissions/catalogue';

/** Roles that may open the inspector in a production build; the route entry uses the same list. */
export const INSPECTOR_ROLES: readonly Role[] = ['manager', 'admin'];

/**
 * Managers and admins, or anyone signed in to a development build (pass `import.meta.env.DEV`). Agents
 * in production do not see it: the context and event payloads, even sanitised, show customer numbers
 * and other agents' state, which is a manager's view.
 */
export function canOpenInspector(userInfo: Pick<UserInfo, 'role'> | null, isDev: boolean): boolean {
  if (!userInfo) return false;
  return isDev || INSPECTOR_ROLES.includes(userInfo.role);
}
