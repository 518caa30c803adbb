import { and, eq, ilike, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import { callbackContract, OPEN_CALLBACK_STATUSES, type Callback } from '../../../../src/api/contracts/callback.contract';
import { isMobileNumber } from '../../../../src/api/contracts/member.contract';
import { callbacks, users, type CallbackRow } from '../../db/schema';
import type { CompanyScope } from '../../db/company-scope';
import { normalisePhoneNumber } from '../../lib/phone';
import { defineServerResource } from '../../resources/resource-definition';
import { escapeLike } from '../members/member-search';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const openStatus = () => inArray(callbacks.status, [...OPEN_CALLBACK_STATUSES]);

/** Row → record; `assigned_user_name` is filled by `withAssigneeNames` (one query per page). */
export function callbackRecord(row: CallbackRow): Callback {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    is_mobile: isMobileNumber(row.phoneNumber),
    status: row.status,
    assigned_user_id: row.assignedUserId,
    assigned_user_name: null,
    attempts: row.attempts,
    last_call_at: row.lastCallAt.toISOString(),
    last_uniqueid: row.lastUniqueid,
    queue: row.queue,
    source: row.source,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    closed_at: iso(row.closedAt),
  };
}

/** Fills in the assignees' names (users of the same company only). */
export async function withAssigneeNames(scope: CompanyScope, records: Callback[]): Promise<Callback[]> {
  const ids = [...new Set(records.map((r) => r.assigned_user_id).filter((id): id is number => id !== null))];
  if (ids.length === 0) return records;
  const rows = await scope.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, scope.companyId), inArray(users.id, ids)));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return records.map((r) => ({ ...r, assigned_user_name: r.assigned_user_id === null ? null : (names.get(r.assigned_user_id) ?? null) }));
}

function callbackSearch(term: string): SQL | undefined {
  const byNote = ilike(callbacks.note, `%${escapeLike(term)}%`);
  const digits = /\d/.test(term) ? normalisePhoneNumber(term) : '';
  return digits ? or(byNote, like(callbacks.phoneNumber, `%${escapeLike(digits)}%`)) : byNote;
}

/**
 * Callbacks on the server. Routes are hand-registered (callbacks.routes.ts) rather than by
 * registerResourceRoutes, because which rows a caller sees depends on who they are (callback_share),
 * on every route; the list still goes through ResourceRepository with that condition added.
 */
export const callbackResource = defineServerResource({
  contract: callbackContract,
  table: callbacks,
  toRecord: callbackRecord,
  toValues: (input) => ({ phoneNumber: normalisePhoneNumber(input.phone_number), note: input.note }),
  sortColumns: {
    last_call_at: callbacks.lastCallAt,
    attempts: callbacks.attempts,
    status: callbacks.status,
    phone_number: callbacks.phoneNumber,
    created_at: callbacks.createdAt,
    id: callbacks.id,
  },
  search: callbackSearch,
  enrich: withAssigneeNames,
  filters: {
    status: (status) => (status === 'active' ? openStatus() : eq(callbacks.status, status)),
    // Needs the caller: applied by the list route (see callbackAssignment).
    assignment: () => undefined,
  },
});

/** The `assignment` filter for this caller. */
export function callbackAssignment(value: unknown, userId: number): SQL | undefined {
  if (value === 'mine') return eq(callbacks.assignedUserId, userId);
  if (value === 'unassigned') return isNull(callbacks.assignedUserId);
  return undefined;
}
