import { randomUUID } from 'node:crypto';
import { count, eq, inArray, isNull } from 'drizzle-orm';
import { OPEN_CALLBACK_STATUSES } from '../../../../src/api/contracts/callback.contract';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { callbacks, users } from '../../db/schema';
import { normalisePhoneNumber } from '../../lib/phone';
import { callbackForMissedCall } from '../call-log/missed-call-callback';
import { scheduleAutoCallback } from '../callbacks/auto-callback-rules';
import { liveRouting } from './routing-apply';

/**
 * A caller the routing sent to a callback group (docs/routing.md): a callback request for their number,
 * one open per number as missed queue calls make them (docs/calls.md), with the group's number as its
 * queue, and given to the group's agent with the fewest open callbacks when nobody has it yet; the system
 * then calls it back itself after the group's delay (docs/calls.md "Automatic callbacks"). A number
 * that cannot be dialled back (a withheld or odd caller id) leaves none.
 */
export async function leaveCallbackRequest(db: Database, companyId: number, call: { from: string; group: string; at: Date }): Promise<void> {
  const caller = normalisePhoneNumber(call.from);
  if (!/^\d+$/.test(caller)) return;
  await callbackForMissedCall(db, companyId, { phoneNumber: caller, uniqueid: `route-${randomUUID()}`, queue: call.group, at: call.at });
  const scope = new CompanyScope(db, companyId);
  await assignToGroup(scope, caller, call.group);
  await scheduleAutoCallback(scope, caller, call.group);
}

async function assignToGroup(scope: CompanyScope, phoneNumber: string, group: string): Promise<void> {
  const members = (await liveRouting(scope))?.callbackGroups.find((g) => g.number === group)?.members ?? [];
  if (members.length === 0) return;
  const agents = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, inArray(users.extension, members), isNull(users.deletedAt), eq(users.status, 'active')));
  if (agents.length === 0) return;
  const load = await scope.db
    .select({ userId: callbacks.assignedUserId, open: count() })
    .from(callbacks)
    .where(scope.where(callbacks, inArray(callbacks.assignedUserId, agents.map((a) => a.id)), inArray(callbacks.status, [...OPEN_CALLBACK_STATUSES])))
    .groupBy(callbacks.assignedUserId);
  const openOf = (id: number) => load.find((row) => row.userId === id)?.open ?? 0;
  const chosen = [...agents].sort((a, b) => openOf(a.id) - openOf(b.id) || a.id - b.id)[0]!;
  await scope.db
    .update(callbacks)
    .set({ assignedUserId: chosen.id, updatedAt: new Date() })
    .where(scope.where(callbacks, eq(callbacks.phoneNumber, phoneNumber), inArray(callbacks.status, [...OPEN_CALLBACK_STATUSES]), isNull(callbacks.assignedUserId)));
}
