import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { UserExtension } from '../../../../src/api/contracts/user-actions.contract';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { FieldValidationError, notFound } from '../../lib/errors';
import { raceError, uniqueViolationField } from './user-checks';
import { isLive } from './user-record';
import { inTransaction, type UsersDeps } from './users-deps';

/**
 * A company's extensions are the ones its live users hold (the PBX directory is built from the same
 * rows, services/telephony/company-directory.ts). An extension is named by its number.
 */

/** `users/extensions`: every live user with the extension they hold (or null), by extension then name. */
export async function listUserExtensions(scope: CompanyScope): Promise<UserExtension[]> {
  const rows = await scope.db
    .select({ id: users.id, name: users.name, username: users.username, role: users.role, status: users.status, extension: users.extension })
    .from(users)
    .where(scope.where(users, isLive))
    .orderBy(asc(users.extension), asc(users.name), asc(users.id));
  return rows.map((row) => ({
    user_id: row.id,
    name: row.name,
    username: row.username,
    role: row.role === 'manager' ? 'manager' : 'agent',
    status: row.status,
    extension: row.extension,
  }));
}

/** `users/used-extensions`: the numbers live users hold, sorted. */
export async function listUsedExtensions(scope: CompanyScope): Promise<string[]> {
  const rows = await scope.db
    .select({ extension: users.extension })
    .from(users)
    .where(scope.where(users, isLive, isNotNull(users.extension)))
    .orderBy(asc(users.extension));
  return rows.map((row) => row.extension).filter((e): e is string => e !== null);
}

export interface ExtensionAssignment {
  user_id: number;
  extension: string;
}

/** The extension every live user holds after the assignments; 422 when two would share one. */
function checkAssignments(current: Map<number, string | null>, assignments: readonly ExtensionAssignment[]): void {
  const after = new Map(current);
  for (const { user_id, extension } of assignments) after.set(user_id, extension);
  const errors: Record<string, ['validation.user_extension_taken']> = {};
  assignments.forEach(({ user_id, extension }, index) => {
    const clash = [...after].some(([userId, held]) => held === extension && userId !== user_id);
    if (clash) errors[`extensions.${index}.extension`] = ['validation.user_extension_taken'];
  });
  if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
}

/**
 * `users/save-extensions`: new extensions for several users in one transaction (so two may swap), then
 * the PBX reloads the directory. Users must be live users of the company (404 otherwise, as always).
 */
export async function saveUserExtensions(scope: CompanyScope, deps: UsersDeps, assignments: readonly ExtensionAssignment[]): Promise<void> {
  try {
    await inTransaction(scope, async (tx) => {
      const rows = await tx.findMany(users, isLive);
      const current = new Map(rows.map((row) => [row.id, row.extension]));
      if (assignments.some((a) => !current.has(a.user_id))) throw notFound();
      checkAssignments(current, assignments);
      const ids = assignments.map((a) => a.user_id);
      // Free the old numbers first: the unique index is checked per statement, and a swap would clash.
      await tx.update(users, { extension: null }, inArray(users.id, ids));
      const now = new Date();
      for (const { user_id, extension } of assignments) {
        await tx.update(users, { extension, updatedAt: now }, eq(users.id, user_id));
      }
    });
  } catch (error) {
    if (uniqueViolationField(error)) throw raceError('extension_id');
    throw error;
  }
  await deps.reloadDirectory(scope.companyId);
}

/** `users/show-agent-name(s)`: the live users' names by extension (extensions nobody holds are left out). */
export async function agentNamesByExtension(scope: CompanyScope, extensions: readonly string[]): Promise<Record<string, string>> {
  if (extensions.length === 0) return {};
  const rows = await scope.db
    .select({ extension: users.extension, name: users.name })
    .from(users)
    .where(scope.where(users, isLive, inArray(users.extension, [...new Set(extensions)])));
  return Object.fromEntries(rows.filter((row) => row.extension !== null).map((row) => [row.extension, row.name]));
}
