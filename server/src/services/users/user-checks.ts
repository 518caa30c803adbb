import { eq, ne, sql } from 'drizzle-orm';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { FieldValidationError, HttpError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import { isLive } from './user-record';

/** Field → message ids of a 422 (CONTRACT §3), as the checks below answer them. */
export type FieldErrors = Record<string, MessageId[]>;

/**
 * Usernames are unique forever and across companies (they sign in without a company). Case is ignored,
 * so "Agent1" cannot pose as "agent1". A name that belonged to a deleted user of the caller's own company
 * gets its own message (§5: the manager was warned when deleting); any other clash says "taken", so a
 * manager learns nothing about other companies' deleted users.
 */
export async function usernameConflict(scope: CompanyScope, username: string): Promise<FieldErrors> {
  const [holder] = await scope.db
    .select({ companyId: users.companyId, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  if (!holder) return {};
  const deletedHere = holder.deletedAt !== null && holder.companyId === scope.companyId;
  return { username: [deletedHere ? 'validation.user_username_deleted' : 'validation.user_username_taken'] };
}

/** One live user per extension within a company (the database's partial unique index says the same). */
export async function extensionConflict(scope: CompanyScope, extension: string | null, exceptUserId?: number): Promise<FieldErrors> {
  if (extension === null) return {};
  const [holder] = await scope.findMany(users, eq(users.extension, extension), isLive, exceptUserId ? ne(users.id, exceptUserId) : undefined);
  return holder ? { extension_id: ['validation.user_extension_taken'] } : {};
}

/**
 * One 422 naming every field that failed its check, so the form shows a taken username and a taken
 * extension (and a refused photo) at once rather than one per attempt.
 */
export function refuseIfAny(...checks: readonly FieldErrors[]): void {
  const errors: FieldErrors = {};
  for (const check of checks) {
    for (const [field, ids] of Object.entries(check)) errors[field] = [...(errors[field] ?? []), ...ids];
  }
  if (Object.keys(errors).length > 0) throw new FieldValidationError(errors);
}

/**
 * A manager cannot delete, deactivate or demote themselves, nor reset their own password here (that
 * is my-account's change-password, which asks for the current one): it would lock them out.
 */
export function refuseSelf(actorId: number, targetId: number): void {
  if (actorId === targetId) throw new HttpError(403, 'errors.user_self_change');
}

/** Which field a unique-index race hit; the checks above normally answer first. */
export function uniqueViolationField(error: unknown): 'username' | 'extension_id' | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === 'users_company_extension_unique' ? 'extension_id' : 'username';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const raceError = (field: 'username' | 'extension_id') =>
  new FieldValidationError({ [field]: [field === 'username' ? 'validation.user_username_taken' : 'validation.user_extension_taken'] });

