import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { normalisePhoneNumber } from '../../lib/phone';
import { callbackForMissedCall } from '../call-log/missed-call-callback';

/**
 * A caller the routing sent to a callback group (docs/routing.md): a callback request for their number,
 * one open per number as missed queue calls make them (docs/calls.md), with the group's number as its
 * queue. A number that cannot be dialled back (a withheld or odd caller id) leaves none.
 */
export async function leaveCallbackRequest(db: Database, companyId: number, call: { from: string; group: string; at: Date }): Promise<void> {
  const caller = normalisePhoneNumber(call.from);
  if (!/^\d+$/.test(caller)) return;
  await callbackForMissedCall(db, companyId, { phoneNumber: caller, uniqueid: `route-${randomUUID()}`, queue: call.group, at: call.at });
}
