import type { UserInfo } from '../../api/contracts/session.contract';
import { hasCompanyPermission, hasUserPermission } from '../../api/permissions/check';

/**
 * Where a user lands (specification section 2). Pure functions: the session machine calls
 * redirectAfterLogin after every successful login, the router calls homeForSignedIn on /login.
 * They live beside the machine because machines may not import the layers above; the router and the
 * route guards import them from here.
 */

export const LOGIN_PATH = '/login';
export const ADMIN_HOME = '/admin/dashboard';
export const DASHBOARD = '/dashboard';
export const CONSULTATIONS = '/consultations/consultations';
export const ANNOUNCEMENTS = '/dashboard/announcements';

/** The rules apply in this order; the first that matches wins. */
export function redirectAfterLogin(userInfo: UserInfo): string {
  if (userInfo.role === 'admin') return ADMIN_HOME;
  const companyHasDashboard = hasCompanyPermission(userInfo, 'company_can_use_dashboard');
  const agentWithoutDashboard = userInfo.role === 'agent' && !hasUserPermission(userInfo, 'dashboard');
  if (!companyHasDashboard || agentWithoutDashboard) return CONSULTATIONS;
  // The literal username "user" is the legacy shared demo account; it starts on the announcements.
  if (userInfo.user.username === 'user') return ANNOUNCEMENTS;
  return DASHBOARD;
}

/** A signed-in user who opens /login. */
export function homeForSignedIn(userInfo: UserInfo): string {
  return userInfo.role === 'admin' ? ADMIN_HOME : DASHBOARD;
}
