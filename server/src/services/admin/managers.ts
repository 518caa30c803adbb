import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Manager, managerStoreSchema } from '../../../../src/api/contracts/management.contract';
import type { ResetPasswordResponse } from '../../../../src/api/contracts/user-actions.contract';
import type { UserStatus } from '../../../../src/api/contracts/user.contract';
import { companyScope } from '../../db/company-scope';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { resetUserPassword, updateUserStatus } from '../users/user-account';
import { raceError, refuseIfAny, uniqueViolationField, usernameConflict } from '../users/user-checks';
import { findLiveUser } from '../users/user-record';
import { destroyUser } from '../users/user-writes';
import { inTransaction, type UsersDeps } from '../users/users-deps';
import { findLiveCompany, findManager, toManager } from './company-users';

/**
 * `management/manager` writes (docs/administration.md): the platform administrator manages any
 * company's managers through the users service, in the manager's own company scope, so hashing,
 * username uniqueness (forever, across companies), deactivation and deletion (their sessions end at
 * once) are the same code the company's own managers use for their users.
 */

export type ManagerStoreValues = z.output<typeof managerStoreSchema>;

/** A new manager of a live company: no extension or department yet, every user permission by role. */
export async function createManager(db: Database, deps: UsersDeps, input: ManagerStoreValues): Promise<Manager> {
  const company = await findLiveCompany(db, input.company_id);
  if (!company) throw fieldError('company_id', 'validation.management_company_unknown');
  // argon2 is slow and PGlite has one connection: hash before the transaction.
  const passwordHash = await deps.passwords.hash(input.password);
  const scope = companyScope(db, company.id);
  try {
    const id = await inTransaction(scope, async (tx) => {
      refuseIfAny(await usernameConflict(tx, input.username));
      const [created] = await tx.insert(users, { role: 'manager', name: input.name, username: input.username, passwordHash, permissions: [], queueReportStatus: true });
      if (!created) throw new Error('manager not inserted');
      return created.id;
    });
    return toManager((await findManager(db, id)).row);
  } catch (error) {
    const field = uniqueViolationField(error);
    throw field ? raceError(field) : error;
  }
}

/** Only the name changes: the company and the username are fixed once stored. */
export async function renameManager(db: Database, id: number, name: string): Promise<Manager> {
  const { scope } = await findManager(db, id);
  await inTransaction(scope, async (tx) => {
    await findLiveUser(tx, id);
    await tx.update(users, { name, updatedAt: new Date() }, eq(users.id, id));
  });
  return toManager((await findManager(db, id)).row);
}

/** Deactivating ends the manager's sessions at once (users service). */
export async function setManagerStatus(db: Database, deps: UsersDeps, adminId: number, id: number, status: UserStatus): Promise<Manager> {
  const { scope } = await findManager(db, id);
  await updateUserStatus(scope, deps, adminId, id, status);
  return toManager((await findManager(db, id)).row);
}

/** The typed password, or a generated one answered once; the manager's sessions end. */
export async function resetManagerPassword(db: Database, deps: UsersDeps, adminId: number, id: number, password: string | undefined): Promise<ResetPasswordResponse> {
  const { scope } = await findManager(db, id);
  return resetUserPassword(scope, deps, adminId, id, password);
}

/** Soft delete: the username can never be used again (§5), the sessions end. */
export async function deleteManager(db: Database, deps: UsersDeps, adminId: number, id: number): Promise<void> {
  const { scope } = await findManager(db, id);
  await destroyUser(scope, deps, adminId, id);
}
