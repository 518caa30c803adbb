import { can, type PermissionSubject } from '../permissions/check';
import { offers, type AccessRule, type AnyResourceContract, type ResourceOperation } from './resource-contract';

/**
 * A contract's access rule, checked the same way on both sides: the server refuses with 403, the
 * client hides the button. Roles first, then the permission check of specification §6.
 */
export function allows(subject: PermissionSubject | null | undefined, rule: AccessRule): boolean {
  if (!subject) return false;
  if (rule.roles && !rule.roles.includes(subject.role)) return false;
  if (rule.permission) return can(subject, rule.permission, rule.companyPermission);
  return true;
}

/** Whether the contract offers the operation (`operations`: a read-only entity has no add, edit or delete) and the subject may do it. */
export function canDo(subject: PermissionSubject | null | undefined, contract: AnyResourceContract, operation: ResourceOperation): boolean {
  return offers(contract, operation) && allows(subject, contract.access[operation]);
}
