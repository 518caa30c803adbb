import type { UserInfo } from '../../api/contracts/session.contract';
import type { CompanyPermission, Role, UserPermission } from '../../api/permissions/catalogue';
import { can, hasCompanyPermission } from '../../api/permissions/check';

/** Yes-or-no settings of the user info that open something on their own (`queue_report_status`: the queue report). */
export type UserInfoFlag = 'queue_report_status';

export interface AccessRule {
  permission?: UserPermission;
  companyPermission?: CompanyPermission;
  roles?: readonly Role[];
  /** A setting of the user info that must be on as well (whatever the role). */
  userInfoFlag?: UserInfoFlag;
}

/**
 * Whether the user may open a route or see its menu entry: the role must be listed (when roles are
 * given), the user info's flag on (when one is given), then the specification's permission checks
 * (section 6) through the shared `can`. A rule with only a company permission checks that alone. A rule
 * without constraints is open to everyone.
 */
export function canAccess(rule: AccessRule, userInfo: UserInfo | null): boolean {
  const constrained = rule.roles || rule.permission || rule.companyPermission || rule.userInfoFlag;
  if (!constrained) return true;
  if (!userInfo) return false;
  if (rule.roles && !rule.roles.includes(userInfo.role)) return false;
  if (rule.userInfoFlag && userInfo[rule.userInfoFlag] !== true) return false;
  if (rule.permission) return can(userInfo, rule.permission, rule.companyPermission);
  if (rule.companyPermission) return hasCompanyPermission(userInfo, rule.companyPermission);
  return true;
}
