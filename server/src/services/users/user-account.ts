import { eq } from 'drizzle-orm';
import type { ResetPasswordResponse, UserPermissions } from '../../../../src/api/contracts/user-actions.contract';
import type { User, UserStatus } from '../../../../src/api/contracts/user.contract';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { clearLoginFailures, usernameSubject } from '../session/login-throttle';
import { generateTemporaryPassword } from './temporary-password';
import { refuseSelf } from './user-checks';
import { findLiveUser, toUserRecord } from './user-record';
import { inTransaction, type UsersDeps } from './users-deps';

async function updateLiveUser(scope: CompanyScope, id: number, changes: Partial<typeof users.$inferInsert>) {
  return inTransaction(scope, async (tx) => {
    await findLiveUser(tx, id);
    await tx.update(users, { ...changes, updatedAt: new Date() }, eq(users.id, id));
    return findLiveUser(tx, id);
  });
}

/** `users/update-status`: an inactive user cannot sign in, and their open sessions end at once. */
export async function updateUserStatus(scope: CompanyScope, deps: UsersDeps, actorId: number, id: number, status: UserStatus): Promise<User> {
  if (status === 'inactive') refuseSelf(actorId, id);
  const row = await updateLiveUser(scope, id, { status });
  if (status === 'inactive') await deps.endSessions(id);
  return toUserRecord(row);
}

/** `users/update-queue-report-status`. */
export async function updateQueueReportStatus(scope: CompanyScope, id: number, enabled: boolean): Promise<User> {
  return toUserRecord(await updateLiveUser(scope, id, { queueReportStatus: enabled }));
}

/**
 * `users/reset-password`: the given password, or a generated temporary one answered once (only its
 * hash is kept). Either way the user's sessions end and their failed sign-ins are forgotten, so a
 * locked-out user can sign in with the new password at once.
 */
export async function resetUserPassword(
  scope: CompanyScope,
  deps: UsersDeps,
  actorId: number,
  id: number,
  chosen: string | undefined,
): Promise<ResetPasswordResponse> {
  refuseSelf(actorId, id);
  const user = await findLiveUser(scope, id);
  const password = chosen ?? generateTemporaryPassword();
  const passwordHash = await deps.passwords.hash(password);
  await updateLiveUser(scope, id, { passwordHash });
  await clearLoginFailures(scope.db, usernameSubject(user.username));
  await deps.endSessions(id);
  return { result: 'success', temporary_password: chosen === undefined ? password : null };
}

function permissionsOf(row: Awaited<ReturnType<typeof findLiveUser>>): UserPermissions {
  const record = toUserRecord(row);
  return { id: record.id, name: record.name, username: record.username, role: record.role, permissions: record.permissions };
}

/** `users/view-permission`. */
export async function viewUserPermissions(scope: CompanyScope, id: number): Promise<UserPermissions> {
  return permissionsOf(await findLiveUser(scope, id));
}

/**
 * `users/update-permission`: the complete list replaces the old one. Requests read permissions from the
 * database each time, so the change applies to the user's next request without signing in again.
 */
export async function updateUserPermissions(scope: CompanyScope, id: number, permissions: readonly string[]): Promise<UserPermissions> {
  return permissionsOf(await updateLiveUser(scope, id, { permissions: [...new Set(permissions)] }));
}
