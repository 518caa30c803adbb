import { and, eq, ilike, inArray, isNull, like, or, type SQL } from 'drizzle-orm';
import { callbackContract, isOpenCallbackStatus, type Callback } from '../../../../src/api/contracts/callback.contract';
import { hasUserPermission } from '../../../../src/api/permissions/check';
import { isMobileNumber } from '../../../../src/api/contracts/member.contract';
import { callbacks, users, type CallbackRow } from '../../db/schema';
import type { CompanyScope } from '../../db/company-scope';
import { normalisePhoneNumber } from '../../lib/phone';
import { defineServerResource, type Caller } from '../../resources/resource-definition';
import { escapeLike } from '../members/member-search';
import { assertNoOtherOpen, openStatus } from './callback-writes';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

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
    auto_state: row.autoState,
    auto_attempts: row.autoAttempts,
    next_attempt_at: iso(row.nextAttemptAt),
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
 * Which callbacks the caller sees (docs/calls.md): managers all of them; agents with `callback_share`
 * every open callback of the company plus those assigned to them; other agents only those assigned to
 * them. Everything else answers 404, exactly like another company's callback.
 */
export function callbackVisibility(caller: Caller): SQL | undefined {
  if (caller.role === 'manager') return undefined;
  const mine = eq(callbacks.assignedUserId, caller.userId);
  return hasUserPermission(caller, 'callback_share') ? or(mine, openStatus()) : mine;
}

/**
 * Callbacks on the server, registered by registerResourceRoutes like any resource: the caller's
 * visibility, the `assignment` filter ("mine") and the stamps of a callback added by hand come from here;
 * assign, status and assignees are the entity's own routes (callback-actions.routes.ts), registered beside.
 */
export const callbackResource = defineServerResource({
  contract: callbackContract,
  table: callbacks,
  toRecord: callbackRecord,
  toValues: (input) => ({ phoneNumber: normalisePhoneNumber(input.phone_number), note: input.note }),
  // Added by hand; an agent's own goes to them, so they see it whatever their permissions.
  stampOnCreate: (caller) => ({ status: 'open' as const, source: 'manual' as const, attempts: 0, assignedUserId: caller.role === 'agent' ? caller.userId : null }),
  validate: async (scope, values, existing) => {
    if (values.phoneNumber === undefined) return;
    if (!existing || isOpenCallbackStatus(existing.status)) await assertNoOtherOpen(scope, values.phoneNumber, 'phone_number', existing?.id);
  },
  uniqueViolation: { field: 'phone_number', messageId: 'validation.callback_open_exists' },
  visibility: callbackVisibility,
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
    assignment: (value, caller) => {
      if (value === 'mine' && caller) return eq(callbacks.assignedUserId, caller.userId);
      if (value === 'unassigned') return isNull(callbacks.assignedUserId);
      return undefined;
    },
  },
});
