import type { CompanyPermission, Role, UserPermission } from './catalogue';

/** The part of the user info the checks read; the server builds the same shape from its database. */
export interface PermissionSubject {
  role: Role;
  permissions: readonly string[];
  companyPermissions: readonly string[];
}

/** User check (specification section 6): a manager passes; otherwise the permission must be listed. */
export function hasUserPermission(subject: PermissionSubject | null | undefined, permission: UserPermission): boolean {
  if (!subject) return false;
  return subject.role === 'manager' || subject.permissions.includes(permission);
}

/** Company check: the permission must be in companyPermissions. */
export function hasCompanyPermission(
  subject: PermissionSubject | null | undefined,
  permission: CompanyPermission,
): boolean {
  if (!subject) return false;
  return subject.companyPermissions.includes(permission);
}

/**
 * Combined check: with a company permission both checks must pass, otherwise only the user check.
 * No user info fails.
 */
export function can(
  subject: PermissionSubject | null | undefined,
  permission: UserPermission,
  companyPermission?: CompanyPermission,
): boolean {
  if (!subject) return false;
  if (companyPermission && !hasCompanyPermission(subject, companyPermission)) return false;
  return hasUserPermission(subject, permission);
}
