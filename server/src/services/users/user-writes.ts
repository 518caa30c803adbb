import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { User, userInputSchema, userStoreSchema } from '../../../../src/api/contracts/user.contract';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { extensionConflict, raceError, refuseIfAny, refuseSelf, uniqueViolationField, usernameConflict } from './user-checks';
import { avatarProblems, checkAvatar, storeAvatar, type AvatarUpload } from './user-avatars';
import { findLiveUser, toUserRecord } from './user-record';
import { inTransaction, type UsersDeps } from './users-deps';

export type UserEditValues = z.output<typeof userInputSchema>;
export type UserStoreValues = z.output<typeof userStoreSchema>;

/** Form fields → columns; the same for store and update. */
export function columnsOf(input: UserEditValues) {
  return {
    name: input.name,
    role: input.role,
    departmentId: input.department_id,
    extension: input.extension_id,
    mobile: input.mobile,
    landline: input.landline,
    scheduleTimeIn: input.schedule_time_in,
    scheduleTimeOut: input.schedule_time_out,
  };
}

/** A unique-index race (two managers saving at once) still answers 422 under the right field. */
async function mappingRaces<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    const field = uniqueViolationField(error);
    throw field ? raceError(field) : error;
  }
}

/**
 * `users/store`, with the uploaded photo's bytes if one was sent. New users start without permissions:
 * the manager grants them in the permission editor (least privilege; docs/users.md). A taken username,
 * a taken extension and a refused photo are answered together in one 422.
 */
export async function createUser(scope: CompanyScope, deps: UsersDeps, input: UserStoreValues, photo: Buffer | null): Promise<User> {
  // argon2 is slow and PGlite has one connection: hash before the transaction.
  const passwordHash = await deps.passwords.hash(input.password);
  const row = await mappingRaces(() =>
    inTransaction(scope, async (tx) => {
      refuseIfAny(await usernameConflict(tx, input.username), await extensionConflict(tx, input.extension_id), photo ? avatarProblems(photo) : {});
      const [created] = await tx.insert(users, { ...columnsOf(input), username: input.username, passwordHash, permissions: [] });
      if (!created) throw new Error('user not inserted');
      if (photo) await storeAvatar(tx, created.id, checkAvatar(photo));
      return findLiveUser(tx, created.id);
    }),
  );
  await deps.reloadDirectory(scope.companyId);
  return toUserRecord(row);
}

/** `users/update`: everything but the username (unique forever) and the password (reset-password). */
export async function updateUser(scope: CompanyScope, deps: UsersDeps, actorId: number, id: number, input: UserEditValues): Promise<User> {
  const { row, directoryChanged } = await mappingRaces(() =>
    inTransaction(scope, async (tx) => {
      const before = await findLiveUser(tx, id);
      if (input.role !== before.role) refuseSelf(actorId, id);
      refuseIfAny(await extensionConflict(tx, input.extension_id, id));
      await tx.update(users, { ...columnsOf(input), updatedAt: new Date() }, eq(users.id, id));
      // The PBX directory lists extensions with their holders' names.
      return { row: await findLiveUser(tx, id), directoryChanged: before.extension !== input.extension_id || before.name !== input.name };
    }),
  );
  if (directoryChanged) await deps.reloadDirectory(scope.companyId);
  return toUserRecord(row);
}

/**
 * `users/destroy`: a soft delete. The row stays so the username can never be used again (§5), the
 * user's sessions end at once and their extension leaves the PBX directory.
 */
export async function destroyUser(scope: CompanyScope, deps: UsersDeps, actorId: number, id: number): Promise<void> {
  refuseSelf(actorId, id);
  await inTransaction(scope, async (tx) => {
    await findLiveUser(tx, id);
    const now = new Date();
    await tx.update(users, { deletedAt: now, updatedAt: now }, eq(users.id, id));
  });
  await deps.endSessions(id);
  await deps.reloadDirectory(scope.companyId);
}

/** `users/update-avatar`: a new photo for a live user. */
export async function replaceAvatar(scope: CompanyScope, id: number, avatar: AvatarUpload): Promise<User> {
  const row = await inTransaction(scope, async (tx) => {
    await findLiveUser(tx, id);
    await storeAvatar(tx, id, avatar);
    return findLiveUser(tx, id);
  });
  return toUserRecord(row);
}
