import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { isOpenCallbackStatus, type CallbackStatus } from '../../../../src/api/contracts/callback.contract';
import type { CompanyScope } from '../../db/company-scope';
import { callbacks, users, type CallbackRow } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { isUniqueViolation } from '../../resources/db-errors';
import { OPEN_CALLBACK_STATUSES } from '../../../../src/api/contracts/callback.contract';

/**
 * Writes that keep "one open callback per number" (the partial unique index enforces it; these checks
 * turn it into a 422 under the field that caused it, also when two requests race).
 */

async function inTransaction<R>(scope: CompanyScope, field: string, work: (scope: CompanyScope) => Promise<R>): Promise<R> {
  try {
    return await scope.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(field, 'validation.callback_open_exists');
    throw error;
  }
}

export const openStatus = () => inArray(callbacks.status, [...OPEN_CALLBACK_STATUSES]);

/** One open callback per number: the partial unique index enforces it, this says it under the field. */
export async function assertNoOtherOpen(scope: CompanyScope, phoneNumber: string, field: string, exceptId?: number): Promise<void> {
  const others = await scope.findMany(callbacks, eq(callbacks.phoneNumber, phoneNumber), openStatus(), exceptId ? ne(callbacks.id, exceptId) : undefined);
  if (others.length > 0) throw fieldError(field, 'validation.callback_open_exists');
}

export function setCallbackStatus(scope: CompanyScope, row: CallbackRow, status: CallbackStatus): Promise<CallbackRow> {
  return inTransaction(scope, 'status', async (tx) => {
    const reopening = isOpenCallbackStatus(status) && !isOpenCallbackStatus(row.status);
    if (reopening) await assertNoOtherOpen(tx, row.phoneNumber, 'status', row.id);
    const closedAt = isOpenCallbackStatus(status) ? null : (row.closedAt ?? new Date());
    const [updated] = await tx.update(callbacks, { status, closedAt, updatedAt: new Date() }, eq(callbacks.id, row.id));
    return updated!;
  });
}

/** Assigns to a live user of the same company (agent or manager), or unassigns with null. */
export async function assignCallback(scope: CompanyScope, row: CallbackRow, userId: number | null): Promise<CallbackRow> {
  if (userId !== null) {
    const [user] = await scope.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, scope.companyId), isNull(users.deletedAt), inArray(users.role, ['manager', 'agent'])))
      .limit(1);
    if (!user) throw fieldError('user_id', 'validation.callback_assignee_unknown');
  }
  const [updated] = await scope.update(callbacks, { assignedUserId: userId, updatedAt: new Date() }, eq(callbacks.id, row.id));
  return updated!;
}
